import { env } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { readConfig } from "../../../functions/env";
import { createPortoneStandin, STANDIN_CHANNEL_KEY, STANDIN_STORE_ID } from "../../../scripts/lib/portone-standin.mjs";
import { koIdentity } from "~/shared/messages/identity";
import { BEAUTY, get } from "../helpers/request";
import { Shopper } from "../helpers/shopper";

/**
 * Issue 37 item 2 (decision 114): adult-only goods as the law asks. Product 30 on beauty is
 * adult-only: the 19 mark, no picture address and no description before adult verification, no
 * sharing picture and no sitemap entry ever.
 */

const BASE = readConfig(env).PORTONE_API_BASE;

async function adultProduct() {
  const row = await env.DB.prepare(
    "SELECT p.sid, g.image FROM products p JOIN products g ON g.id = COALESCE(p.origin_product_id, p.id) WHERE p.id = 30",
  ).first<{ sid: string; image: string | null }>();
  const images = await env.DB.prepare("SELECT image FROM product_images WHERE product_id = 30")
    .all<{ image: string }>()
    .then((r) => r.results.map((i) => i.image))
    .catch(() => [] as string[]);
  return { sid: row!.sid, images: [row!.image, ...images].filter((i): i is string => Boolean(i)) };
}

beforeEach(() => {
  const standin = createPortoneStandin();
  const network = globalThis.fetch;
  vi.spyOn(globalThis, "fetch").mockImplementation((input, init) => {
    const request = new Request(input, init);
    return request.url.startsWith(BASE) ? standin.handle(request) : network(input, init);
  });
  // The test's own window presses go to the same stand-in.
  (globalThis as { __standin?: typeof standin }).__standin = standin;
});
afterEach(() => vi.restoreAllMocks());

async function verifyAdult(shopper: Shopper) {
  const standin = (globalThis as { __standin?: ReturnType<typeof createPortoneStandin> }).__standin!;
  const page = await (await shopper.form("/identity/start", { purpose: "adult", return: "/" })).text();
  const id = /iv-[A-Za-z0-9_-]{22}/.exec(page)![0];
  const params = new URLSearchParams({
    storeId: STANDIN_STORE_ID,
    identityVerificationId: id,
    channelKey: STANDIN_CHANNEL_KEY,
    redirectUrl: `http://${BEAUTY}/identity/return`,
  });
  await standin.handle(`${BASE}/_standin/identity?${params}`);
  params.set("persona", "adult");
  const res = await standin.handle(`${BASE}/_standin/identity`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: params.toString(),
  });
  const back = new URL(res.headers.get("location")!);
  expect((await shopper.fetch(back.pathname + back.search)).status).toBe(302);
}

describe("an adult-only product page", () => {
  it("shows the 19 mark and neither pictures nor description before verification, and no sharing picture", async () => {
    const { sid, images } = await adultProduct();
    expect(images.length).toBeGreaterThan(0);
    // The page kept for visitors without cookies, and a guest's own.
    for (const shopper of [null, new Shopper(BEAUTY)]) {
      if (shopper) await shopper.add([{ pid2: 18, pid3: 1800 }]);
      const res = shopper ? await shopper.fetch(`/shop/view/${sid}`) : await get(BEAUTY, `/shop/view/${sid}`);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain('data-testid="adult-mark"');
      expect(html).toContain('data-testid="adult-covered"');
      expect(html).toContain('data-testid="description-hidden"');
      expect(html).toContain('action="/identity/start"');
      for (const image of images) expect(html).not.toContain(image);
      expect(html).not.toContain('property="og:image"');
      if (shopper) expect(res.headers.get("cache-control")).toMatch(/private|no-store/);
    }
  });

  it("shows pictures and description to a verified adult, still without a sharing picture", async () => {
    const { sid, images } = await adultProduct();
    const shopper = new Shopper(BEAUTY);
    await verifyAdult(shopper);
    const res = await shopper.fetch(`/shop/view/${sid}`);
    const html = await res.text();
    expect(html).not.toContain('data-testid="adult-covered"');
    expect(html).not.toContain('data-testid="description-hidden"');
    expect(html).toContain(images[0]!);
    expect(html).not.toContain('property="og:image"');
    expect(res.headers.get("cache-control")).toMatch(/private/);
    expect(res.headers.get("cache-control")).toMatch(/no-store/);
  });
});

describe("adult-only goods elsewhere", () => {
  it("are covered by the product API too, until the caller is a verified adult", async () => {
    const { sid } = await adultProduct();
    const description = await env.DB.prepare("SELECT description FROM products WHERE id = 30").first<string>(
      "description",
    );
    expect(description).toBeTruthy();
    type Detail = { images: string[]; adult_only: boolean };
    type Info = { description: string };
    const read = async (shopper: Shopper) => ({
      detail: (await shopper.api<Detail>(`/myshp/v2/get/product/detail?sid=${sid}&shopid=1`)).data,
      info: (await shopper.api<Info>("/myshp/get/product/additional_info?id=30&shopid=1")).data,
    });
    const shopper = new Shopper(BEAUTY);
    const before = await read(shopper);
    expect(before.detail.adult_only).toBe(true);
    expect(before.detail.images).toEqual([]);
    expect(before.info.description).toBe("");
    await verifyAdult(shopper);
    const after = await read(shopper);
    expect(after.detail.images.length).toBeGreaterThan(0);
    expect(after.info.description).not.toBe("");
  });

  it("carry the 19 mark and no picture on cards", async () => {
    const { images } = await adultProduct();
    const { title } = (await env.DB.prepare("SELECT title FROM products WHERE id = 30").first<{ title: string }>())!;
    const html = await (await get(BEAUTY, "/shop/search?q=" + encodeURIComponent(title))).text();
    for (const image of images) expect(html).not.toContain(image);
    expect(html).toContain(title);
    expect(html).toContain('data-testid="adult-mark"');
  });

  it("are not in the sitemap", async () => {
    const { sid } = await adultProduct();
    const xml = await (await get(BEAUTY, "/sitemap.xml")).text();
    expect(xml).toContain("/shop/view/");
    expect(xml).not.toContain(`/shop/view/${sid}<`);
  });

  it("the start page says plainly that the window needs scripts (what a page without scripts shows)", async () => {
    const shopper = new Shopper(BEAUTY);
    const html = await (await shopper.form("/identity/start", { purpose: "adult", return: "/" })).text();
    expect(html).toContain(koIdentity.needsScripts);
  });
});
