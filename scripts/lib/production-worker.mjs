// The production bundle served by workerd (Miniflare, no dev server in between), with a fresh
// seeded database: what the benchmark and the memory check measure. Loopback only.
import { execFileSync } from "node:child_process";
import { readFileSync, readdirSync, rmSync } from "node:fs";
import { createInterface } from "node:readline";
import { Miniflare, convertV4MiniflareOptions } from "miniflare";
import { unstable_getMiniflareWorkerOptions } from "wrangler";

const run = (cmd, args) => execFileSync(cmd, args, { stdio: ["ignore", "ignore", "inherit"] });

/**
 * The bundle `wrangler deploy` would upload, of wrangler.toml's top level (`--env=`: not
 * production), written afresh to `outdir`. Its stdout (the bindings table) is left out.
 */
export function bundleWorker(outdir, { minify = false } = {}) {
  rmSync(outdir, { recursive: true, force: true });
  run("npx", ["wrangler", "deploy", "--dry-run", "--env=", ...(minify ? ["--minify"] : []), "--outdir", outdir]);
}

/**
 * The local database and bucket in `state` (wrangler's `--persist-to`), migrated and seeded with
 * the demo shops. `fresh` starts from nothing; otherwise what is there is kept (the seed only adds).
 * `platformDemo`: studio paid through the platform's contract, as `npm start` shows it (decision 178).
 */
export function seedState(state, { fresh = true, shareImages = true, platformDemo = false } = {}) {
  if (fresh) rmSync(state, { recursive: true, force: true });
  run("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local", "--persist-to", state]);
  const flags = [...(shareImages ? [] : ["--no-share-images"]), ...(platformDemo ? [] : ["--no-platform-demo"])];
  execFileSync("node", ["scripts/seed-local.mjs", "--persist-to", state, ...flags], { stdio: "inherit" });
}

/**
 * Serves a bundle made by `wrangler deploy --dry-run --outdir <bundleDir>` in one workerd through
 * Miniflare, with the bindings, vars, Durable Objects and assets (its `_headers` too) that
 * `wrangler.toml` declares, and the local state a seed wrote with `--persist-to <state>`. No dev
 * server in between: nothing rebuilds, reloads or relays an inspector (decision 088).
 */
export async function serveBundle({
  bundleDir,
  state,
  port,
  vars = {},
  inspectorPort,
  host = "127.0.0.1",
  persistLive = false,
  requestLines = false,
}) {
  // Miniflare 5 takes `{ workers: [{ config, … }] }`; wrangler still describes the Worker in
  // Miniflare 4's shape, which convertV4MiniflareOptions turns into the new one (as wrangler does).
  // Module rules are for bundling from source: this is a bundle, its modules named.
  const { modulesRules: _rules, ...workerOptions } = unstable_getMiniflareWorkerOptions("wrangler.toml").workerOptions;
  // Where the seed (wrangler's platform proxy, --persist-to) wrote the database and the bucket:
  // Miniflare 5 keeps every local resource under one root (`${state}/v3/d1`, `/r2`, `/do`,
  // `/cache`). The cache starts empty, as it did in memory: a kept page names the build's script
  // files, which a rebuild replaces. Durable Objects live in memory unless a caller keeps them
  // (`npm start`, where a chat's live room outlives a restart as it did under `wrangler dev`).
  rmSync(`${state}/v3/cache`, { recursive: true, force: true });
  const mf = new Miniflare(
    convertV4MiniflareOptions({
      ...workerOptions,
      host,
      port,
      // The V8 inspector of the Worker's isolate, when a caller wants to look at its heap.
      ...(inspectorPort ? { inspectorPort } : {}),
      modules: [{ type: "ESModule", path: `${bundleDir}/worker.js` }],
      modulesRoot: bundleDir,
      bindings: { ...workerOptions.bindings, ...vars },
      resourcePersistencePath: `${state}/v3`,
      ...(persistLive ? {} : { unsafeEphemeralDurableObjects: true }),
      // The Worker's line per request (functions/log.ts, decision 093) would bury what a benchmark
      // or the memory check prints: left out unless asked for (`npm start` shows them, as a log to
      // follow). Everything else it writes (errors too) is passed on.
      handleRuntimeStdio(stdout, stderr) {
        createInterface(stdout).on("line", (line) => {
          if (requestLines || !line.startsWith('{"level":"info"')) console.log(line);
        });
        createInterface(stderr).on("line", (line) => console.error(line));
      },
    }),
  );
  await mf.ready;
  return mf;
}

/** Builds the bundle into `${dir}/dist`, seeds `${dir}/state`, serves it on 127.0.0.1:port. */
export async function startProductionWorker({ port, dir, cacheTtl = "30", inspectorPort }) {
  run("node", ["scripts/build.mjs"]);
  rmSync(dir, { recursive: true, force: true });
  bundleWorker(`${dir}/dist`, { minify: true });
  seedState(`${dir}/state`);
  return serveBundle({
    bundleDir: `${dir}/dist`,
    state: `${dir}/state`,
    port,
    vars: { SHOP_CACHE_TTL: cacheTtl },
    inspectorPort,
  });
}

/** The workerd processes this Node process started (Miniflare's runtime), by pid. */
export function workerdPids() {
  const pids = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmd = readFileSync(`/proc/${entry}/cmdline`, "utf8");
      const ppid = Number(/^PPid:\s+(\d+)/m.exec(readFileSync(`/proc/${entry}/status`, "utf8"))?.[1]);
      if (cmd.includes("workerd") && ppid === process.pid) pids.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

/** Resident memory of a process, in MiB. */
export function rssMiB(pid) {
  const kb = Number(/^VmRSS:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
  return kb / 1024;
}

/**
 * The Worker isolate's used JavaScript heap in MiB, read through the V8 inspector (Miniflare's
 * `inspectorPort`): what the Worker holds, unlike workerd's resident memory, which grows with any
 * traffic (static files too). workerd's inspector answers Runtime.getHeapUsage but not a forced
 * garbage collection, so callers compare low points over time rather than single readings.
 */
export async function workerHeap(inspectorPort) {
  const { default: WebSocket } = await import("ws");
  const targets = await (await fetch(`http://127.0.0.1:${inspectorPort}/json`)).json();
  // The user Worker is "core:user:" (Miniflare names it so; the others are its own services).
  const target = targets.find((t) => t.id === "core:user:") ?? targets[0];
  const ws = new WebSocket(target.webSocketDebuggerUrl);
  try {
    await new Promise((resolve, reject) => {
      ws.once("open", resolve);
      ws.once("error", reject);
    });
    const result = await new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("the inspector did not answer")), 10_000);
      ws.on("message", (raw) => {
        const msg = JSON.parse(raw.toString());
        if (msg.id !== 1) return;
        clearTimeout(timer);
        resolve(msg.result);
      });
      ws.send(JSON.stringify({ id: 1, method: "Runtime.getHeapUsage" }));
    });
    return result.usedSize / (1024 * 1024);
  } finally {
    ws.close();
  }
}
