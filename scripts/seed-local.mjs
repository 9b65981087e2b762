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
const { demoSeed, applySeed } = await import(`${process.cwd()}/.cache/seed.mjs`);

// `--persist-to DIR` matches wrangler's flag of that name (wrangler keeps its state in DIR/v3).
const at = process.argv.indexOf("--persist-to");
const persist = at > 0 ? { path: `${process.argv[at + 1]}/v3` } : true;
const { env, dispose } = await getPlatformProxy({ persist });
try {
  const seed = demoSeed();
  await applySeed(env.DB, env.FILES, seed);
  const { n } = await env.DB.prepare("SELECT COUNT(*) AS n FROM shops").first();
  console.log(`Seeded the demo: ${n} shops, ${seed.files.length} images.`);
} finally {
  await dispose();
}
