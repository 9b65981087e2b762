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

// `--persist-to DIR` matches wrangler's flag of that name (wrangler keeps its state in DIR/v3).
const at = process.argv.indexOf("--persist-to");
const persist = at > 0 ? { path: `${process.argv[at + 1]}/v3` } : true;
const { env, dispose } = await getPlatformProxy({ persist });
try {
  const seed = demoSeed();
  await applySeed(env.DB, env.FILES, seed);
  const shared = process.argv.includes("--no-share-images") ? 0 : await renderShareImages(env, seed);
  const { n } = await env.DB.prepare("SELECT COUNT(*) AS n FROM shops").first();
  console.log(`Seeded the demo: ${n} shops, ${seed.files.length} images, ${shared} sharing images made.`);
} finally {
  await dispose();
}
