// Cart and order benchmark (docs/performance.md, "Cart and checkout").
// Against a running Worker: `npx wrangler dev --port 3355 --inspector-port 4355` (after npm run
// build and a seeded local D1), then `node scripts/bench-cart.mjs [port]`.
// Measures, from this machine over loopback, the time until the response of
//   - add to cart: POST /api/myshp/add/cart/v3 (JSON) and the product page's form post,
//   - order creation: the cart page's form post with intent=order (sync + make/my/order/v4 + redirect),
// (each order takes one pouch and one gift box: 500 and 200 in the demo's stock, so reseed after a
// few runs: rm -rf .wrangler/state, migrate, npm run db:seed),
// and, in Chromium with JavaScript on and off, the bytes a shopper downloads from the product
// page to the order-complete page.
import { chromium, devices } from "@playwright/test";
import http from "node:http";

const port = Number(process.argv[2] || process.env.BENCH_PORT || 3355);
const origin = `http://picks.localhost:${port}`;

/** fetch() for *.localhost: Node does not resolve those names, so connect to 127.0.0.1 with Host. */
function fetch(url, init = {}) {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port: u.port,
        path: u.pathname + u.search,
        method: init.method ?? "GET",
        headers: { host: u.host, ...init.headers },
      },
      (res) => {
        const chunks = [];
        res.on("data", (c) => chunks.push(c));
        res.on("end", () => {
          const body = Buffer.concat(chunks);
          resolve({
            status: res.statusCode,
            headers: { getSetCookie: () => res.headers["set-cookie"] ?? [] },
            text: async () => body.toString("utf8"),
            arrayBuffer: async () => body,
          });
        });
      },
    );
    req.on("error", reject);
    req.end(init.body);
  });
}
const RUNS = 30;

function jar() {
  let cookie = "";
  return {
    headers: (extra = {}) => ({ ...(cookie ? { cookie } : {}), ...extra }),
    take(res) {
      const set = res.headers.getSetCookie?.() ?? [];
      for (const c of set) cookie = [cookie, c.split(";")[0]].filter(Boolean).join("; ");
    },
  };
}

async function timed(fn) {
  const t = performance.now();
  const res = await fn();
  await res.arrayBuffer();
  return { ms: performance.now() - t, res };
}

const stats = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const q = (p) => s[Math.min(s.length - 1, Math.floor(p * s.length))];
  return `median ${q(0.5).toFixed(1)} ms, p90 ${q(0.9).toFixed(1)} ms, min ${s[0].toFixed(1)} ms (n=${s.length})`;
};

async function addApi() {
  const times = [];
  for (let i = 0; i < RUNS; i++) {
    const j = jar();
    // first call mints the device id; the second is the steady state measured
    j.take(
      await fetch(`${origin}/api/myshp/add/cart/v3`, {
        method: "POST",
        headers: j.headers({ "content-type": "application/json" }),
        body: JSON.stringify({ list: [{ pid2: 253, pid3: 25300 }] }),
      }),
    );
    const { ms } = await timed(() =>
      fetch(`${origin}/api/myshp/add/cart/v3`, {
        method: "POST",
        headers: j.headers({ "content-type": "application/json" }),
        body: JSON.stringify({ list: [{ pid2: 212, pid3: 4300 }] }),
      }),
    );
    times.push(ms);
  }
  return times;
}

async function addForm() {
  const times = [];
  for (let i = 0; i < RUNS; i++) {
    const j = jar();
    const { ms, res } = await timed(() =>
      fetch(`${origin}/shop/view/p0012`, {
        method: "POST",
        redirect: "manual",
        headers: j.headers({ "content-type": "application/x-www-form-urlencoded" }),
        body: "pid2=212&option=4300&qty=1",
      }),
    );
    if (res.status !== 303) throw new Error(`add form: ${res.status}`);
    times.push(ms);
  }
  return times;
}

async function order() {
  const times = [];
  for (let i = 0; i < RUNS; i++) {
    const j = jar();
    const added = await fetch(`${origin}/api/myshp/add/cart/v3`, {
      method: "POST",
      headers: j.headers({ "content-type": "application/json" }),
      body: JSON.stringify({
        list: [
          { pid2: 253, pid3: 25300 },
          { pid2: 212, pid3: 4300 },
        ],
      }),
    });
    j.take(added);
    const html = await (await fetch(`${origin}/user/checkout`, { headers: j.headers() })).text();
    const key = /name="key" value="([^"]+)"/.exec(html)[1];
    const body = new URLSearchParams([
      ["key", key],
      ["intent", "order"],
      ["line", "253.25300"],
      ["qty:253.25300", "1"],
      ["line", "212.4300"],
      ["qty:212.4300", "1"],
    ]);
    const { ms, res } = await timed(() =>
      fetch(`${origin}/user/checkout`, {
        method: "POST",
        redirect: "manual",
        headers: j.headers({ "content-type": "application/x-www-form-urlencoded" }),
        body: body.toString(),
      }),
    );
    if (res.status !== 302) throw new Error(`order: ${res.status}`);
    times.push(ms);
  }
  return times;
}

async function journeyBytes(js) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
    args: ["--no-sandbox"],
  });
  const context = await browser.newContext({ ...devices["Pixel 7"], javaScriptEnabled: js });
  const page = await context.newPage();
  let bytes = 0;
  let requests = 0;
  page.on("requestfinished", async (req) => {
    const sizes = await req.sizes().catch(() => null);
    if (sizes) {
      bytes += sizes.responseBodySize + sizes.responseHeadersSize;
      requests += 1;
    }
  });
  await page.goto(`${origin}/shop/view/p0012`);
  await page.getByRole("button", { name: "장바구니 담기" }).click();
  await page.getByText("장바구니에 담았습니다").first().waitFor();
  await page.getByTestId("header-cart").click();
  await page.waitForURL(/checkout/);
  await page.getByRole("button", { name: "주문하기", exact: true }).click();
  await page.waitForURL(/user\/order\?/);
  const sheet = page.getByRole("form", { name: "주문서" });
  await sheet.getByLabel("이름").fill("김하나");
  await sheet.getByRole("region", { name: "주문자" }).getByLabel("휴대폰 번호").fill("010-1234-5678");
  await sheet.getByLabel("받는 분").fill("김하나");
  await sheet.getByRole("region", { name: "배송지" }).getByLabel("휴대폰 번호").fill("010-1234-5678");
  await sheet.getByLabel("우편번호").fill("04038");
  await sheet.getByLabel("주소", { exact: true }).fill("서울특별시 마포구 양화로 12");
  await sheet.getByRole("button", { name: /결제하기/ }).click();
  await page.waitForURL(/order_complete/);
  await page.waitForLoadState("networkidle");
  await browser.close();
  return { bytes, requests };
}

console.log(`add to cart, API (steady state): ${stats(await addApi())}`);
console.log(`add to cart, product page form post: ${stats(await addForm())}`);
console.log(`order creation, cart page form post: ${stats(await order())}`);
for (const js of [true, false]) {
  const { bytes, requests } = await journeyBytes(js);
  console.log(
    `journey bytes, JavaScript ${js ? "on" : "off"}: ${(bytes / 1024).toFixed(1)} KiB in ${requests} responses`,
  );
}
