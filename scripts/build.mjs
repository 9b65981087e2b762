// `npm run build`: Remix's build (its compiler disposed when done: scripts/lib/remix-build.mjs),
// its browser scripts bundled again into fewer files
// (scripts/lib/rechunk.mjs, decision 085), then the compile hints on the modules every page runs
// to hydrate (scripts/lib/compile-hints.mjs, decision 084).
import { stop as stopEsbuild } from "esbuild";
import { markEntryForEagerCompile } from "./lib/compile-hints.mjs";
import { rechunk } from "./lib/rechunk.mjs";
import { remixBuild } from "./lib/remix-build.mjs";

await remixBuild();
const files = await rechunk();
// Remix's compiler leaves esbuild's service running, a child process: stopped here rather than left to die
// with this one (issue 33 met it printing a Go "deadlock" stack after the build).
await stopEsbuild();
console.log(`rechunk: ${files.before} scripts -> ${files.after}`);
const marked = markEntryForEagerCompile();
console.log(`compile hints: ${marked.length} entry modules`);
// Remix's Vanilla Extract plugin keeps a compiler (a Vite server) in a module variable it never
// closes: like the `remix` command, end here rather than wait on it.
process.exit(0);
