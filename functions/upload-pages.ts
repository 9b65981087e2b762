import type { ServerBuild } from "@remix-run/cloudflare";
import { takesUpload } from "~/shared/uploads";

/**
 * The addresses whose posts may carry a file, read from the Remix build rather than kept as a list:
 * every route whose module exports `handle = UPLOAD_PAGE` (app/shared/uploads.ts), under each id the
 * build gives that module (a page's second addresses, remix.config.js routeAliases, come along).
 * A page cannot be left out by forgetting a list elsewhere; test/worker/platform/upload-pages.test.ts
 * checks that every route with a file field is marked.
 */
export type UploadPages = {
  /** Each marked route's full path as the build declares it ("/myshop/review", "/shop/view/:sid"). */
  readonly paths: readonly string[];
  has(pathname: string): boolean;
};

type Routes = ServerBuild["routes"];

/** A route's full path: its parents' paths, then its own (pathless layouts add nothing). */
export function routePath(routes: Routes, id: string): string {
  const segments: string[] = [];
  for (let route = routes[id]; route; route = route.parentId ? routes[route.parentId] : undefined) {
    segments.unshift(...(route.path ?? "").split("/").filter(Boolean));
  }
  return `/${segments.join("/")}`;
}

/** A path pattern as a matcher: `:param` is one segment, `*` the rest. */
function matcher(path: string): RegExp {
  const segments = path
    .split("/")
    .filter(Boolean)
    .map((s) => (s === "*" ? ".*" : s.startsWith(":") ? "[^/]+" : s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
  return new RegExp(`^/${segments.join("/")}/?$`);
}

export function uploadPages(routes: Routes): UploadPages {
  const paths = Object.keys(routes)
    .filter((id) => takesUpload(routes[id]?.module.handle))
    .map((id) => routePath(routes, id))
    .sort();
  const exact = new Set(paths);
  const patterns = paths.filter((p) => p.includes(":") || p.includes("*")).map(matcher);
  return { paths, has: (pathname) => exact.has(pathname) || patterns.some((p) => p.test(pathname)) };
}
