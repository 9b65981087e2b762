// No import circles in app/ and functions/ (issue 34, decision 097); run by `npm run lint`.
// A circle makes the order in which modules run depend on which one a bundle reaches first, and
// a type-only circle still ties two modules' designs together, so type imports count too.
// Specifiers are resolved as the bundlers resolve them: "~/" is app/ (remix.config.js
// importAliases), relative paths from the importing file; packages are not followed.
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { importAliases } from "../remix.config.js";

const root = path.resolve(fileURLToPath(import.meta.url), "../..");
const ROOTS = ["app", "functions"];
const SOURCE = /\.(ts|tsx|mts|mjs|js)$/;
const EXTENSIONS = ["", ".ts", ".tsx", ".mts", ".mjs", ".js", "/index.ts", "/index.tsx"];

/** Every import of a module: static, type-only, re-exports, side effects and import(). */
const SPECIFIERS = [
  /\b(?:import|export)\s+(?:type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?["']([^"']+)["']/g,
  /\bimport\s*\(\s*["']([^"']+)["']\s*\)/g,
];

/** Comments mention imports ("import(…)") without making them. */
const withoutComments = (text) => text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");

function sourcesUnder(dir) {
  return readdirSync(dir, { recursive: true })
    .map((name) => path.join(dir, name))
    .filter((file) => SOURCE.test(file) && !file.endsWith(".d.ts") && statSync(file).isFile());
}

function resolve(from, specifier) {
  let base;
  if (specifier.startsWith("~/")) base = path.join(root, importAliases["~"], specifier.slice(2));
  else if (specifier.startsWith(".")) base = path.resolve(path.dirname(from), specifier);
  else return null; // a package
  for (const ext of EXTENSIONS) {
    const file = base + ext;
    if (existsSync(file) && statSync(file).isFile()) return file;
  }
  // "…/global.css" is the vanilla-extract module global.css.ts.
  return existsSync(`${base}.ts`) ? `${base}.ts` : null;
}

export function importGraph() {
  const graph = new Map();
  const pending = ROOTS.flatMap((dir) => sourcesUnder(path.join(root, dir)));
  while (pending.length) {
    const file = pending.pop();
    if (graph.has(file)) continue;
    const text = withoutComments(readFileSync(file, "utf8"));
    const targets = new Set();
    for (const pattern of SPECIFIERS) {
      for (const [, specifier] of text.matchAll(pattern)) {
        const target = resolve(file, specifier);
        if (target && !target.includes(`${path.sep}node_modules${path.sep}`)) targets.add(target);
      }
    }
    graph.set(file, [...targets]);
    pending.push(...targets);
  }
  return graph;
}

/** One circle per strongly connected group of modules (Tarjan), as a path that comes back. */
export function circles(graph) {
  let counter = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const groups = [];
  const visit = (v) => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) === index.get(v)) {
      const group = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1 || (graph.get(v) ?? []).includes(v)) groups.push(new Set(group));
    }
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) visit(v);
  return groups.map((group) => {
    // A shortest way from the group's first module back to itself, inside the group.
    const start = [...group].sort()[0];
    const previous = new Map([[start, null]]);
    const queue = [start];
    while (queue.length) {
      const v = queue.shift();
      for (const w of graph.get(v) ?? []) {
        if (!group.has(w)) continue;
        if (w === start) {
          const way = [v];
          while (previous.get(way[0]) !== null) way.unshift(previous.get(way[0]));
          return [...way, start];
        }
        if (!previous.has(w)) {
          previous.set(w, v);
          queue.push(w);
        }
      }
    }
    return [start, start];
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const graph = importGraph();
  const found = circles(graph);
  for (const circle of found) {
    console.error(`import circle: ${circle.map((f) => path.relative(root, f)).join(" -> ")}`);
  }
  if (found.length) process.exit(1);
  console.log(`imports: ${graph.size} modules, no circle`);
}
