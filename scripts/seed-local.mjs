// Loads the demo shops into the local D1 database and R2 bucket that `wrangler dev` uses
// (.wrangler/state). Safe to run again: existing rows are left as they are.
import { build, stop as stopEsbuild } from "esbuild";
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { getPlatformProxy, unstable_readConfig } from "wrangler";
import { LOCAL_PAYMENT_KEYS_SECRET } from "./lib/payment-keys-secret.mjs";

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
// Done with esbuild: its service process stops now, not when this one exits (see scripts/build.mjs).
await stopEsbuild();
const { demoSeed, applySeed } = await import(`${process.cwd()}/.cache/seed.mjs`);
const { shareJpeg } = await import(`${process.cwd()}/.cache/share/functions/share-image.js`);
const { shareKey, parseShareKey } = await import(`${process.cwd()}/.cache/share/app/shared/share-image.js`);

/**
 * The shops' logos are SVG, which the Worker cannot rasterise in a request (decision 072): their
 * 300×300 sharing images are made here, once, with resvg, and stored where the Worker looks for
 * them, each on its shop's colour. Product pictures are raster (below): the Worker makes theirs.
 */
async function renderShareImages(env, seed) {
  const { Resvg } = await import("@resvg/resvg-js");
  const { results: logos } = await env.DB.prepare("SELECT logo, mcolor FROM shops WHERE logo IS NOT NULL").all();
  const wanted = logos.flatMap(({ logo, mcolor }) => {
    const file = seed.files.find((f) => f.key === logo);
    return file ? [[file, shareKey(logo, mcolor ?? "ffffff")]] : [];
  });
  let made = 0;
  for (const [file, key] of wanted) {
    if (await env.FILES.head(key)) continue;
    const rendered = new Resvg(file.body, { fitTo: { mode: "width", value: 300 }, font: FONT }).render();
    const img = { width: rendered.width, height: rendered.height, data: new Uint8Array(rendered.pixels) };
    await env.FILES.put(key, shareJpeg(img, parseShareKey(key).background), {
      httpMetadata: { contentType: "image/jpeg" },
    });
    made++;
  }
  return made;
}

/** Text in the demo's pictures is Korean: Debian's Noto CJK (installed with Chromium), else any. */
const CJK_FONT = "/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc";
const FONT = existsSync(CJK_FONT)
  ? { loadSystemFonts: false, fontFiles: [CJK_FONT], defaultFontFamily: "Noto Sans CJK KR" }
  : { loadSystemFonts: true, defaultFontFamily: "Noto Sans CJK KR" };

/** Beauty's products that get a studio photo: its home's first cards and the product the benchmarks open. */
const PHOTO_PRODUCTS = ["b0001", "b0002", "b0003", "b0017"];
const PHOTO_SIZE = 1200;
/** The other products' pictures: their title card as a 600×600 JPEG (twice the card's size). */
const CARD_SIZE = 600;

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
 * A JPEG of `svg` at `width`, kept in .cache/demo-pictures by the SVG's hash: rendering and
 * encoding (resvg, jpeg-js) take about a fifth of a second a picture, so only a machine's first
 * seed pays for them.
 */
async function jpegOf(svg, width) {
  const file = `.cache/demo-pictures/${createHash("sha1").update(`${width}:${svg}`).digest("hex")}.jpg`;
  if (existsSync(file)) return readFile(file);
  const { Resvg } = await import("@resvg/resvg-js");
  const { encode } = await import("jpeg-js");
  const rendered = new Resvg(svg, { fitTo: { mode: "width", value: width }, font: FONT }).render();
  const jpeg = encode({ width: rendered.width, height: rendered.height, data: rendered.pixels }, 85).data;
  await mkdir(".cache/demo-pictures", { recursive: true });
  await writeFile(file, jpeg);
  return jpeg;
}

/**
 * The demo's product pictures as raster photos (decision 083), as owners upload them (JPEG, PNG,
 * WebP): studio photos of 1200×1200 for a few of beauty's products, and every other product's
 * title card as a JPEG, which pages then offer in derived sizes. The seed's SVGs stay stored (an
 * old order's line may name one) but no product shows them.
 */
async function makeDemoPictures(env, seed) {
  const photos = new Map(PHOTO_PRODUCTS.map((sid, n) => [`shops/beauty/p/${sid}.svg`, [sid, n]]));
  const wanted = seed.files
    .filter((f) => /^shops\/[^/]+\/p\/[^/]+\.svg$/.test(f.key))
    .map((f) => {
      const photo = photos.get(f.key);
      return photo
        ? {
            svg: f.key,
            key: `shops/beauty/p/${photo[0]}-photo.jpg`,
            body: photoSvg((photo[1] * 53 + 330) % 360, photo[1]),
            width: PHOTO_SIZE,
          }
        : { svg: f.key, key: f.key.replace(/\.svg$/, ".jpg"), body: f.body, width: CARD_SIZE };
    });
  let made = 0;
  for (const { key, body, width } of wanted) {
    if (await env.FILES.head(key)) continue;
    // A plain Uint8Array: the platform proxy cannot pass Node's Buffer.
    await env.FILES.put(key, Uint8Array.from(await jpegOf(body, width)), {
      httpMetadata: { contentType: "image/jpeg" },
    });
    made++;
  }
  // Two statements per table would do for the cards, but the photos' keys differ: one small
  // statement per picture, in one batch, each a no-op when already done.
  await env.DB.batch(
    wanted.flatMap(({ svg, key }) => [
      env.DB.prepare("UPDATE products SET image = ?1 WHERE image = ?2").bind(key, svg),
      env.DB.prepare("UPDATE product_images SET image = ?1 WHERE image = ?2").bind(key, svg),
    ]),
  );
  return made;
}

// `--persist-to DIR` matches wrangler's flag of that name (wrangler keeps its state in DIR/v3).
const at = process.argv.indexOf("--persist-to");
const persist = { path: `${at > 0 ? process.argv[at + 1] : ".wrangler/state"}/v3` };
// The seed needs the database and the bucket only. A configuration with just those two (same ids,
// so the same local files) keeps wrangler from warning that the Live rooms' Durable Object cannot
// run here: the first thing `npm start` would print.
const { compatibility_date, d1_databases, r2_buckets } = unstable_readConfig({ config: "wrangler.toml" });
const db = d1_databases.find((d) => d.binding === "DB");
const bucket = r2_buckets.find((b) => b.binding === "FILES");
await writeFile(
  ".cache/seed-wrangler.json",
  JSON.stringify({
    name: "storefront-seed",
    compatibility_date,
    d1_databases: [{ binding: "DB", database_name: db.database_name, database_id: db.database_id }],
    r2_buckets: [{ binding: "FILES", bucket_name: bucket.bucket_name }],
  }),
);
const { env, dispose } = await getPlatformProxy({ persist, configPath: ".cache/seed-wrangler.json" });
try {
  const seed = demoSeed();
  // Sealed under the secret `npm start` and the browser tests serve with (scripts/lib/local-platform.mjs).
  // studio paid through the platform's contract (decision 178), except for the browser tests,
  // which keep it on bank transfers as the Worker tests do.
  const platformDemo = !process.argv.includes("--no-platform-demo");
  await applySeed(env.DB, env.FILES, seed, { paymentKeysSecret: LOCAL_PAYMENT_KEYS_SECRET, platformDemo });
  const pictures = await makeDemoPictures(env, seed);
  const shared = process.argv.includes("--no-share-images") ? 0 : await renderShareImages(env, seed);
  const { n } = await env.DB.prepare("SELECT COUNT(*) AS n FROM shops").first();
  console.log(
    `Seeded the demo: ${n} shops, ${seed.files.length} images, ${pictures} pictures and ${shared} sharing images made.`,
  );
} finally {
  await dispose();
}
