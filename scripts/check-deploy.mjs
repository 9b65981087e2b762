// `npm run check:deploy` (part of `npm test`, so CI runs it): what `wrangler deploy` would upload,
// for the local configuration and for `--env production`, held to budgets set from Cloudflare's
// limits (decision 091). Nothing reaches Cloudflare: a dry run and a local start-up profile.
//
// - Size: the Worker's upload, gzip, within 3 MB (the Workers Free plan's limit after compression;
//   the Paid plan allows 10 MB). A budget of our own below it warns first.
// - Start-up: the CPU time workerd spends parsing the bundle and running its top level, from
//   `wrangler check startup`'s profile, median of three, within 400 ms (the limit Cloudflare
//   documented until 2025, when it became 1 s; measured here on a slower, shared machine).
import { execFileSync } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import { gzipSync } from "node:zlib";

const DIR = ".wrangler/deploy-check";
const MB = 1000 * 1000;
const SIZE_LIMIT = 3 * MB;
const SIZE_WARNING = 1.5 * MB;
const STARTUP_LIMIT_MS = 400;
const RUNS = 3;

const wrangler = (args) =>
  execFileSync("npx", ["wrangler", ...args], { stdio: ["ignore", "pipe", "pipe"], encoding: "utf8" });

/** CPU milliseconds in a V8 profile outside "(idle)": each sample counts the time since the one before. */
function busyMs(profile) {
  const names = new Map(profile.nodes.map((n) => [n.id, n.callFrame.functionName]));
  let us = 0;
  profile.samples.forEach((node, i) => {
    if (names.get(node) !== "(idle)") us += profile.timeDeltas[i] ?? 0;
  });
  return us / 1000;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * The Worker's modules in a `wrangler deploy --outfile` bundle (multipart form data): every part
 * with a file name but its source maps, which wrangler writes into the file but uploads only with
 * `upload_source_maps` (not set here).
 */
function uploadedModules(bundle) {
  const boundary = bundle.subarray(0, bundle.indexOf("\r\n")).toString("latin1");
  const modules = [];
  let at = bundle.indexOf(boundary);
  while (at >= 0) {
    const next = bundle.indexOf(boundary, at + boundary.length);
    if (next < 0) break;
    const part = bundle.subarray(at + boundary.length + 2, next - 2);
    const headEnd = part.indexOf("\r\n\r\n");
    const head = part.subarray(0, headEnd).toString("latin1");
    const file = /filename="([^"]+)"/.exec(head)?.[1];
    if (file && !file.endsWith(".map")) modules.push(part.subarray(headEnd + 4));
    at = next;
  }
  return Buffer.concat(modules);
}

rmSync(DIR, { recursive: true, force: true });
let failed = false;
for (const env of [null, "production"]) {
  const name = env ?? "local";
  const envArgs = [`--env=${env ?? ""}`];
  const bundle = `${DIR}/${name}/worker.bundle`;
  try {
    wrangler(["deploy", "--dry-run", ...envArgs, "--outfile", bundle]);
  } catch (error) {
    console.error(`✘ ${name}: \`wrangler deploy --dry-run\` failed:\n${error.stderr || error.message}`);
    failed = true;
    continue;
  }
  const size = gzipSync(uploadedModules(readFileSync(bundle))).length;
  const sizeNote = `${(size / MB).toFixed(2)} MB gzip (limit ${SIZE_LIMIT / MB} MB)`;
  if (size > SIZE_LIMIT) {
    console.error(`✘ ${name}: the upload is ${sizeNote}: Cloudflare would refuse it.`);
    failed = true;
  } else if (size > SIZE_WARNING) {
    console.warn(`▲ ${name}: the upload is ${sizeNote}, past our own warning at ${SIZE_WARNING / MB} MB.`);
  }

  const runs = [];
  for (let i = 0; i < RUNS; i++) {
    const profile = `${DIR}/${name}/startup-${i}.cpuprofile`;
    wrangler(["check", "startup", "--worker", bundle, "--outfile", profile]);
    runs.push(busyMs(JSON.parse(readFileSync(profile, "utf8"))));
  }
  const startup = median(runs);
  const startupNote = `start-up ${startup.toFixed(0)} ms CPU (median of ${runs.map((r) => r.toFixed(0)).join(", ")}; budget ${STARTUP_LIMIT_MS} ms)`;
  if (startup > STARTUP_LIMIT_MS) {
    console.error(`✘ ${name}: ${startupNote}. Move work out of the module's top level.`);
    failed = true;
  } else {
    console.log(`✔ ${name}: ${sizeNote}, ${startupNote}.`);
  }
}
process.exit(failed ? 1 : 0);
