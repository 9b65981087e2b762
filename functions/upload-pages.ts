import type { ServerBuild } from "@remix-run/cloudflare";
import { takesUpload, windowOf, type WindowKind } from "~/shared/uploads";

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

/**
 * The addresses whose documents open a provider's window (issue 53 item 2), read from the build as
 * the upload pages are: every route whose module, or an ancestor's (a layout marks its pages),
 * exports `handle = TOSS_WINDOW_PAGE` or `IDENTITY_WINDOW_PAGE`. The Worker's page policy lets that
 * provider in on those pages only; test/worker/platform/upload-pages.test.ts checks every page that
 * loads a window's code is marked.
 */
export type WindowPages = {
  /** Each marked route's full path, with its window ("/user/order" → "toss"). */
  readonly paths: readonly (readonly [string, WindowKind])[];
  at(pathname: string): WindowKind | null;
};

/** The window a route or one of its ancestors declares. */
function declaredWindow(routes: Routes, id: string): WindowKind | null {
  for (let route = routes[id]; route; route = route.parentId ? routes[route.parentId] : undefined) {
    const kind = windowOf(route.module.handle);
    if (kind) return kind;
  }
  return null;
}

export function windowPages(routes: Routes): WindowPages {
  const paths = Object.keys(routes)
    .map((id) => [routePath(routes, id), declaredWindow(routes, id)] as const)
    .filter((entry): entry is readonly [string, WindowKind] => entry[1] !== null)
    .sort(([a], [b]) => a.localeCompare(b));
  const exact = new Map(paths.filter(([p]) => !p.includes(":") && !p.includes("*")));
  const patterns = paths.filter(([p]) => p.includes(":") || p.includes("*")).map(([p, k]) => [matcher(p), k] as const);
  return {
    paths,
    at: (pathname) => exact.get(pathname) ?? patterns.find(([m]) => m.test(pathname))?.[1] ?? null,
  };
}
