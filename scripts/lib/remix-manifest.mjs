// Remix's browser manifest (`public/build/manifest-….js`), which the build steps after
// `remix build` read: the compile hints (decision 084) and the second bundling (decision 085).
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { assertManifestShape } from "./manifest-shape.mjs";

const MANIFEST_FILE = /^manifest-[\w-]+\.js$/;
const PREFIX = "window.__remixManifest=";

/** The manifest file's name in `buildDir` and its content, checked to be the shape we rewrite. */
export function readClientManifest(buildDir, where = "build") {
  const name = readdirSync(buildDir).find((n) => MANIFEST_FILE.test(n));
  if (!name) throw new Error(`${where}: no Remix manifest (manifest-*.js) in ${buildDir}`);
  const text = readFileSync(path.join(buildDir, name), "utf8");
  if (!text.startsWith(PREFIX)) throw new Error(`${where}: ${name} does not begin with "${PREFIX}"`);
  const manifest = JSON.parse(text.slice(PREFIX.length).replace(/;\s*$/, ""));
  assertManifestShape(manifest, `${where} (${name})`);
  return { name, manifest };
}

/** Writes `manifest` as the file its own `url` names, in the form Remix's build gives it. */
export function writeClientManifest(buildDir, manifest) {
  writeFileSync(path.join(buildDir, path.posix.basename(manifest.url)), `${PREFIX}${JSON.stringify(manifest)};`);
}
