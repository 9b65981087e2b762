// Lighthouse (mobile: simulated slow 4G, 4× CPU) on beauty's home, a category list and a product
// page, served by the production bundle in workerd with a fresh seeded database (as `npm run
// bench`). Uses Debian's Chromium (CHROME_PATH, default /usr/bin/chromium): nothing is downloaded.
// Not part of `npm test`: run `npm run build && npm run lighthouse`.
// Each page is measured LIGHTHOUSE_RUNS times (default 5), after one uncounted run in the fresh
// browser, and the goals (issue 39) hold in **every** run, not in a median: the page's own figures,
// LCP ≤ 1.2 s, FCP ≤ 1.0 s, CLS 0, the main thread's busy time after the first paint ≤ 50 ms by
// CPU, accessibility and SEO 100. The performance score is printed but is no goal: on this
// two-core machine it moves by up to 8 points between batches of one build (docs/performance.md),
// as it counts wall time in which the page's main thread waits for a core.
// Busy time by CPU is read from each run's trace (mainThreadCpuAfterPaint below). Full reports:
// .lighthouse/{page}-{run}.json. A page that starts on use (decision 135: home, lists, a product)
// must fetch and run no script during the load; what its first use then costs (a scroll, until it
// has hydrated) is printed per run beside its table.
// LIGHTHOUSE_PAGES=product,/link?type=terms measures some of the pages, or others by their path.
// LIGHTHOUSE_TRACES=1 also writes each run's trace (.lighthouse/{page}-{run}.trace.json), to read
// task by task what the main thread did (docs/performance.md).
// LIGHTHOUSE_CPU=1 prints, per run, the CPU time each kind of process took (Chromium's browser, GPU,
// network and renderer processes, workerd, Lighthouse itself), the frames Lighthouse screenshotted
// and the observed first paint: what the page's main thread shared the two cores with.
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import { availableParallelism, loadavg } from "node:os";
import http from "node:http";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import puppeteer from "puppeteer-core";
import { startProductionWorker } from "./lib/production-worker.mjs";

const PORT = Number(process.env.LIGHTHOUSE_PORT || 3391);
const HOST = `beauty.localhost:${PORT}`;
const ALL_PAGES = [
  ["home", "/"],
  ["list", "/shop/list?category=0"],
  ["product", "/shop/view/b0017"],
];
// LIGHTHOUSE_PAGES=product,/link?type=terms: some of them by name, or any other page by its path.
const PAGES = process.env.LIGHTHOUSE_PAGES
  ? process.env.LIGHTHOUSE_PAGES.split(",").map(
      (want) => ALL_PAGES.find(([name]) => name === want) ?? [want.replace(/\W+/g, "-").replace(/^-|-$/g, ""), want],
    )
  : ALL_PAGES;
/** app/lib/after-paint.ts START_ON_USE: on <html> of a page that starts on use (decision 135). */
const START_ON_USE = "data-start-on-use";
const GOALS = { lcp: 1200, fcp: 1000, cls: 0, cpu: 50, accessibility: 100, seo: 100 };
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS || 5));

const mf = await startProductionWorker({ port: PORT, dir: ".lighthouse" });
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH || "/usr/bin/chromium",
  chromeFlags: [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
});

/** The machine's load average over the last minute: how quiet the measurement was. */
const loadAverage = () => loadavg()[0].toFixed(2);

/** A response's body, over loopback with the shop's host (fetch cannot set Host). */
const get = (path) =>
  new Promise((resolve, reject) =>
    http
      .get({ host: "127.0.0.1", port: PORT, path, headers: { host: HOST } }, (res) => {
        const chunks = [];
        res.on("data", (chunk) => chunks.push(chunk)).on("end", () => resolve(Buffer.concat(chunks).toString()));
      })
      .on("error", reject),
  );

/**
 * CPU ms by kind of process, exited children included (/proc's utime, stime, cutime and cstime,
 * in 10 ms ticks). Renderers are forked and reaped by Chromium's zygote, so its children's time is
 * theirs: both count as "renderer".
 */
function cpuByKind() {
  const kinds = {};
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmd = readFileSync(`/proc/${entry}/cmdline`, "utf8");
      const kind = cmd.includes("workerd")
        ? "workerd"
        : /chrom/.test(cmd)
          ? (/--type=([a-z-]+)/.exec(cmd)?.[1] ?? "browser").replace("zygote", "renderer")
          : null;
      if (!kind) continue;
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      kinds[kind] = (kinds[kind] ?? 0) + (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) * 10;
    } catch {
      // gone meanwhile
    }
  }
  const own = process.cpuUsage();
  kinds.lighthouse = Math.round((own.user + own.system) / 1000);
  return kinds;
}

/** Frames screenshotted during the load, and the observed first contentful paint, from a trace. */
function framesAndPaint(trace) {
  const events = trace.traceEvents;
  const start = navigation(events);
  const fcp = events.find((e) => e.name === "firstContentfulPaint");
  return {
    frames: events.filter((e) => e.name === "Screenshot" && e.ts >= start?.ts).length,
    observedFcp: start && fcp ? Math.round((fcp.ts - start.ts) / 1000) : NaN,
  };
}

/** Chromium's names for a top-level task of a thread's message loop. */
const TOP_LEVEL_TASKS = new Set(["RunTask", "ThreadControllerImpl::RunTask"]);

/** The measured document's navigation in a trace: its renderer's main thread (pid, tid) and start. */
function navigation(events) {
  return events.findLast((e) => e.name === "navigationStart" && e.args?.data?.documentLoaderURL?.startsWith("http"));
}

/**
 * The renderer main thread's CPU time (ms) in tasks after the page's first contentful paint, and
 * the longest such task's: each top-level task's (`RunTask`, what Lighthouse's own task list
 * starts from) `tdur` (thread time), not its `dur` (wall), until the trace ends. On this
 * machine a task's wall time is often ten times its CPU time, the rest spent waiting for a core
 * that workerd, Lighthouse or Chromium's other processes hold: the CPU time is the page's own work,
 * which a phone does too (Lighthouse simulates that phone as 4× this CPU, and so the goal is 50 ms
 * here). A task under way at the paint counts for its part after it (by wall time). Tasks nested
 * in another top-level task (a nested message loop) are counted once, with the outer one. `modules`
 * is how many module scripts the thread evaluated after the paint: none means the page did not
 * hydrate before Lighthouse stopped tracing, and its CPU figure would leave hydration out.
 */
function mainThreadCpuAfterPaint(trace) {
  const events = trace.traceEvents;
  const nav = navigation(events);
  const paint = events.find((e) => e.name === "firstContentfulPaint" && e.pid === nav?.pid && e.ts >= nav.ts);
  if (!nav || !paint) return { cpu: NaN, longest: NaN, modules: 0 };
  return threadCpuFrom(events, nav.pid, nav.tid, paint.ts);
}

/**
 * One thread's CPU (ms) in top-level tasks from `from` (a trace timestamp) to the trace's end, the
 * longest such task's, and the module scripts it evaluated: as mainThreadCpuAfterPaint says.
 */
function threadCpuFrom(events, pid, tid, from) {
  const own = (e) => e.pid === pid && e.tid === tid;
  const modules = events.filter((e) => e.name === "v8.evaluateModule" && own(e) && e.ts >= from).length;
  const tasks = events
    .filter((e) => e.ph === "X" && own(e) && TOP_LEVEL_TASKS.has(e.name) && e.ts + e.dur > from)
    .sort((a, b) => a.ts - b.ts);
  let cpu = 0;
  let longest = 0;
  let until = 0;
  for (const task of tasks) {
    if (task.ts < until) continue;
    until = task.ts + task.dur;
    const share = task.ts >= from || task.dur === 0 ? 1 : (until - from) / task.dur;
    const ms = ((task.tdur ?? task.dur) * share) / 1000;
    cpu += ms;
    longest = Math.max(longest, ms);
  }
  return { cpu: Math.round(cpu), longest: Math.round(longest), modules };
}

/** A run's figures (ms, scores out of 100), and the goals it missed. */
function figures(lhr, trace, startsOnUse) {
  const a = lhr.audits;
  const { cpu, longest, modules } = mainThreadCpuAfterPaint(trace);
  // A page that starts on use (decision 135) fetches and runs none of its scripts until the shopper
  // reaches for it, which Lighthouse never does: its trace must show none (what its first use costs
  // is measured apart: firstUse below). Any other page must have hydrated within the trace.
  const scripts = a["network-requests"].details.items.filter((r) => /\/build\/.+\.js(\?|$)/.test(r.url)).length;
  const run = {
    lcp: Math.round(a["largest-contentful-paint"].numericValue),
    fcp: Math.round(a["first-contentful-paint"].numericValue),
    cls: Number(a["cumulative-layout-shift"].numericValue.toFixed(3)),
    cpu,
    longest,
    modules,
    accessibility: Math.round(lhr.categories.accessibility.score * 100),
    seo: Math.round(lhr.categories.seo.score * 100),
    performance: Math.round(lhr.categories.performance.score * 100),
    tbt: Math.round(a["total-blocking-time"].numericValue),
  };
  const misses = [
    !(run.lcp <= GOALS.lcp) && `LCP ${run.lcp} ms > ${GOALS.lcp} ms`,
    !(run.fcp <= GOALS.fcp) && `FCP ${run.fcp} ms > ${GOALS.fcp} ms`,
    !(run.cls <= GOALS.cls) && `CLS ${run.cls} > ${GOALS.cls}`,
    !(run.cpu <= GOALS.cpu) && `main-thread CPU after first paint ${run.cpu} ms > ${GOALS.cpu} ms`,
    !startsOnUse && run.modules === 0 && "no module script ran before the trace ended (the page did not hydrate in it)",
    startsOnUse && (scripts > 0 || run.modules > 0) && "a page that starts on use fetched or ran scripts unused",
    !(run.accessibility >= GOALS.accessibility) && `accessibility ${run.accessibility} < ${GOALS.accessibility}`,
    !(run.seo >= GOALS.seo) && `SEO ${run.seo} < ${GOALS.seo}`,
  ].filter(Boolean);
  // What lost points, so a failure says where to look.
  const failing = Object.values(a)
    .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode !== "informative")
    .filter((audit) => ["binary", "numeric", "metricSavings"].includes(audit.scoreDisplayMode) || audit.details)
    .map((audit) => `${audit.id} (${audit.score})`)
    .slice(0, 12);
  return { ...run, misses, failing };
}

/** How long after the load the first use comes, in firstUse. */
const FIRST_USE_AFTER_MS = 1000;

/**
 * What a page that starts on use costs at its first use: in a phone-sized tab of the same
 * Chromium (no throttling: CPU is read by thread time, as in the runs), the page loaded, a scroll of
 * the wheel a second later, then the renderer main thread's CPU from that scroll until the page has
 * hydrated and the network is idle (its frame's parts loaded), by the same reading of the trace.
 */
async function firstUse(url) {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const page = await browser.newPage();
  try {
    await page.setViewport({ width: 412, height: 915, isMobile: true, hasTouch: true, deviceScaleFactor: 1 });
    await page.goto(url, { waitUntil: "networkidle0" });
    await new Promise((resolve) => setTimeout(resolve, FIRST_USE_AFTER_MS));
    await page.tracing.start({
      categories: [
        "devtools.timeline",
        "disabled-by-default-devtools.timeline",
        "toplevel",
        "v8.execute",
        "blink.user_timing",
      ],
    });
    await page.evaluate(() => performance.mark("first-use"));
    await page.mouse.move(200, 400);
    await page.mouse.wheel({ deltaY: 200 });
    await page.waitForSelector("html[data-hydrated]", { timeout: 15_000 });
    await page.waitForNetworkIdle({ idleTime: 500 });
    const trace = JSON.parse(Buffer.from(await page.tracing.stop()).toString());
    return cpuAfterMark(trace.traceEvents, "first-use");
  } finally {
    await page.close();
    browser.disconnect();
  }
}

/** The main thread's CPU (ms) in top-level tasks after a user-timing mark, as mainThreadCpuAfterPaint reads it. */
function cpuAfterMark(events, name) {
  const mark = events.find((e) => e.name === name && e.cat?.includes("blink.user_timing"));
  return mark ? threadCpuFrom(events, mark.pid, mark.tid, mark.ts) : { cpu: NaN, longest: NaN, modules: 0 };
}

const pages = [];
const cpuRows = [];
const load = loadAverage();
try {
  for (const [name, path] of PAGES) {
    const url = `http://${HOST}${path}`;
    // One warm-up load: the first request of an isolate compiles the Worker, and the first request
    // of a picture's size makes it (functions/picture-sizes.ts), which no shopper pays twice.
    const html = await get(path);
    const startsOnUse = html.includes(START_ON_USE);
    const pictures = new Set(
      [...html.matchAll(/srcset="([^"]+)"/gi)].flatMap((m) => m[1].split(",").map((c) => c.trim().split(" ")[0])),
    );
    await Promise.all([...pictures].map(get));
    // One run in the browser just started, not counted: there the first layout waits 200 ms or
    // more with little CPU (the first page of a fresh Chromium loads its fonts; Noto CJK's files
    // are tens of MB), which no shopper's phone does per page. Lighthouse clears the browser's
    // caches before every run all the same.
    if (name === PAGES[0][0])
      await lighthouse(url, { port: chrome.port, logLevel: "error", onlyCategories: ["performance"] });
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      const before = process.env.LIGHTHOUSE_CPU ? cpuByKind() : null;
      const { lhr, artifacts } = await lighthouse(url, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance", "accessibility", "seo"],
      });
      const run = figures(lhr, artifacts.Trace, startsOnUse);
      runs.push(run);
      // The whole report, to read which requests and audits cost what.
      writeFileSync(`.lighthouse/${name}-${i}.json`, JSON.stringify(lhr));
      if (before) {
        const after = cpuByKind();
        const cpu = Object.keys(after)
          .sort()
          .map((kind) => `${kind} ${after[kind] - (before[kind] ?? 0)}`)
          .join(", ");
        const { frames, observedFcp } = framesAndPaint(artifacts.Trace);
        cpuRows.push(
          `| ${name} ${i + 1} | ${run.performance} | ${run.tbt} ms | ${run.lcp} ms | ${observedFcp} ms | ${frames} | ${cpu} |`,
        );
      }
      if (process.env.LIGHTHOUSE_TRACES)
        writeFileSync(`.lighthouse/${name}-${i}.trace.json`, JSON.stringify(artifacts.Trace));
    }
    const uses = [];
    if (startsOnUse) for (let i = 0; i < RUNS; i++) uses.push(await firstUse(url));
    pages.push({ name, path, runs, uses });
  }
} finally {
  await chrome.kill();
  await mf.dispose();
}

const spread = (values) => `${Math.min(...values)}–${Math.max(...values)}`;
console.log(
  `${RUNS} run(s) per page; goals in every run: LCP ≤ ${GOALS.lcp} ms, FCP ≤ ${GOALS.fcp} ms, CLS ${GOALS.cls}, ` +
    `main-thread CPU after first paint ≤ ${GOALS.cpu} ms, accessibility and SEO ${GOALS.seo}. ` +
    `Load average (1 min) ${load} before, ${loadAverage()} after, on ${availableParallelism()} cores.`,
);
for (const { name, path, runs, uses } of pages) {
  console.log(`\n${name} ${path}`);
  console.log(
    "| run | LCP | FCP | CLS | main-thread CPU after paint (longest task) | modules run | accessibility | SEO | performance | TBT |",
  );
  console.log("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |");
  runs.forEach((r, i) =>
    console.log(
      `| ${i + 1}${r.misses.length ? " ✘" : ""} | ${r.lcp} ms | ${r.fcp} ms | ${r.cls} | ${r.cpu} ms (${r.longest} ms) | ${r.modules} | ${r.accessibility} | ${r.seo} | ${r.performance} | ${r.tbt} ms |`,
    ),
  );
  const col = (key) => spread(runs.map((r) => r[key]));
  if (uses.length)
    console.log(
      `first use (a scroll ${FIRST_USE_AFTER_MS} ms after the load), main-thread CPU until hydrated and idle: ${uses.map((u) => `${u.cpu} ms (longest task ${u.longest} ms, ${u.modules} modules)`).join(", ")}`,
    );
  console.log(
    `| spread | ${col("lcp")} ms | ${col("fcp")} ms | ${col("cls")} | ${col("cpu")} ms | ${col("modules")} | ${col("accessibility")} | ${col("seo")} | ${col("performance")} | ${col("tbt")} ms |`,
  );
}
if (cpuRows.length) {
  console.log("\nPer run: observed first paint, frames screenshotted, CPU ms by process over the whole run.");
  console.log("| run | performance | TBT | LCP | observed FCP | frames | CPU ms |");
  console.log("| --- | --- | --- | --- | --- | --- | --- |");
  for (const row of cpuRows) console.log(row);
}
let failed = false;
for (const { name, path, runs } of pages) {
  runs.forEach((r, i) => {
    if (!r.misses.length) return;
    failed = true;
    console.error(`${name} ${path}, run ${i + 1}: missed ${r.misses.join(", ")}`);
    if (r.failing.length) console.error(`  audits not passed: ${r.failing.join(", ")}`);
  });
}
if (failed) process.exit(1);
