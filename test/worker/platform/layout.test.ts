import { describe, expect, it } from "vitest";
import tsconfig from "../../../tsconfig.json";
import wranglerToml from "../../../wrangler.toml?raw";
import { handRoutes, importAliases, routeAliases } from "../../../remix.config.js";

/**
 * Issue 8, point 6: the aliases are one list (remix.config.js). vitest reads it; tsconfig.json and
 * wrangler.toml cannot, so this says when they drift from it.
 */
describe("the layout's one list of aliases", () => {
  it("tsconfig.json's paths name every alias, with the same target", () => {
    const paths = tsconfig.compilerOptions.paths as Record<string, string[]>;
    expect(paths["~/*"]).toEqual([`./${importAliases["~"]}/*`]);
    const build = paths["virtual:remix-build"];
    expect(build).toBeDefined();
    // TypeScript reads the build's declared shape; the bundlers read the build itself.
    expect(build).toEqual(["./functions/remix-build.d.ts"]);
  });

  it("wrangler.toml's [alias] points the Worker at the same build", () => {
    const section = /\[alias\]\n((?:.+\n?)*)/.exec(wranglerToml)?.[1] ?? "";
    const entries = Object.fromEntries(
      [...section.matchAll(/^"([^"]+)"\s*=\s*"\.\/([^"]+)"/gm)].map((m) => [m[1], m[2]] as const),
    );
    expect(entries).toEqual({ "virtual:remix-build": importAliases["virtual:remix-build"] });
  });
});

describe("one writer of orders.status (decision 054)", () => {
  const sources = import.meta.glob("../../../functions/**/*.ts", { query: "?raw", import: "default", eager: true });

  it("is functions/db/order-transitions.ts: no other module updates an order's status", () => {
    const setsStatus = (text: string) =>
      // The SET part of every UPDATE of orders (up to its WHERE), naming the status column.
      [...text.matchAll(/UPDATE\s+orders(?:\s+AS\s+\w+)?\s+SET((?:(?!WHERE)[^`])*)/gi)].some((m) =>
        /\bstatus\s*=/.test(m[1]!),
      );
    const transitions = "../../../functions/db/order-transitions.ts";
    const others = Object.entries(sources).filter(([path, text]) => path !== transitions && setsStatus(String(text)));
    expect(others.map(([path]) => path)).toEqual([]);
    expect(String(sources[transitions])).toContain('const sets = ["status = ?"');
    expect(String(sources["../../../functions/db/orders.ts"])).toMatch(/UPDATE orders SET pay_method/);
    expect(Object.keys(sources).length).toBeGreaterThan(30);
  });
});

describe("the contract", () => {
  it("gives every endpoint its own path: the router finds a call by its path alone", async () => {
    const { api } = await import("../../../app/shared/contracts");
    const paths = Object.values(api).map((e) => e.path);
    expect(paths.filter((p, i) => paths.indexOf(p) !== i)).toEqual([]);
  });
});

describe("one shape for a page (decision 097)", () => {
  const files = import.meta.glob(["/app/routes/**/*", "/app/pages/**/*"], {
    query: "?raw",
    import: "default",
    eager: true,
  });
  /** "/app/routes/admin.stock/page.server.ts" → ["routes", "admin.stock", "page.server.ts"]. */
  const parts = Object.keys(files).map((path) => path.replace("/app/", "").split("/"));
  /**
   * What a page's folder may hold beside its route module: its server half, its styles, its own
   * components, and small modules its server half and its components share (kebab-case `.ts`).
   */
  const SIBLING = /^(page\.server\.ts|page\.css\.ts|[A-Z][A-Za-z0-9]*\.tsx|[a-z][a-z0-9-]*\.ts)$/;

  it("is a folder per page in app/routes and app/pages, with route.tsx (route.ts) and only its own parts", () => {
    const flat = parts.filter((p) => p.length !== 3).map((p) => p.join("/"));
    expect(flat).toEqual([]);
    const folders = new Set(parts.map(([dir, folder]) => `${dir}/${folder}`));
    const withoutRoute = [...folders].filter(
      (f) => !parts.some((p) => `${p[0]}/${p[1]}` === f && /^route\.tsx?$/.test(p[2]!)),
    );
    expect(withoutRoute).toEqual([]);
    const strangers = parts.filter((p) => !/^route\.tsx?$/.test(p[2]!) && !SIBLING.test(p[2]!)).map((p) => p.join("/"));
    expect(strangers).toEqual([]);
    expect(folders.size).toBeGreaterThan(50);
  });

  it("has no stub route modules: a second address of a page is a routeAliases entry", () => {
    const reexportOnly = Object.entries(files)
      .filter(([path]) => /\/route\.tsx?$/.test(path))
      .filter(([, text]) =>
        String(text)
          .replace(/\/\*[\s\S]*?\*\/|^\s*\/\/.*$/gm, "")
          .split("\n")
          .every((line) => line.trim() === "" || /^export\s.*\sfrom\s/.test(line.trim())),
      )
      .map(([path]) => path);
    expect(reexportOnly).toEqual([]);
  });

  it("registers each hand route and alias with a route module that exists, under an id no folder has", () => {
    const modules = new Set(Object.keys(files).map((path) => path.replace("/app/", "")));
    const folderIds = new Set(parts.filter(([dir]) => dir === "routes").map(([, folder]) => `routes/${folder}`));
    for (const r of [...handRoutes, ...routeAliases]) {
      expect(modules.has(r.file), r.file).toBe(true);
      expect(folderIds.has(r.id), r.id).toBe(false);
      if ("parent" in r && r.parent) expect(folderIds.has(r.parent), r.parent).toBe(true);
    }
    const ids = [...handRoutes, ...routeAliases].map((r) => r.id);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    expect(routeAliases.length).toBe(12);
  });
});
