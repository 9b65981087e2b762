// Remix's browser manifest (`public/build/manifest-….js`), which the build steps after
// `remix build` read: the compile hints (decision 084) and the second bundling (decision 085).
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";

export const MANIFEST_FILE = /^manifest-[\w-]+\.js$/;

/** The manifest file's name in `buildDir` and its content. */
export function readClientManifest(buildDir) {
  const name = readdirSync(buildDir).find((n) => MANIFEST_FILE.test(n));
  if (!name) throw new Error(`no Remix manifest in ${buildDir}`);
  const text = readFileSync(path.join(buildDir, name), "utf8");
  return { name, manifest: JSON.parse(text.replace(/^window\.__remixManifest=/, "").replace(/;\s*$/, "")) };
}
