// Fewer, larger script files for a page's first load (decision 085). Remix's classic compiler
// splits the browser build with esbuild, which puts each piece of shared code into a chunk of its
// own for every distinct set of routes that reach it: the product page starts 27 files, 22 of them
// under 4 KB, and each costs the phone a request, a compile and an evaluation task. This step runs
// after `remix build` and bundles its output again with Rollup: the framework (what the browser
// entry imports), the app's frame (the root route and what it imports) and the shop layout each
// become one file; a page's own shared code is chunked as before. Remix's manifest, in the browser
// build and in the server bundle, is rewritten to the new files.
// Issue 39: the product page's JavaScript before the network idles, the frame's islands included,
// must fit 100 KB gzip. The code the islands and the product page share with other routes
// ("shop-shared") is one file rather than a dozen of 0.1–1.4 KB (gzip compresses one file better,
// and each file is a request), and Terser minifies the result (3 KB less than esbuild's on the
// framework alone).
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { runInNewContext } from "node:vm";
import { minify } from "terser";
import { rollup } from "rollup";
import { assertManifestShape } from "./manifest-shape.mjs";
import { readClientManifest, writeClientManifest } from "./remix-manifest.mjs";

/** The layout every shop page nests in: its code is one file of its own, apart from the root's. */
const SHOP_LAYOUT = "routes/_shop";

/** The page of the byte budget (issue 39), by its module's name. */
const PRODUCT_PAGE = /\/shop-view-id-[A-Z0-9]{8}\.js$/;

/** The frame's islands that hydrate right after the page (app/components/frame.islands.ts). */
const FRAME_ISLANDS = /\/frame\.islands-[A-Z0-9]{8}\.js$/;

/** Remix's public path for the browser build. */
const BUILD = "/build/";

/**
 * The line that points a script to the libraries' license notices; the file's name, hashed like
 * the scripts' (public/_headers keeps /build/ a year, immutable), is filled in once all are read.
 */
const LICENSE_BANNER = "/*! Licenses: %LICENSES% */";

/**
 * Inlined before each dynamic import that has files to preload (a function in no module, so that
 * no file gains an import): one `<link rel="modulepreload">` per file the page has no link for.
 */
const PRELOAD = `(function(u){u.forEach(function(h){h="${BUILD}"+h;if(!document.querySelector('link[href="'+h+'"]')){var l=document.createElement("link");l.rel="modulepreload";l.href=h;document.head.appendChild(l)}})})`;

const SERVER_MANIFEST = /^var assets_manifest_default = (\{.*\});$/m;

/** "/build/routes/_shop.shop.list-GAX6KWB4.js" → "routes/_shop.shop.list": esbuild's hash dropped. */
const baseName = (file) => file.replace(/\.js$/, "").replace(/-[A-Z0-9]{8}$/, "");

export async function rechunk({ publicDir = "public", serverBuild = "build/index.js" } = {}) {
  const buildDir = path.resolve(publicDir, "build");
  const { name: manifestName, manifest } = readClientManifest(buildDir, "rechunk");
  const fileOf = (url) => path.resolve(publicDir, `.${url}`);
  const input = { "entry.client": fileOf(manifest.entry.module) };
  for (const route of Object.values(manifest.routes)) {
    input[baseName(path.relative(buildDir, fileOf(route.module)))] = fileOf(route.module);
  }
  if (!manifest.routes[SHOP_LAYOUT]) throw new Error(`rechunk: no route "${SHOP_LAYOUT}" in Remix's manifest`);
  const entryFile = input["entry.client"];
  const rootFile = fileOf(manifest.routes.root.module);
  const shopFile = fileOf(manifest.routes[SHOP_LAYOUT].module);
  const productFile = Object.values(input).find((file) => PRODUCT_PAGE.test(file));
  const islandsFile = readdirSync(path.join(buildDir, "_shared"))
    .map((name) => path.join(buildDir, "_shared", name))
    .find((file) => FRAME_ISLANDS.test(file));
  if (!productFile || !islandsFile) throw new Error("rechunk: no product page or frame islands in Remix's build");

  // Each group: a module's static imports, followed to the end, less what an earlier group holds.
  // The entry itself stays out: its top level hydrates the page, and a module in a shared chunk
  // runs whenever any importer of that chunk loads.
  const groups = new Map();
  const closure = (getModuleInfo, id, seen = new Set()) => {
    if (seen.has(id)) return seen;
    seen.add(id);
    for (const dep of getModuleInfo(id)?.importedIds ?? []) closure(getModuleInfo, dep, seen);
    return seen;
  };
  const groupOf = (id, getModuleInfo) => {
    if (!groups.size) {
      const framework = closure(getModuleInfo, entryFile);
      framework.delete(entryFile);
      const frame = closure(getModuleInfo, rootFile);
      const shop = closure(getModuleInfo, shopFile);
      for (const file of framework) groups.set(file, "framework");
      for (const file of frame) if (!groups.has(file)) groups.set(file, "frame");
      for (const file of shop) if (!groups.has(file)) groups.set(file, "shop");
      // What the islands and the product page share with any other entry point. What only one of
      // them uses stays in its own file: the islands' code still loads after hydration (decision
      // 073), and no other page gets the product page's own code.
      const reach = new Map();
      for (const start of [...Object.values(input), islandsFile]) {
        for (const file of closure(getModuleInfo, start)) reach.set(file, (reach.get(file) ?? 0) + 1);
      }
      for (const start of [islandsFile, productFile]) {
        for (const file of closure(getModuleInfo, start)) {
          if (!groups.has(file) && file !== start && reach.get(file) > 1) groups.set(file, "shop-shared");
        }
      }
    }
    return groups.get(id);
  };

  const bundle = await rollup({
    input,
    preserveEntrySignatures: "allow-extension",
    // Remix's build imports by absolute URL ("/build/_shared/chunk-….js").
    plugins: [{ name: "build-urls", resolveId: (source) => (source.startsWith("/build/") ? fileOf(source) : null) }],
    onwarn(warning) {
      throw new Error(`rechunk: ${warning.message}`);
    },
  });
  const out = mkdtempSync(path.join(os.tmpdir(), "rechunk-"));
  // The libraries' license notices (/*! … */, @license) go to one text file beside the scripts,
  // named in a one-line banner of each script that had any, rather than into every phone's
  // download (0.5 KB gzip of the product page's scripts; webpack's extractComments does the same).
  const notices = new Set();
  const legal = /^\**!|@preserve|@license|@cc_on/i;
  const { output } = await bundle.write({
    dir: out,
    format: "es",
    hoistTransitiveImports: false,
    manualChunks: (id, { getModuleInfo }) => groupOf(id, getModuleInfo),
    entryFileNames: "[name]-[hash].js",
    chunkFileNames: (chunk) => `_shared/${baseName(chunk.name)}-[hash].js`,
    plugins: [
      {
        name: "minify",
        async renderChunk(code) {
          let noticed = false;
          const comments = (_node, comment) => {
            if (legal.test(comment.value)) {
              notices.add(comment.value.trim());
              noticed = true;
            }
            return false;
          };
          const min = (await minify(code, { module: true, ecma: 2020, compress: { passes: 2 }, format: { comments } }))
            .code;
          return noticed ? `${LICENSE_BANNER}\n${min}` : min;
        },
      },
    ],
  });
  const loaded = new Set(bundle.watchFiles);
  await bundle.close();

  // Every script of Remix's build must have come through (a file only a URL names would be lost).
  const old = readdirSync(buildDir, { recursive: true })
    .map((name) => path.join(buildDir, name))
    .filter((f) => f.endsWith(".js") && !f.endsWith(manifestName));
  // Route ids that share a module (remix.config.js routeAliases, decision 097): Remix 2.17.5's
  // esbuild writes one entry file per id, named after it, and its manifest points every id of
  // the file at one of them; the others are the same code that no route loads.
  const unusedTwin = (f) => {
    const route = manifest.routes[baseName(path.relative(buildDir, f))];
    return route !== undefined && fileOf(route.module) !== f;
  };
  const missed = old.filter((f) => !loaded.has(f) && !unusedTwin(f));
  if (missed.length) throw new Error(`rechunk: not reached from any route: ${missed.join(", ")}`);

  const chunks = new Map(output.filter((o) => o.type === "chunk").map((c) => [c.fileName, c]));
  const url = (fileName) => `${BUILD}${fileName}`;
  /** A chunk's static imports, followed to the end: what a page must preload to run it. */
  const importsOf = (fileName) => {
    const seen = new Set();
    const visit = (name) => {
      for (const dep of chunks.get(name).imports) {
        if (!seen.has(dep)) {
          visit(dep);
          seen.add(dep);
        }
      }
    };
    visit(fileName);
    seen.delete(fileName);
    return [...seen].map(url);
  };
  const entries = new Map([...chunks.values()].filter((c) => c.isEntry).map((c) => [c.facadeModuleId, c.fileName]));
  const moduleOf = (file) => {
    if (!entries.has(file)) throw new Error(`rechunk: no entry chunk for ${file}`);
    return entries.get(file);
  };
  const next = structuredClone(manifest);
  const entryName = moduleOf(entryFile);
  next.entry = { module: url(entryName), imports: importsOf(entryName) };
  for (const route of Object.values(next.routes)) {
    const name = moduleOf(fileOf(route.module));
    const imports = importsOf(name);
    route.module = url(name);
    route.imports = imports.length ? imports : undefined;
  }
  delete next.version;
  delete next.url;
  const version = createHash("sha1").update(JSON.stringify(next)).digest("hex").slice(0, 8);
  next.version = version;
  next.url = url(`manifest-${version.toUpperCase()}.js`);

  // Decision 089: a dynamic import (an island, the live socket) fetches its file, then its
  // imports, then theirs: on a phone's 150 ms round trips the header's buttons waited three of them
  // after hydration. Each import() now first preloads the file's whole static closure in one go,
  // less what every page has loaded before any import() can run (the entry's and the root's files).
  const loadedFirst = new Set([entryName, moduleOf(rootFile)].flatMap((name) => [url(name), ...importsOf(name)]));
  const withPreloads = (chunk) =>
    chunk.code.replace(/\bimport\("(\.{1,2}\/[^"]+\.js)"\)/g, (call, relative) => {
      const target = path.posix.join(path.posix.dirname(chunk.fileName), relative);
      if (!chunks.has(target)) throw new Error(`rechunk: ${chunk.fileName} imports ${relative}, not a chunk`);
      // The importing file and its own imports are in by the time its import() runs.
      const loaded = new Set([url(chunk.fileName), ...importsOf(chunk.fileName)]);
      const urls = importsOf(target).filter((u) => !loadedFirst.has(u) && !loaded.has(u));
      const names = urls.map((u) => u.slice(BUILD.length));
      return urls.length ? `(${PRELOAD}(${JSON.stringify(names)}),${call})` : call;
    });

  const licenseText = `${[...notices].join("\n\n")}\n`;
  const licenses = `licenses-${createHash("sha1").update(licenseText).digest("hex").slice(0, 8).toUpperCase()}.txt`;
  const licenseBanner = LICENSE_BANNER.replace("%LICENSES%", url(licenses));

  // Swap the files: the new scripts in, the old out (the stylesheet stays).
  for (const file of old) rmSync(file);
  for (const file of readdirSync(buildDir).filter((f) => /^licenses-\w+\.txt$/.test(f)))
    rmSync(path.join(buildDir, file));
  writeFileSync(path.join(buildDir, licenses), licenseText);
  rmSync(path.join(buildDir, manifestName));
  for (const chunk of chunks.values()) {
    const file = path.join(buildDir, chunk.fileName);
    mkdirSync(path.dirname(file), { recursive: true });
    const code = readFileSync(path.join(out, chunk.fileName), "utf8").replace(LICENSE_BANNER, licenseBanner);
    writeFileSync(file, withPreloads({ fileName: chunk.fileName, code }));
  }
  rmSync(out, { recursive: true });
  writeClientManifest(buildDir, next);

  // The server bundle holds the same manifest as one line of JavaScript; it is checked to be that
  // line, and that manifest, before the line is replaced.
  const server = readFileSync(serverBuild, "utf8");
  const line = server.match(SERVER_MANIFEST);
  if (!line) throw new Error(`rechunk: ${serverBuild} has no line "var assets_manifest_default = {…};"`);
  // esbuild wrote it as a JavaScript literal (`!1`, `void 0`), not JSON: evaluated on its own.
  const serverManifest = runInNewContext(`(${line[1]})`);
  assertManifestShape(serverManifest, `rechunk (${serverBuild})`);
  if (serverManifest.version !== manifest.version) {
    throw new Error(
      `rechunk: ${serverBuild}'s manifest is version ${serverManifest.version}, the browser's ${manifest.version}`,
    );
  }
  writeFileSync(
    serverBuild,
    server.replace(SERVER_MANIFEST, () => `var assets_manifest_default = ${JSON.stringify(next)};`),
  );
  return { before: old.length, after: chunks.size };
}
