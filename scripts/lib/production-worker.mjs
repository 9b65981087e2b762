// The production bundle served by workerd (Miniflare, no dev server in between), with a fresh
// seeded database: what the benchmark and the memory check measure. Loopback only.
import { execFileSync } from "node:child_process";
import { readFileSync, readdirSync, rmSync } from "node:fs";
import { Miniflare } from "miniflare";

const run = (cmd, args) => execFileSync(cmd, args, { stdio: ["ignore", "ignore", "inherit"] });

/** Builds the bundle into `${dir}/dist`, seeds `${dir}/state`, serves it on 127.0.0.1:port. */
export async function startProductionWorker({ port, dir, cacheTtl = "30", inspectorPort }) {
  run("node", ["scripts/build.mjs"]);
  rmSync(dir, { recursive: true, force: true });
  run("npx", ["wrangler", "deploy", "--dry-run", "--minify", "--outdir", `${dir}/dist`]);
  run("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local", "--persist-to", `${dir}/state`]);
  run("node", ["scripts/seed-local.mjs", "--persist-to", `${dir}/state`]);

  const toml = readFileSync("wrangler.toml", "utf8");
  const field = (name) => toml.match(new RegExp(`^${name}\\s*=\\s*"([^"]*)"`, "m"))?.[1];
  const mf = new Miniflare({
    host: "127.0.0.1",
    port,
    // The V8 inspector of the Worker's isolate, when a caller wants to look at its heap.
    ...(inspectorPort ? { inspectorPort } : {}),
    modules: [{ type: "ESModule", path: `${dir}/dist/worker.js` }],
    modulesRoot: `${dir}/dist`,
    compatibilityDate: field("compatibility_date"),
    compatibilityFlags: ["nodejs_compat"],
    // has_user_worker: requests that match no file go on to the Worker, as on Cloudflare.
    assets: { directory: "public", binding: "ASSETS", routerConfig: { has_user_worker: true } },
    d1Databases: { DB: field("database_id") },
    d1Persist: `${dir}/state/v3/d1`,
    // The bucket by its name, where the seed (wrangler's platform proxy) put the demo's pictures.
    r2Buckets: { FILES: field("bucket_name") },
    // The live rooms (functions/live/room.ts), a class of the Worker's own module.
    durableObjects: { LIVE: "LiveRoom" },
    r2Persist: `${dir}/state/v3/r2`,
    // Derived picture sizes (functions/picture-sizes.ts): Miniflare's Images binding, on sharp.
    images: { binding: "IMAGES" },
    bindings: {
      PLATFORM_DOMAIN: "localhost",
      SHOP_API_ORIGIN: "",
      SHOP_ADMIN_URL: field("SHOP_ADMIN_URL") ?? "/admin",
      SHOP_CACHE_TTL: cacheTtl,
    },
  });
  await mf.ready;
  return mf;
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
