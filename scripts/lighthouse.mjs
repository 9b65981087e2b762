// Speed as the shopper feels it (issue 51, decision 162): a Lighthouse user flow on beauty's product
// page, a category list and home, served by the production bundle in workerd with a fresh seeded
// database (as `npm run bench`). Uses Debian's Chromium (CHROME_PATH, default /usr/bin/chromium)
// through puppeteer-core: nothing is downloaded. Not part of `npm test`: run `npm run lighthouse`.
//
// Each run is one flow, a fresh shopper (no cookies, an empty cache) on each page, on Lighthouse's
// mobile profile (a Moto G Power's screen, 4× CPU, slow 4G):
//   1. a navigation step (Lighthouse's simulated throttling, as before): LCP, FCP, CLS,
//      accessibility, SEO; a page that starts on use (decision 135) must fetch and run no script;
//   2. at once, a timespan step (DevTools throttling: the CPU really slowed 4×, the network really
//      slow 4G, so the interactions are real) of the shopper's first acts, made as real input
//      (touch, keys) as soon as the navigation step is over, never after waiting for hydration:
//      on the product page tap 50ml, tap the quantity and type 3, tap 장바구니 담기; on the list and
//      home tap a card's ♡ (찜). Anything out of view is reached by a swipe, as a thumb does. The
//      step ends when the network has been idle for 2 s: the scripts the first use fetched have run.
//   3. outside the flow, what the shopper asked is checked done: the cart holds the product's 50ml
//      three times, the favourites hold the card's product once. A page that answered fast by not
//      doing it fails (docs/performance.md: a figure is never bought by not doing what was asked).
// Goals, in every run (no median): LCP ≤ 1.2 s, FCP ≤ 1.0 s, CLS 0 (load and taps), INP ≤ 200 ms,
// the JavaScript that arrived during the taps ≤ 100 KB gzip (the bodies as the server sent them,
// gzip), accessibility and SEO 100, and the taps' work done. Exit 1 on any miss.
// The performance score and TBT are printed, no goals (decision 124).
//
// LIGHTHOUSE_RUNS=1: fewer runs (default 5). LIGHTHOUSE_PAGES=product,list: some of the pages, or
// others by their path (a navigation step only: no taps are defined for them).
// Written to .lighthouse/ (ignored by git): flow-{run}.html, the flow report for a person to read
// (each step's figures, the interactions and what ran during them), and flow-{run}.json.
// LIGHTHOUSE_TRACES=1 also writes each step's trace (.lighthouse/flow-{run}-{step}.trace.json).
import { writeFileSync } from "node:fs";
import http from "node:http";
import { availableParallelism, loadavg } from "node:os";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { NetworkRecords, startFlow } from "lighthouse";
import { screenEmulationMetrics, userAgents } from "lighthouse/core/config/constants.js";
import puppeteer from "puppeteer-core";
import { startProductionWorker } from "./lib/production-worker.mjs";

const PORT = Number(process.env.LIGHTHOUSE_PORT || 3391);
const HOST = `beauty.localhost:${PORT}`;
const ORIGIN = `http://${HOST}`;
/** app/lib/after-paint.ts START_ON_USE: on <html> of a page that starts on use (decision 135). */
const START_ON_USE = "data-start-on-use";
const GOALS = { lcp: 1200, fcp: 1000, cls: 0, inp: 200, jsAfterUse: 100 * 1024, accessibility: 100, seo: 100 };
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS || 5));
/** A shopper's pause between one act and the next (a tap, a swipe, the next field). */
const PAUSE_MS = 500;
/** Between two keys typed. */
const KEY_MS = 150;
/** How long the network must be quiet before a timespan ends. */
const SETTLED_MS = 2000;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The shopper's hands on a page: taps and keys through the DevTools input of a touch screen
 * (puppeteer's touchscreen and keyboard), each act named so that the interactions in the trace can
 * be told apart (one interaction per tap or key, in order).
 */
function hands(page) {
  const acts = [];
  /** Where to tap the element: its centre once nothing covers it, swiping the page up or down until so. */
  async function reach(selector) {
    for (let swipe = 0; swipe < 8; swipe++) {
      const element = await page.waitForSelector(selector, { timeout: 10_000 });
      const at = await element.evaluate((el) => {
        const box = el.getBoundingClientRect();
        const x = box.left + box.width / 2;
        const y = box.top + box.height / 2;
        const top = y > 0 && y < innerHeight ? document.elementFromPoint(x, y) : null;
        // A fixed bar (the buy bar) may lie over it: only a tap that would land on it counts.
        const hit = !!top && (el.contains(top) || [...(el.labels ?? [])].some((label) => label.contains(top)));
        return { x, y, hit, width: innerWidth, height: innerHeight };
      });
      await element.dispose();
      if (at.hit) return at;
      // A thumb's swipe: the finger down, moved in 10 steps, held still a moment (no fling), lifted.
      const by = Math.max(-at.height / 2, Math.min(at.height / 2, at.y - at.height * 0.4));
      const from = by > 0 ? at.height * 0.75 : at.height * 0.25;
      await page.touchscreen.touchStart(at.width / 2, from);
      for (let step = 1; step <= 10; step++) {
        await page.touchscreen.touchMove(at.width / 2, from - (by * step) / 10);
        await sleep(16);
      }
      await sleep(100);
      await page.touchscreen.touchEnd();
      await settledScroll();
    }
    throw new Error(`${selector}: not reached by swiping`);
  }
  async function settledScroll() {
    let last = NaN;
    for (let i = 0; i < 40; i++) {
      await sleep(100);
      const y = await page.evaluate(() => scrollY);
      if (y === last) return;
      last = y;
    }
  }
  return {
    acts,
    async tap(name, selector) {
      const { x, y } = await reach(selector);
      acts.push(name);
      await page.touchscreen.tap(x, y);
      await sleep(PAUSE_MS);
    },
    async type(name, keys) {
      for (const key of keys) {
        acts.push(`${name} ${key}`);
        await page.keyboard.press(key);
        await sleep(KEY_MS);
      }
      await sleep(PAUSE_MS - KEY_MS);
    },
  };
}

/** A card's ♡ (찜) on a list of products: the first card's. */
const FIRST_CARD_LIKE = 'li button[data-testid="like"]';

/**
 * The pages, and on each the shopper's first acts (`act`) and what they asked for (`asked`, read
 * from the page before the first act; `done` says what the shop holds afterwards, in the same
 * browser, outside the flow).
 */
const FLOWS = {
  product: {
    path: "/shop/view/b0005",
    asked: (page) =>
      page.evaluate(() => {
        const option = [...document.querySelectorAll('input[name="option"]')].find((input) =>
          input.closest("label")?.textContent?.includes("50ml"),
        );
        const pid = document.querySelector('input[name="pid2"]')?.getAttribute("value");
        return { line: `${pid}.${option?.getAttribute("value")}`, qty: "3" };
      }),
    async act(hand) {
      await hand.tap("50ml", '::-p-xpath(//label[.//input[@name="option"]][contains(., "50ml")])');
      await hand.tap("quantity", "#buy-qty");
      await hand.type("type", ["Backspace", "3"]);
      await hand.tap("장바구니 담기", 'form[aria-label="장바구니 담기"] button[name="intent"][value="cart"]');
    },
    async done(page, asked) {
      await page.goto(`${ORIGIN}/user/checkout`, { waitUntil: "load" });
      const lines = await page.$$eval('[data-testid="cart-row"]', (rows) =>
        rows.map((row) => ({
          line: row.getAttribute("data-line"),
          qty: row.querySelector('input[name^="qty:"]')?.getAttribute("value"),
        })),
      );
      const ok = lines.length === 1 && lines[0].line === asked.line && lines[0].qty === asked.qty;
      const cart = lines.length ? lines.map((l) => `${l.line} × ${l.qty}`).join(", ") : "empty";
      return { ok, said: ok ? `cart ${cart}` : `cart ${cart}, asked ${asked.line} × ${asked.qty}` };
    },
  },
  list: {
    path: "/shop/list?category=0",
    asked: likedCard,
    act: (hand) => hand.tap("찜", FIRST_CARD_LIKE),
    done: likedOnce,
  },
  home: {
    path: "/",
    asked: likedCard,
    act: (hand) => hand.tap("찜", FIRST_CARD_LIKE),
    done: likedOnce,
  },
};

/** The product whose ♡ the shopper taps on a list: named by the button ("{title} 찜하기"). */
function likedCard(page) {
  return page.$eval(FIRST_CARD_LIKE, (button) => ({
    title: button.getAttribute("aria-label")?.replace(/ 찜하기$/, ""),
  }));
}

/** The favourites hold that product, once, and nothing else (the shopper is new on each page). */
async function likedOnce(page, asked) {
  await page.goto(`${ORIGIN}/myshop/favorite`, { waitUntil: "load" });
  // A liked product's ♡ is named "{title} 찜 해제".
  const titles = await page.$$eval('main button[data-testid="like"]', (buttons) =>
    buttons.map((b) => b.getAttribute("aria-label")?.replace(/ 찜 해제$/, "")),
  );
  const ok = titles.length === 1 && titles[0] === asked.title;
  return { ok, said: ok ? `찜 ${titles[0]}` : `favourites [${titles.join(", ")}], asked ${asked.title}` };
}

// LIGHTHOUSE_PAGES=product,/link?type=terms: some of them by name, or any other page by its path.
const PAGES = (process.env.LIGHTHOUSE_PAGES?.split(",") ?? Object.keys(FLOWS)).map((want) =>
  FLOWS[want] ? { name: want, ...FLOWS[want] } : { name: want.replace(/\W+/g, "-").replace(/^-|-$/g, ""), path: want },
);

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

/** A script of the app's build, by URL. */
const BUILD_SCRIPT = /\/build\/.+\.js(\?|$)/;

/** What a navigation step measured, and the goals it missed. */
function loadFigures(lhr, trace, startsOnUse) {
  const a = lhr.audits;
  // A page that starts on use (decision 135) fetches and runs none of its scripts until the
  // shopper reaches for it, which a navigation step never does.
  const scripts = a["network-requests"].details.items.filter((r) => BUILD_SCRIPT.test(r.url)).length;
  const modules = trace.traceEvents.filter((e) => e.name === "v8.evaluateModule").length;
  const run = {
    lcp: Math.round(a["largest-contentful-paint"].numericValue),
    fcp: Math.round(a["first-contentful-paint"].numericValue),
    cls: Number(a["cumulative-layout-shift"].numericValue.toFixed(3)),
    accessibility: Math.round(lhr.categories.accessibility.score * 100),
    seo: Math.round(lhr.categories.seo.score * 100),
    performance: Math.round(lhr.categories.performance.score * 100),
    tbt: Math.round(a["total-blocking-time"].numericValue),
  };
  const misses = [
    !(run.lcp <= GOALS.lcp) && `LCP ${run.lcp} ms > ${GOALS.lcp} ms`,
    !(run.fcp <= GOALS.fcp) && `FCP ${run.fcp} ms > ${GOALS.fcp} ms`,
    !(run.cls <= GOALS.cls) && `CLS of the load ${run.cls} > ${GOALS.cls}`,
    startsOnUse && (scripts > 0 || modules > 0) && "a page that starts on use fetched or ran scripts before any use",
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

/**
 * The interactions in a trace (Chromium's EventTiming events, one interaction per tap or key),
 * in order: each one's duration (from the input to the next paint: what INP takes the worst of)
 * and its parts (input delay, processing, presentation), and the trace's span of it.
 */
function interactions(trace) {
  const byId = new Map();
  for (const e of trace.traceEvents) {
    if (e.name !== "EventTiming" || e.ph !== "b") continue;
    const d = e.args?.data;
    if (!d?.interactionId) continue;
    // Interaction ids count per document, and a form posted before the scripts loads a new one:
    // each document is told by its time origin (the event's trace time less its own timestamp).
    const key = `${Math.round((e.ts / 1000 - d.timeStamp) / 10)}:${d.interactionId}`;
    const seen = byId.get(key);
    if (!seen || d.duration > seen.duration)
      byId.set(key, {
        type: d.type,
        duration: d.duration,
        inputDelay: Math.round(d.processingStart - d.timeStamp),
        processing: Math.round(d.processingEnd - d.processingStart),
        presentation: Math.round(d.timeStamp + d.duration - d.processingEnd),
        pid: e.pid,
        ts: Math.min(seen?.ts ?? Infinity, e.ts),
        // The event's start is its input's time; it lasts until the next paint.
        end: Math.max(seen?.end ?? 0, e.ts + d.duration * 1000),
      });
  }
  return [...byId.values()].sort((a, b) => a.ts - b.ts);
}

/** Trace events that only wrap others (a task, an input's flow): not what a task was. */
const WRAPPERS = new Set(["RunTask", "ThreadControllerImpl::RunTask", "LatencyInfo.Flow"]);

/**
 * What the renderer's main thread ran during an interaction: its top-level tasks overlapping it,
 * longest first, each by its wall and CPU time and what it mostly was (its longest event inside).
 */
function tasksDuring(trace, interaction) {
  const events = trace.traceEvents;
  const main = events.find(
    (e) => e.ph === "M" && e.name === "thread_name" && e.pid === interaction.pid && e.args?.name === "CrRendererMain",
  );
  if (!main) return [];
  const own = (e) => e.pid === main.pid && e.tid === main.tid && e.ph === "X";
  const tasks = events.filter(
    (e) => own(e) && e.name === "RunTask" && e.ts < interaction.end && e.ts + e.dur > interaction.ts,
  );
  return tasks
    .sort((a, b) => b.dur - a.dur)
    .slice(0, 3)
    .map((task) => {
      const inner = events
        .filter((e) => own(e) && !WRAPPERS.has(e.name) && e.ts >= task.ts && e.ts + e.dur <= task.ts + task.dur)
        .sort((a, b) => b.dur - a.dur)[0];
      const data = inner?.args?.data;
      const what = inner
        ? [inner.name, data?.type, data?.functionName, data?.url?.replace(/.*\//, "")].filter(Boolean).join(" ")
        : "";
      // Wall time and the thread's own CPU time: far apart, the thread waited for a core (the 4×
      // slowdown's pauses, or another process holding this machine's two).
      const cpu = task.tdur === undefined ? "" : `, ${Math.round(task.tdur / 1000)} ms CPU`;
      return `${Math.round(task.dur / 1000)} ms${cpu}${what ? ` (${what})` : ""}`;
    });
}

/**
 * The JavaScript that arrived during a timespan, from its network records: the files, their
 * bodies as the server sent them (gzip, what the budget counts) and with their headers.
 */
async function scriptsArrived(devtoolsLog) {
  const records = await NetworkRecords.request(devtoolsLog, { computedCache: new Map() });
  const scripts = records.filter(
    (r) =>
      r.url.startsWith("http") &&
      (r.resourceType === "Script" || /javascript/.test(r.mimeType ?? "")) &&
      r.transferSize > 0,
  );
  // The documents the taps loaded: a form posted before the scripts (a page that answers without
  // them) comes back as a new page.
  const documents = records
    .filter((r) => r.url.startsWith("http") && (r.resourceType ?? r.redirectDestination?.resourceType) === "Document")
    .map((r) => `${r.requestMethod} ${new URL(r.url).pathname} ${r.statusCode}`);
  return {
    files: scripts.length,
    largest: scripts
      .map((r) => [new URL(r.url).pathname.replace(/^\/build\//, ""), r.transferSize - r.responseHeadersTransferSize])
      .sort((a, b) => b[1] - a[1]),
    body: scripts.reduce((sum, r) => sum + Math.max(0, r.transferSize - r.responseHeadersTransferSize), 0),
    transfer: scripts.reduce((sum, r) => sum + r.transferSize, 0),
    documents,
  };
}

/** What a timespan step measured, and the goals it missed. */
async function tapFigures(lhr, artifacts, { acts, done, failure }) {
  const a = lhr.audits;
  const inp = a["interaction-to-next-paint"]?.numericValue;
  const taps = interactions(artifacts.Trace);
  const js = await scriptsArrived(artifacts.DevtoolsLog);
  const named = taps.length === acts.length;
  const worst = taps.reduce((w, t) => (!w || t.duration > w.duration ? t : w), null);
  const run = {
    inp: inp === undefined ? NaN : Math.round(inp),
    cls: Number(a["cumulative-layout-shift"].numericValue.toFixed(3)),
    js,
    taps: taps.map((t, i) => `${named ? acts[i] : t.type} ${Math.round(t.duration)}`),
    worst: worst && {
      ...worst,
      name: named ? acts[taps.indexOf(worst)] : worst.type,
      duration: Math.round(worst.duration),
      tasks: tasksDuring(artifacts.Trace, worst),
    },
    done,
  };
  const misses = [
    !(run.inp <= GOALS.inp) &&
      (Number.isNaN(run.inp) ? "no interaction measured" : `INP ${run.inp} ms > ${GOALS.inp} ms`),
    !named && `${taps.length} interactions measured for ${acts.length} acts (${acts.join(", ")})`,
    !(run.cls <= GOALS.cls) && `CLS during the taps ${run.cls} > ${GOALS.cls}`,
    !(js.body <= GOALS.jsAfterUse) &&
      `JavaScript after the first use ${kb(js.body)} gzip > ${kb(GOALS.jsAfterUse)} (${js.files} files)`,
    failure && `the shopper could not go on: ${failure}`,
    !done.ok && `not done: ${done.said}`,
  ].filter(Boolean);
  return { ...run, misses };
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/** One flow: every page loaded by a new shopper, then their first acts on it. */
async function flowRun(browser, run) {
  const page = await browser.newPage();
  const m = screenEmulationMetrics.mobile;
  // Lighthouse's mobile screen and user agent, set here once rather than by each step: a step's
  // emulation ends with it, and the page would be laid out at the window's width between steps.
  await page.emulate({
    viewport: {
      width: m.width,
      height: m.height,
      deviceScaleFactor: m.deviceScaleFactor,
      isMobile: true,
      hasTouch: true,
    },
    userAgent: userAgents.mobile,
  });
  const cdp = await page.createCDPSession();
  const flow = await startFlow(page, {
    name: `beauty, run ${run}`,
    flags: { logLevel: "error", formFactor: "mobile", screenEmulation: { disabled: true }, emulatedUserAgent: false },
  });
  const steps = [];
  try {
    for (const { name, path, act, asked, done } of PAGES) {
      // A new shopper on each page: no cookie or local storage (no device, cart or favourites: the
      // scripts keep the device in both, app/shared/device.ts), an empty cache (the step's reset).
      await cdp.send("Network.clearBrowserCookies");
      await cdp.send("Storage.clearDataForOrigin", { origin: ORIGIN, storageTypes: "all" });
      await flow.navigate(`${ORIGIN}${path}`, {
        name: `${name}: load`,
        disableStorageReset: false,
        throttlingMethod: "simulate",
        onlyCategories: ["performance", "accessibility", "seo"],
      });
      const startsOnUse = await page.evaluate((mark) => document.documentElement.hasAttribute(mark), START_ON_USE);
      steps.push({ name, kind: "load", startsOnUse });
      if (!act) continue;
      const wanted = await asked(page);
      // Anything of the page's own scripts already fetched or run: then the taps would not be the
      // first use, and the JavaScript counted after it would leave some out.
      const before = await page.evaluate(
        (pattern) => ({
          scripts: performance.getEntriesByType("resource").filter((e) => new RegExp(pattern).test(e.name)).length,
          hydrated: document.documentElement.hasAttribute("data-hydrated"),
        }),
        BUILD_SCRIPT.source,
      );
      const hand = hands(page);
      await flow.startTimespan({
        name: `${name}: first taps`,
        throttlingMethod: "devtools",
        onlyCategories: ["performance"],
      });
      // Should an act fail (what to tap not found) or the network never settle, the step still ends
      // and is reported, as a miss.
      let failure = null;
      try {
        await act(hand);
        await page.waitForNetworkIdle({ idleTime: SETTLED_MS, timeout: 60_000 });
      } catch (error) {
        failure = error.message;
      }
      await flow.endTimespan();
      const said = await done(page, wanted);
      steps.push({ name, kind: "taps", acts: hand.acts, before, startsOnUse, failure, done: said });
    }
    const result = await flow.createFlowResult();
    const { gatherSteps } = flow.createArtifactsJson();
    writeFileSync(`.lighthouse/flow-${run}.json`, JSON.stringify(result));
    writeFileSync(`.lighthouse/flow-${run}.html`, await flow.generateReport());
    return await Promise.all(
      steps.map(async (step, i) => {
        const { lhr } = result.steps[i];
        const { artifacts } = gatherSteps[i];
        if (process.env.LIGHTHOUSE_TRACES)
          writeFileSync(`.lighthouse/flow-${run}-${i}.trace.json`, JSON.stringify(artifacts.Trace));
        if (step.kind === "load") return { ...step, ...loadFigures(lhr, artifacts.Trace, step.startsOnUse) };
        const figures = await tapFigures(lhr, artifacts, step);
        if (step.startsOnUse && (step.before.scripts > 0 || step.before.hydrated))
          figures.misses.push("scripts had started before the first tap: it was not the first use");
        return { ...step, ...figures };
      }),
    );
  } finally {
    await page.close();
  }
}

// The machine's load before this script's own build and seed (which raise it for a minute or two).
const loadAtStart = loadAverage();
const mf = await startProductionWorker({ port: PORT, dir: ".lighthouse" });
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH || "/usr/bin/chromium",
  chromeFlags: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
});
const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });

const runs = [];
const load = loadAverage();
try {
  for (const { path } of PAGES) {
    // One warm-up load: the first request of an isolate compiles the Worker, and the first request
    // of a picture's size makes it (functions/picture-sizes.ts), which no shopper pays twice.
    const html = await get(path);
    const pictures = new Set(
      [...html.matchAll(/srcset="([^"]+)"/gi)].flatMap((m) => m[1].split(",").map((c) => c.trim().split(" ")[0])),
    );
    await Promise.all([...pictures].map(get));
  }
  // One load in the browser just started, not counted: there the first layout waits 200 ms or
  // more with little CPU (the first page of a fresh Chromium loads its fonts; Noto CJK's files
  // are tens of MB), which no shopper's phone does per page.
  await lighthouse(`${ORIGIN}${PAGES[0].path}`, {
    port: chrome.port,
    logLevel: "error",
    onlyCategories: ["performance"],
  });
  for (let run = 1; run <= RUNS; run++) runs.push(await flowRun(browser, run));
} finally {
  browser.disconnect();
  await chrome.kill();
  await mf.dispose();
}

const spread = (values) => {
  const numbers = values.filter((v) => typeof v === "number" && !Number.isNaN(v));
  return numbers.length ? `${Math.min(...numbers)}–${Math.max(...numbers)}` : "–";
};
console.log(
  `${RUNS} run(s) per page, each one flow (.lighthouse/flow-{run}.html); goals in every run: ` +
    `LCP ≤ ${GOALS.lcp} ms, FCP ≤ ${GOALS.fcp} ms, CLS ${GOALS.cls} (load and taps), accessibility and SEO ${GOALS.seo}; ` +
    `the first taps' INP ≤ ${GOALS.inp} ms, JavaScript after the first use ≤ ${kb(GOALS.jsAfterUse)} gzip, the taps' work done. ` +
    `Load average (1 min) ${loadAtStart} before the build, ${load} before the runs, ${loadAverage()} after, ` +
    `on ${availableParallelism()} cores.`,
);
for (const { name, path } of PAGES) {
  const loads = runs.map((steps) => steps.find((s) => s.name === name && s.kind === "load"));
  const taps = runs.map((steps) => steps.find((s) => s.name === name && s.kind === "taps"));
  console.log(`\n${name} ${path}`);
  console.log(
    "| run | LCP | FCP | CLS | a11y | SEO | perf | TBT | INP | CLS taps | JS after first use: gzip (with headers, files) | each interaction (ms) | done |",
  );
  console.log("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |");
  loads.forEach((l, i) => {
    const t = taps[i];
    const missed = l.misses.length || t?.misses.length;
    console.log(
      `| ${i + 1}${missed ? " ✘" : ""} | ${l.lcp} ms | ${l.fcp} ms | ${l.cls} | ${l.accessibility} | ${l.seo} | ${l.performance} | ${l.tbt} ms | ` +
        (t
          ? `${t.inp} ms | ${t.cls} | ${kb(t.js.body)} (${kb(t.js.transfer)}, ${t.js.files}) | ${t.taps.join(", ")} | ${t.done.said}${t.js.documents.length ? ` (by page loads: ${t.js.documents.join(", ")})` : ""} |`
          : "– | – | – | – | – |"),
    );
  });
  const col = (rows, key) => spread(rows.map((r) => (typeof key === "function" ? key(r) : r?.[key])));
  const present = taps.filter(Boolean);
  console.log(
    `| spread | ${col(loads, "lcp")} ms | ${col(loads, "fcp")} ms | ${col(loads, "cls")} | ${col(loads, "accessibility")} | ${col(loads, "seo")} | ${col(loads, "performance")} | ${col(loads, "tbt")} ms | ` +
      (present.length
        ? `${col(present, "inp")} ms | ${col(present, "cls")} | ${col(present, (t) => Number((t.js.body / 1024).toFixed(1)))} KB | | ${present.filter((t) => t.done.ok).length} of ${present.length} |`
        : "– | – | – | – | – |"),
  );
}
let failed = false;
for (const steps of runs)
  for (const step of steps) {
    if (!step.misses.length) continue;
    failed = true;
    const run = runs.indexOf(steps) + 1;
    console.error(
      `${step.name} ${step.kind === "load" ? "load" : "first taps"}, run ${run}: missed ${step.misses.join(", ")}`,
    );
    if (step.failing?.length) console.error(`  audits not passed: ${step.failing.join(", ")}`);
    if (step.misses.some((m) => m.startsWith("JavaScript")))
      console.error(`  the files: ${step.js.largest.map(([file, bytes]) => `${file} ${kb(bytes)}`).join(", ")}`);
    if (step.worst && step.misses.some((m) => m.startsWith("INP")))
      console.error(
        `  the worst interaction, ${step.worst.name} (${step.worst.duration} ms): input delay ${step.worst.inputDelay} ms, ` +
          `processing ${step.worst.processing} ms, presentation ${step.worst.presentation} ms; ` +
          `main-thread tasks during it: ${step.worst.tasks.join(", ") || "none found"}`,
      );
  }
if (failed) process.exit(1);
