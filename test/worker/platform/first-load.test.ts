import { describe, expect, it } from "vitest";
import * as build from "virtual:remix-build";
import { assertManifestShape, manifestProblems } from "../../../scripts/lib/manifest-shape.mjs";

// The build's second bundling rewrites Remix's manifest (docs/first-load.md); it must refuse, by
// name, a manifest that is not the shape it was written against, rather than ship a broken one.
describe("Remix's manifest, as the build's later steps expect it", () => {
  const built = structuredClone(build.assets) as unknown as Record<string, unknown> & {
    routes: Record<string, Record<string, unknown>>;
    entry: Record<string, unknown>;
  };

  it("the manifest this build shipped (after re-bundling) has the expected shape", () => {
    expect(manifestProblems(built)).toEqual([]);
    expect(Object.keys(built.routes)).toEqual(expect.arrayContaining(["root", "routes/_shop"]));
  });

  it("names what changed when a Remix upgrade moves a field", () => {
    const moved = structuredClone(built);
    moved.entry = { file: moved.entry.module, imports: [] };
    const route = moved.routes["routes/_shop"]!;
    delete route.module;
    route.parentId = "routes/gone";
    expect(manifestProblems(moved)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^entry\.module:/),
        expect.stringMatching(/^routes\.routes\/_shop\.module:/),
      ]),
    );
    expect(() => assertManifestShape(moved, "rechunk")).toThrow(/^rechunk: Remix's manifest is not the shape/);
  });

  it("checks the links between routes, not only their fields", () => {
    const orphan = structuredClone(built);
    orphan.routes["routes/_shop"]!.parentId = "routes/gone";
    delete orphan.routes.root;
    expect(manifestProblems(orphan)).toEqual(
      expect.arrayContaining(['routes.routes/_shop.parentId: no route "routes/gone"', "routes.root: missing"]),
    );
  });
});
