// Explicit compile hints (decision 084): V8 compiles every function of a script that begins with
// this comment eagerly, on a background thread while the script streams in, instead of lazily on
// the main thread when a function is first called. Chrome reads it since version 136; other
// browsers see a comment.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { readClientManifest } from "./remix-manifest.mjs";

const COMPILE_HINT = "//# allFunctionsCalledOnLoad\n";

/**
 * Marks the browser entry and the modules it imports: React, React DOM and Remix, which every page
 * evaluates and calls through while it hydrates. Route and island chunks stay lazy: much of them
 * (handlers, other states) never runs on a given visit. Idempotent; returns the files marked.
 */
export function markEntryForEagerCompile(publicDir = "public") {
  const { manifest } = readClientManifest(path.join(publicDir, "build"), "compile hints");
  const files = [manifest.entry.module, ...manifest.entry.imports];
  for (const url of files) {
    const file = path.join(publicDir, url);
    const source = readFileSync(file, "utf8");
    if (!source.startsWith(COMPILE_HINT)) writeFileSync(file, COMPILE_HINT + source);
  }
  return files;
}
