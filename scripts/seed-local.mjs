// Loads the demo shops into the local D1 database and R2 bucket that `wrangler dev` uses
// (.wrangler/state). Safe to run again: existing rows are left as they are.
import { build } from "esbuild";
import { mkdir } from "node:fs/promises";
import { getPlatformProxy } from "wrangler";

await mkdir(".cache", { recursive: true });
await build({
  entryPoints: ["functions/seed/demo.ts"],
  bundle: true,
  format: "esm",
  platform: "neutral",
  outfile: ".cache/seed.mjs",
  logLevel: "warning",
});
await build({
  entryPoints: ["functions/share-image.ts", "app/shared/share-image.ts"],
  bundle: true,
  format: "esm",
  platform: "node",
  outdir: ".cache/share",
  logLevel: "warning",
  alias: { "~": "./app" },
});
const { demoSeed, applySeed } = await import(`${process.cwd()}/.cache/seed.mjs`);
const { shareJpeg } = await import(`${process.cwd()}/.cache/share/functions/share-image.js`);
const { shareKey, parseShareKey } = await import(`${process.cwd()}/.cache/share/app/shared/share-image.js`);

/**
 * The demo's pictures are SVG, which the Worker cannot rasterise in a request (decision 072):
 * their 300×300 sharing images are made here, once, with resvg, and stored where the Worker
 * looks for them — product pictures on white, each shop's logo on its colour.
 */
async function renderShareImages(env, seed) {
  const { Resvg } = await import("@resvg/resvg-js");
  const { results: logos } = await env.DB.prepare("SELECT logo, mcolor FROM shops WHERE logo IS NOT NULL").all();
  const wanted = [
    ...seed.files.filter((f) => f.contentType === "image/svg+xml").map((f) => [f, shareKey(f.key)]),
    ...logos.flatMap(({ logo, mcolor }) => {
      const file = seed.files.find((f) => f.key === logo);
      return file ? [[file, shareKey(logo, mcolor ?? "ffffff")]] : [];
    }),
  ];
  let made = 0;
  // A few at a time: each head and put is a round trip to the local storage.
  const queue = [...wanted];
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const [file, key] = next;
      if (await env.FILES.head(key)) continue;
      const rendered = new Resvg(file.body, {
        fitTo: { mode: "width", value: 300 },
        font: { loadSystemFonts: true, defaultFontFamily: "Noto Sans CJK KR" },
      }).render();
      const img = { width: rendered.width, height: rendered.height, data: new Uint8Array(rendered.pixels) };
      await env.FILES.put(key, shareJpeg(img, parseShareKey(key).background), {
        httpMetadata: { contentType: "image/jpeg" },
      });
      made++;
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return made;
}

/** Beauty's products that get a photo: its home's first cards and the product the benchmarks open. */
const PHOTO_PRODUCTS = ["b0001", "b0002", "b0003", "b0017"];
const PHOTO_SIZE = 1200;

/** A studio shot of a bottle on a soft backdrop, with the grain of a camera (no two alike). */
function photoSvg(hue, n) {
  const h2 = (hue + 140 + n * 37) % 360;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${PHOTO_SIZE}" height="${PHOTO_SIZE}" viewBox="0 0 1200 1200">
<defs>
<radialGradient id="bg" cx="50%" cy="30%" r="85%"><stop offset="0" stop-color="hsl(${hue},55%,93%)"/><stop offset="1" stop-color="hsl(${hue},30%,58%)"/></radialGradient>
<linearGradient id="glass" x1="0" x2="1"><stop offset="0" stop-color="hsl(${h2},50%,30%)"/><stop offset=".42" stop-color="hsl(${h2},65%,64%)"/><stop offset="1" stop-color="hsl(${h2},50%,26%)"/></linearGradient>
<filter id="blur"><feGaussianBlur stdDeviation="28"/></filter>
<filter id="grain" x="0" y="0" width="100%" height="100%"><feTurbulence type="fractalNoise" baseFrequency="0.85" numOctaves="3" seed="${n + 1}"/><feColorMatrix type="saturate" values="0"/></filter>
</defs>
<rect width="1200" height="1200" fill="url(#bg)"/>
<ellipse cx="${600 + n * 12}" cy="1020" rx="340" ry="58" fill="#000" opacity=".28" filter="url(#blur)"/>
<rect x="${420 + n * 10}" y="${320 + n * 14}" width="360" height="${690 - n * 14}" rx="80" fill="url(#glass)"/>
<rect x="${505 + n * 10}" y="${190 + n * 14}" width="190" height="160" rx="26" fill="hsl(${h2},25%,18%)"/>
<rect x="${465 + n * 10}" y="${380 + n * 14}" width="42" height="${560 - n * 14}" rx="21" fill="#fff" opacity=".38"/>
<rect width="1200" height="1200" filter="url(#grain)" opacity=".16"/>
</svg>`;
}

/**
 * A few real raster photos (issue 15), made here so the demo is measured on real bytes: JPEGs of
 * 1200×1200 in place of some SVG pictures, which pages then offer in derived sizes.
 */
async function makeDemoPhotos(env) {
  const { Resvg } = await import("@resvg/resvg-js");
  const { encode } = await import("jpeg-js");
  let made = 0;
  for (const [n, sid] of PHOTO_PRODUCTS.entries()) {
    const key = `shops/beauty/p/${sid}-photo.jpg`;
    if (!(await env.FILES.head(key))) {
      const rendered = new Resvg(photoSvg((n * 53 + 330) % 360, n)).render();
      const jpeg = encode({ width: rendered.width, height: rendered.height, data: rendered.pixels }, 85).data;
      // A plain Uint8Array: the platform proxy cannot pass Node's Buffer.
      await env.FILES.put(key, Uint8Array.from(jpeg), { httpMetadata: { contentType: "image/jpeg" } });
      made++;
    }
    await env.DB.batch([
      env.DB.prepare("UPDATE products SET image = ?1 WHERE sid = ?2 AND image IS NOT ?1").bind(key, sid),
      env.DB.prepare(
        `UPDATE product_images SET image = ?1 WHERE sort = 0 AND image IS NOT ?1
         AND product_id = (SELECT id FROM products WHERE sid = ?2)`,
      ).bind(key, sid),
    ]);
  }
  return made;
}

// `--persist-to DIR` matches wrangler's flag of that name (wrangler keeps its state in DIR/v3).
const at = process.argv.indexOf("--persist-to");
const persist = at > 0 ? { path: `${process.argv[at + 1]}/v3` } : true;
const { env, dispose } = await getPlatformProxy({ persist });
try {
  const seed = demoSeed();
  await applySeed(env.DB, env.FILES, seed);
  const photos = await makeDemoPhotos(env);
  const shared = process.argv.includes("--no-share-images") ? 0 : await renderShareImages(env, seed);
  const { n } = await env.DB.prepare("SELECT COUNT(*) AS n FROM shops").first();
  console.log(
    `Seeded the demo: ${n} shops, ${seed.files.length} images, ${photos} photos and ${shared} sharing images made.`,
  );
} finally {
  await dispose();
}
