// Browser tests: for each project (JavaScript on, then off) a fresh local database and a fresh
// Worker (Playwright starts it), watched: if the Worker stops answering, the run stops at once
// and says so (issue 7), instead of every remaining test timing out one after another. One
// server per project also halves how long one workerd process runs (docs/decisions/040).
// The server is the bundle `wrangler deploy` would upload, made once before the run, served by
// workerd through Miniflare (scripts/e2e-server.mjs), not by `wrangler dev`: its bundler watches the
// checkout and the folders above it, and its proxies and inspector relay sit in front of the
// Worker; in two runs of 2026-11-26 it went down early in a project with an empty error
// (docs/decisions/088). A build during a run no longer swaps the Worker under the tests either.
import { spawn } from "node:child_process";
import { cpSync, existsSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { E2E_BUNDLE_DIR, E2E_SEEDED_DIR, E2E_STATE_DIR } from "./lib/e2e-paths.mjs";
import { bundleWorker, seedState } from "./lib/production-worker.mjs";

const chromium = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
if (!existsSync(chromium)) {
  console.error(`Chromium not found at ${chromium}. Install Debian's package: apt-get install -y chromium`);
  process.exit(1);
}

const port = Number(process.env.E2E_PORT || 3334);
/** How long the Worker may go without answering a health check before the run is stopped. */
const STALL_MS = Number(process.env.E2E_STALL_MS || 20_000);
const CHECK_EVERY_MS = 2_000;

/** Runs Playwright with `args`; resolves to its exit code (3 when the server stopped answering). */
function playwright(args) {
  return new Promise((resolve) => {
    // Playwright in its own process group, so that stopping it also stops the server it started.
    const child = spawn("npx", ["playwright", "test", ...args], { stdio: ["ignore", "pipe", "pipe"], detached: true });
    const recent = [];
    const all = [];
    const keep = (chunk, out) => {
      out.write(chunk);
      all.push(chunk);
      for (const line of chunk.toString().split("\n")) if (line.trim()) recent.push(line);
      recent.splice(0, Math.max(0, recent.length - 30));
    };
    child.stdout.on("data", (c) => keep(c, process.stdout));
    child.stderr.on("data", (c) => keep(c, process.stderr));

    let up = false;
    let lastAnswer = Date.now();
    let stopped = false;
    const watch = setInterval(async () => {
      if (await answers()) {
        up = true;
        lastAnswer = Date.now();
        return;
      }
      if (!up || stopped || Date.now() - lastAnswer < STALL_MS) return;
      stopped = true;
      clearInterval(watch);
      console.error(
        `\n✘ The browser-test server on port ${port} has not answered for ${Math.round(STALL_MS / 1000)} s; ` +
          "stopping the run instead of letting every remaining test time out.\nLast output:\n" +
          recent.map((l) => `  ${l}`).join("\n"),
      );
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {
        // already gone
      }
      killServers();
    }, CHECK_EVERY_MS);

    child.on("exit", (code, signal) => {
      clearInterval(watch);
      const result = stopped ? 3 : (code ?? (signal ? 1 : 0));
      if (result !== 0) failures.push(failureSummary(Buffer.concat(all).toString()));
      resolve(result);
    });
  });
}

/** Failed projects' reports, printed again at the very end: CI keeps only a log's tail. */
const failures = [];
const SUMMARY_LINES = 60;

/**
 * The names of the failed tests (the list reporter's "N failed" list), then its failure reports
 * (from "  1) [" on), cut to SUMMARY_LINES lines: the names survive when the reports do not.
 */
function failureSummary(output) {
  const lines = output.replace(/\x1b\[[0-9;]*m/g, "").split("\n");
  const counted = lines.findIndex((l) => /^\s+\d+ failed\b/.test(l));
  const names = counted < 0 ? [] : lines.slice(counted + 1).filter((l) => /^\s+\[/.test(l));
  const from = lines.findIndex((l) => /^\s+1\) \[/.test(l));
  const to = counted < 0 ? lines.length : counted;
  const reports = from < 0 ? lines.filter((l) => l.trim()).slice(-20) : lines.slice(from, to).filter((l) => l.trim());
  const room = Math.max(10, SUMMARY_LINES - names.length);
  return [
    ...names,
    ...reports.slice(0, room),
    ...(reports.length > room ? [`  … ${reports.length - room} more lines in the report above`] : []),
  ].join("\n");
}

/** workerd processes serving the test port: wrangler starts them in a process group of their own. */
function killServers() {
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmd = readFileSync(`/proc/${entry}/cmdline`, "utf8");
      if (cmd.includes("workerd") && cmd.includes(`:${port}`)) process.kill(Number(entry), "SIGKILL");
    } catch {
      // gone meanwhile, or not ours to read
    }
  }
}

// The Worker itself answers this (an unknown host: one D1 look-up and a small page), so a stuck
// isolate is noticed even while static files would still be served.
async function answers() {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(CHECK_EVERY_MS * 2) });
    await res.arrayBuffer();
    return true;
  } catch {
    return false;
  }
}

const args = process.argv.slice(2);
// A run for one project (or with its own --project) is one Playwright run; otherwise one per project.
const projects = args.some((a) => a.startsWith("--project")) ? [null] : ["js-on", "js-off"];
if (await answers()) {
  console.error(`Something already answers on port ${port}: stop it (or set E2E_PORT) and run again.`);
  process.exit(1);
}
// Each step's time, printed at the end: where the browser tests' minutes go (decision 100).
const times = [];
const timed = async (name, step) => {
  const from = performance.now();
  const result = await step();
  times.push(`${name} ${((performance.now() - from) / 1000).toFixed(1)} s`);
  return result;
};
await timed("bundle", () => bundleWorker(E2E_BUNDLE_DIR));
// No sharing images: no browser test looks at them (the Worker tests do), and they take seconds.
// The seed draws the demo pictures (decision 083), 30–60 s here: it is made once, and each
// project starts from a copy of it, as fresh as a seed of its own (decision 100).
await timed("seed", () => seedState(E2E_SEEDED_DIR, { shareImages: false }));
let failed = 0;
for (const project of projects) {
  rmSync(E2E_STATE_DIR, { recursive: true, force: true });
  cpSync(E2E_SEEDED_DIR, E2E_STATE_DIR, { recursive: true });
  const code = await timed(project ?? "playwright", () =>
    playwright(project ? [`--project=${project}`, ...args] : args),
  );
  if (code === 3) process.exit(3);
  if (code !== 0) failed = code;
}
if (failures.length > 0) console.log(`\nFailed browser tests, again:\n${failures.join("\n")}`);
console.log(`\nBrowser tests: ${times.join(", ")}.`);
process.exit(failed);
