import { describe, expect, it } from "vitest";
import tsconfig from "../../tsconfig.json";
import wranglerToml from "../../wrangler.toml?raw";
import { importAliases } from "../../remix.config.js";

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
  const sources = import.meta.glob("../../functions/**/*.ts", { query: "?raw", import: "default", eager: true });

  it("is functions/db/order-transitions.ts: no other module updates an order's status", () => {
    const setsStatus = (text: string) =>
      // The SET part of every UPDATE of orders (up to its WHERE), naming the status column.
      [...text.matchAll(/UPDATE\s+orders(?:\s+AS\s+\w+)?\s+SET((?:(?!WHERE)[^`])*)/gi)].some((m) =>
        /\bstatus\s*=/.test(m[1]!),
      );
    const transitions = "../../functions/db/order-transitions.ts";
    const others = Object.entries(sources).filter(([path, text]) => path !== transitions && setsStatus(String(text)));
    expect(others.map(([path]) => path)).toEqual([]);
    expect(String(sources[transitions])).toContain('const sets = ["status = ?"');
    expect(String(sources["../../functions/db/orders.ts"])).toMatch(/UPDATE orders SET pay_method/);
    expect(Object.keys(sources).length).toBeGreaterThan(30);
  });
});

describe("the contract", () => {
  it("gives every endpoint its own path: the router finds a call by its path alone", async () => {
    const { api } = await import("../../app/shared/contracts");
    const paths = Object.values(api).map((e) => e.path);
    expect(paths.filter((p, i) => paths.indexOf(p) !== i)).toEqual([]);
  });
});
