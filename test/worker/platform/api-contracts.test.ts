import { describe, expect, it } from "vitest";
import { api, ApiErrorBody } from "~/shared/contracts";
import { BEAUTY, get, PICKS, STUDIO_CUSTOM } from "../helpers/request";

async function call(host: string, path: string) {
  const res = await get(host, path);
  return { status: res.status, body: (await res.json()) as unknown };
}

/** Every successful answer must match the shared contract the storefront's client checks. */
function expectContract<K extends keyof typeof api>(name: K, body: unknown) {
  const parsed = api[name].response.safeParse(body);
  expect(parsed.success, parsed.success ? "" : parsed.error.message).toBe(true);
  return parsed.data as never;
}

describe("shop API contracts", () => {
  it("gives every endpoint a path of its own: the router answers a path with one endpoint", () => {
    const paths = Object.values(api).map((e) => e.path);
    expect(paths.filter((p, i) => paths.indexOf(p) !== i)).toEqual([]);
  });

  it("get/info by domain and by shop id, with the spec's defaults", async () => {
    const { status, body } = await call(BEAUTY, "/api/myshp/get/info?id=beauty&domain=true");
    expect(status).toBe(200);
    const shop = expectContract("shopInfo", body) as {
      shopid: number;
      name: string;
      font_name: string;
      design: { skin: string; value: { prod_size: number } };
    };
    expect(shop).toMatchObject({
      shopid: 1,
      name: "뷰티 라운지",
      font_name: "NanumBarunGothic",
      design: { skin: "prod1", value: { prod_size: 1.15 } },
    });
    const byId = await call(BEAUTY, "/api/myshp/get/info?id=4&domain=false");
    expect(byId.body).toMatchObject({
      name: "모노 스튜디오",
      dom3: "shop.example.test",
      url: "http://shop.example.test",
    });
    const custom = await call(BEAUTY, "/api/myshp/get/info?id=shop.example.test");
    expect(custom.body).toMatchObject({ shopid: 4 });
  });

  it("get/info/v2 returns the domains; shopid/info/dom answers by either", async () => {
    expect((await call(BEAUTY, "/api/myshp/get/info/v2?id=4")).body).toEqual({
      dom: "studio",
      dom3: "shop.example.test",
    });
    const byDom = await call(BEAUTY, "/api/myshp/shopid/info/dom?dom=picks");
    expectContract("shopDomainInfo", byDom.body);
    expect(byDom.body).toMatchObject({
      shopid: 2,
      uid: 1002,
      url: expect.stringMatching(/^http:\/\/picks\.localhost/),
    });
  });

  it("product detail carries options with stock and the flags", async () => {
    const { status, body } = await call(BEAUTY, "/myshp/v2/get/product/detail?sid=b0017&shopid=1");
    expect(status).toBe(200);
    const p = expectContract("productDetail", body) as {
      options: { name: string; stock: number }[];
      uid: number;
      origin_uid: number;
    };
    expect(p.options).toHaveLength(6);
    expect(p.options.find((o) => o.name === "03 체리밤")?.stock).toBe(0);
    expect([p.uid, p.origin_uid]).toEqual([1001, 1001]);
    const adult = await call(BEAUTY, "/myshp/v2/get/product/detail?sid=b0030&shopid=1");
    expect(adult.body).toMatchObject({ adult_only: true, members_only: false });
  });

  it("a pick takes the origin's goods and names both shops", async () => {
    const { body } = await call(PICKS, "/myshp/v2/get/product/detail?sid=p0001&shopid=2");
    expect(body).toMatchObject({
      ptype: "pick",
      title: "어성초 진정 토너 300ml",
      price: 18900,
      uid: 1002,
      origin_uid: 1001,
      shop_name: "에디터 픽",
      origin_shop_name: "뷰티 라운지",
    });
    const info = await call(PICKS, "/myshp/get/pickable/product/additional_info?id=201");
    expectContract("pickableAdditionalInfo", info.body);
    expect(info.body).toMatchObject({ delivery: { shop_name: "뷰티 라운지", fee: 3000, free_threshold: 30000 } });
  });

  it("never shows one shop's product as another's", async () => {
    expect((await call(BEAUTY, "/myshp/v2/get/product/detail?sid=s0001&shopid=1")).status).toBe(404);
    expect((await call(BEAUTY, "/myshp/get/product/additional_info?id=401&shopid=1")).status).toBe(404);
    expect((await call(BEAUTY, "/myshp/v2/get/combined/contents/v2?pid=401&shopid=1")).status).toBe(404);
  });

  it("recommendations: at most 30, never the product itself", async () => {
    const { body } = await call(BEAUTY, "/myshp/v2/get/combined/contents/v2?pid=17&type=0&shopid=1");
    const { items } = expectContract("combinedContents", body) as { items: { id: number }[] };
    expect(items.length).toBe(30);
    expect(items.some((i) => i.id === 17)).toBe(false);
  });

  it("lists by category with paging; a parent category includes its children", async () => {
    const all = await call(BEAUTY, "/api/myshp/get/product/list?shopid=1&category=0&page=3&size=20");
    expect(expectContract("productList", all.body)).toMatchObject({ total: 44, pages: 3, page: 3 });
    expect((all.body as { items: unknown[] }).items).toHaveLength(4);
    const skincare = await call(BEAUTY, "/api/myshp/get/product/list?shopid=1&category=1001");
    expect(skincare.body).toMatchObject({ total: 16, category: { name: "스킨케어" } });
    expect((await call(BEAUTY, "/api/myshp/get/product/list?shopid=1&category=4001")).status).toBe(404);
  });

  it("pidlist/info keeps the requested order and drops unknown ids", async () => {
    const { body } = await call(BEAUTY, "/api/product/pidlist/info?pidlist=3,1,99999,201");
    const { items } = expectContract("pidListInfo", body) as { items: { id: number; shopid: number }[] };
    expect(items.map((i) => [i.id, i.shopid])).toEqual([
      [3, 1],
      [1, 1],
      [201, 2],
    ]);
  });

  it("product url is absolute and built from the shop record", async () => {
    // Locally the platform is http; the custom domain comes from the shop record, not the request host.
    expect((await call(BEAUTY, "/api/myshp/get/product/url?sid=s0002")).body).toEqual({
      url: "http://shop.example.test/shop/view/s0002",
    });
  });

  it("notices page by 20, pinned first", async () => {
    const { body } = await call(BEAUTY, "/api/myshp/get/notice/list?shopid=1");
    const page = expectContract("notices", body) as { items: { pinned: boolean }[]; pages: number };
    expect(page.pages).toBe(2);
    expect(page.items[0]!.pinned).toBe(true);
  });

  it("storage url and the stored files", async () => {
    const { body } = await call(STUDIO_CUSTOM, "/api/storage/url");
    expect(body).toEqual({ storage_url: "/files/" });
    const file = await get(BEAUTY, "/files/shops/studio/logo.svg");
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/svg+xml");
    expect(file.headers.get("cache-control")).toContain("immutable");
    expect((await get(BEAUTY, "/files/../secrets")).status).toBe(404);
    expect((await get(BEAUTY, "/files/shops/none.svg")).status).toBe(404);
  });

  it("rejects bad input with a Korean message and a stable error shape", async () => {
    for (const path of [
      "/myshp/v2/get/product/detail?sid=b0001",
      "/myshp/v2/get/product/detail?sid=b0001&shopid=abc",
      "/api/product/pidlist/info?pidlist=1,,2",
      "/api/myshp/get/product/list?shopid=1&size=1000",
    ]) {
      const { status, body } = await call(BEAUTY, path);
      expect(status, path).toBe(400);
      expect(ApiErrorBody.parse(body).error.message).toContain("요청 값이 올바르지 않습니다");
    }
    const missing = await call(BEAUTY, "/api/myshp/no/such/call");
    expect(missing.status).toBe(404);
    const wrongMethod = await get(BEAUTY, "/api/myshp/get/info?id=beauty", { method: "POST" });
    expect(wrongMethod.status).toBe(405);
  });

  it("answers API calls on a shop's host and on unknown hosts alike (shop given by id)", async () => {
    expect((await call("nope.localhost", "/api/myshp/get/info?id=beauty")).status).toBe(200);
  });
});
