// The production bundle served by workerd (Miniflare, no dev server in between), with a fresh
// seeded database: what the benchmark and the memory check measure. Loopback only.
import { execFileSync } from "node:child_process";
import { readFileSync, readdirSync, rmSync } from "node:fs";
import { Miniflare } from "miniflare";

const run = (cmd, args) => execFileSync(cmd, args, { stdio: ["ignore", "ignore", "inherit"] });

/** Builds the bundle into `${dir}/dist`, seeds `${dir}/state`, serves it on 127.0.0.1:port. */
export async function startProductionWorker({ port, dir, cacheTtl = "30" }) {
  run("npx", ["remix", "build"]);
  rmSync(dir, { recursive: true, force: true });
  run("npx", ["wrangler", "deploy", "--dry-run", "--minify", "--outdir", `${dir}/dist`]);
  run("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local", "--persist-to", `${dir}/state`]);
  run("node", ["scripts/seed-local.mjs", "--persist-to", `${dir}/state`]);

  const toml = readFileSync("wrangler.toml", "utf8");
  const field = (name) => toml.match(new RegExp(`^${name}\\s*=\\s*"([^"]*)"`, "m"))?.[1];
  const mf = new Miniflare({
    host: "127.0.0.1",
    port,
    modules: [{ type: "ESModule", path: `${dir}/dist/worker.js` }],
    modulesRoot: `${dir}/dist`,
    compatibilityDate: field("compatibility_date"),
    compatibilityFlags: ["nodejs_compat"],
    // has_user_worker: requests that match no file go on to the Worker, as on Cloudflare.
    assets: { directory: "public", binding: "ASSETS", routerConfig: { has_user_worker: true } },
    d1Databases: { DB: field("database_id") },
    d1Persist: `${dir}/state/v3/d1`,
    r2Buckets: ["FILES"],
    r2Persist: `${dir}/state/v3/r2`,
    bindings: {
      PLATFORM_DOMAIN: "localhost",
      SHOP_API_ORIGIN: "",
      SHOP_ADMIN_URL: "https://admin.example.com/shop",
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
