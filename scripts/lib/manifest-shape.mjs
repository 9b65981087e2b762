// The shape of Remix's browser manifest that the build's later steps rely on (the second bundling,
// scripts/lib/rechunk.mjs; the compile hints, scripts/lib/compile-hints.mjs; docs/first-load.md).
// They rewrite it in the browser build and, by a regular expression, in the server bundle; if a
// Remix upgrade changes it, the build must stop here and say what changed, not ship a manifest that
// names files no longer there. Pure (no Node imports): test/worker reads it too.
import { z } from "zod";

const url = z.string().regex(/^\/build\/\S+\.js$/, "a /build/….js URL");
const route = z.object({
  id: z.string().min(1),
  parentId: z.string().optional(),
  path: z.string().optional(),
  index: z.boolean().optional(),
  module: url,
  imports: z.array(url).optional(),
  hasAction: z.boolean(),
  hasLoader: z.boolean(),
  hasClientAction: z.boolean(),
  hasClientLoader: z.boolean(),
  hasErrorBoundary: z.boolean(),
});
const manifest = z.object({
  entry: z.object({ module: url, imports: z.array(url) }),
  routes: z.record(z.string(), route),
  version: z.string().min(1),
  url,
});

/** What is wrong with `value` as the manifest this build expects, one line each (none: []). */
export function manifestProblems(value) {
  const result = manifest.safeParse(value);
  const problems = result.success
    ? []
    : result.error.issues.map((i) => `${i.path.join(".") || "(manifest)"}: ${i.message}`);
  if (result.success) {
    for (const [key, r] of Object.entries(value.routes)) {
      if (r.id !== key) problems.push(`routes.${key}.id: is "${r.id}", not its key`);
      if (r.parentId && !value.routes[r.parentId]) problems.push(`routes.${key}.parentId: no route "${r.parentId}"`);
    }
    if (!value.routes.root) problems.push("routes.root: missing");
  }
  return problems;
}

/** Throws, naming the step and each problem, unless `value` is the manifest this build expects. */
export function assertManifestShape(value, where) {
  const problems = manifestProblems(value);
  if (problems.length) {
    throw new Error(
      `${where}: Remix's manifest is not the shape this build expects (docs/first-load.md):\n  ${problems.join("\n  ")}`,
    );
  }
}
