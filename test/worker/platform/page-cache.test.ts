import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ShopApi } from "~/shared/api-client.server";
import type { ShopInfo } from "~/shared/contracts";
import { currentShop } from "../../../functions/page-cache";
import { ShopStore } from "../../../functions/db/shops";
import { HostCache, resolveShop } from "../../../functions/tenant";
import { toShopInfo } from "../../../functions/views/shop";
import { viewCached } from "../helpers/page-cache";
import { BEAUTY, PICKS, STUDIO_CUSTOM } from "../helpers/request";

/**
 * The edge page cache (decision 077), through the whole Worker with the cache on (the other tests
 * run with it off). Every test asks for its own addresses (a `t` the pages ignore), so that no
 * test finds a page another one kept.
 */
const view = viewCached;

const fresh = () => `t=${crypto.randomUUID()}`;
const nonces = (html: string) => [...new Set([...html.matchAll(/ nonce="([^"]+)"/g)].map((m) => m[1]))];
const cspNonce = (res: Response) => /'nonce-([^']+)'/.exec(res.headers.get("content-security-policy") ?? "")?.[1];

afterEach(() => {
  vi.useRealTimers();
});

describe("the edge page cache", () => {
  it("keeps a page for visitors without cookies, and gives each copy its own script nonce", async () => {
    const path = `/shop/list?category=0&${fresh()}`;
    const first = await view(BEAUTY, path);
    expect(first.res.status).toBe(200);
    expect(first.state).toBe("miss");
    const second = await view(BEAUTY, path);
    expect(second.state).toBe("hit");
    // The same page, with this response's nonce on every script and in its policy.
    expect(nonces(second.html)).toEqual([cspNonce(second.res)]);
    expect(cspNonce(second.res)).not.toBe(cspNonce(first.res));
    expect(second.html.replaceAll(cspNonce(second.res)!, "N")).toBe(first.html.replaceAll(cspNonce(first.res)!, "N"));
    // Later hits are nobody's copy made once per isolate, the nonce written in: each its own still.
    const third = await view(BEAUTY, path);
    expect(third.state).toBe("hit");
    expect(nonces(third.html)).toEqual([cspNonce(third.res)]);
    expect(cspNonce(third.res)).not.toBe(cspNonce(second.res));
    expect(third.html.replaceAll(cspNonce(third.res)!, "N")).toBe(first.html.replaceAll(cspNonce(first.res)!, "N"));
    // Browsers keep nothing, and the cache's own headers stay inside.
    expect(second.res.headers.get("cache-control")).toBe("private, no-cache");
    expect([...second.res.headers.keys()].filter((h) => h.startsWith("x-page"))).toEqual([]);
  });

  it("never answers one host with another's page", async () => {
    const t = fresh();
    // Even at the same content version.
    await env.DB.prepare("UPDATE shops SET content_version = 7 WHERE dom IN ('beauty', 'picks')").run();
    const beauty = await view(BEAUTY, `/?${t}`);
    expect(beauty.html).toContain("<title>");
    const picks = await view(PICKS, `/?${t}`);
    expect(picks.state).toBe("miss");
    const beautyName = /<meta property="og:site_name" content="([^"]+)"/.exec(beauty.html)?.[1];
    const picksName = /<meta property="og:site_name" content="([^"]+)"/.exec(picks.html)?.[1];
    expect(beautyName).toBeTruthy();
    expect(picksName).toBeTruthy();
    expect(picksName).not.toBe(beautyName);
    // The shop is the Host header's: an address naming another host does not bring its copy.
    const behindProxy = await view(PICKS, `/?${t}`, {}, BEAUTY);
    expect(behindProxy.html).toContain(`content="${picksName}"`);
    // A custom domain and the same shop's sub-domain are two hosts: two copies.
    const custom = await view(STUDIO_CUSTOM, `/?${t}`);
    expect(custom.state).toBe("miss");
    expect((await view("studio.localhost", `/?${t}`)).state).toBe("miss");
    expect((await view(STUDIO_CUSTOM, `/?${t}`)).state).toBe("hit");
  });

  it("keeps nothing personal: a cookie it does not know goes around the cache, a session or device gets the copy filled in", async () => {
    const path = `/?${fresh()}`;
    expect((await view(BEAUTY, path, { cookie: "other=1" })).state).toBeNull();
    // Nothing kept by it for the next visitor.
    expect((await view(BEAUTY, path)).state).toBe("miss");
    // A session, a device or a bookmark: the copy drawn for nobody, filled in (decision 122;
    // personal-pages.test.ts checks what each visitor sees).
    for (const cookie of ["uuid_value=0123456789abcdef0123456789abcdef", "sid=1; skey=x", "d1_bookmark=x"]) {
      expect((await view(BEAUTY, path, { cookie })).state).toBe("hit");
    }
    // The consent answer and the tags' own cookies: a copy per answer.
    const granted = await view(BEAUTY, path, { cookie: "mkt_consent=granted; _ga=GA1.1.1.1; _fbp=fb.1.1.1" });
    expect(granted.state).toBe("miss");
    expect((await view(BEAUTY, path, { cookie: "mkt_consent=granted" })).state).toBe("hit");
    expect((await view(BEAUTY, path, { "save-data": "on" })).state).toBe("miss");
  });

  it("keeps a client navigation's data too, under a key apart from the page's HTML", async () => {
    const t = fresh();
    const data = `/shop/list.data?category=0&${t}`;
    const first = await view(BEAUTY, data);
    expect(first.res.status).toBe(200);
    expect(first.res.headers.get("content-type")).not.toMatch(/html/);
    // The list's own data, not an empty answer: its products are in it.
    expect(first.html).toContain("b0001");
    expect(first.state).toBe("miss");
    const second = await view(BEAUTY, data);
    expect(second.state).toBe("hit");
    expect(second.html).toBe(first.html);
    expect(second.res.headers.get("cache-control")).toBe("private, no-cache");
    // The same address's HTML is its own entry, and another host's data its own.
    expect((await view(BEAUTY, `/shop/list?category=0&${t}`)).state).toBe("miss");
    expect((await view(STUDIO_CUSTOM, data)).html).not.toContain("b0001");
    // A visitor with a device goes around it, as for pages.
    const device = await view(BEAUTY, data, { cookie: "uuid_value=0123456789abcdef0123456789abcdef" });
    expect(device.state).toBeNull();
    // Data for only some of the page's routes (a revalidation) is kept only when the page's own
    // loader ran and shared it.
    const rootOnly = `/shop/list.data?category=0&_routes=root&${fresh()}`;
    await view(BEAUTY, rootOnly);
    expect((await view(BEAUTY, rootOnly)).state).toBe("miss");
  });

  it("keeps only pages their loader shared, complete", async () => {
    for (const path of [`/user/login?${fresh()}`, `/myshop?${fresh()}`, `/shop/view/no-such-product?${fresh()}`]) {
      await view(BEAUTY, path);
      expect((await view(BEAUTY, path)).state).toBe("miss");
    }
  });

  it("shows an owner's change at once: the shop's content version is in the key", async () => {
    const path = `/shop/view/b0017?${fresh()}`;
    await view(BEAUTY, path, { "user-agent": "Googlebot/2.1" });
    expect((await view(BEAUTY, path, { "user-agent": "Googlebot/2.1" })).state).toBe("hit");
    await env.DB.prepare("UPDATE products SET title = '이름을 바꾼 상품' WHERE sid = 'b0017'").run();
    const renamed = await view(BEAUTY, path, { "user-agent": "Googlebot/2.1" });
    expect(renamed.state).toBe("miss");
    expect(renamed.html).toContain("이름을 바꾼 상품");
    // Stock (an order's, or the owner's) shows at once too.
    await env.DB.prepare(
      "UPDATE product_options SET stock = 0 WHERE product_id = (SELECT id FROM products WHERE sid = 'b0017')",
    ).run();
    expect((await view(BEAUTY, path, { "user-agent": "Googlebot/2.1" })).state).toBe("miss");
    // A notice on another shop changes nothing here.
    await env.DB.prepare(
      "INSERT INTO notices (shop_id, title, body) SELECT id, '다른 상점 공지', '본문' FROM shops WHERE dom = 'picks'",
    ).run();
    expect((await view(BEAUTY, path, { "user-agent": "Googlebot/2.1" })).state).toBe("hit");
  });

  it("gives a first product view the shared page and a new device id; the view is recorded when they come back", async () => {
    const path = `/shop/view/b0017?${fresh()}`;
    const first = await view(BEAUTY, path);
    const second = await view(BEAUTY, path);
    expect([first.state, second.state]).toEqual(["miss", "hit"]);
    // From the cache: the shop and its version, one D1 round trip (the caches off), and no write:
    // the visitor keeps their first view in a cookie (decision 081).
    expect(second.res.headers.get("server-timing")).toContain('d1;desc="1 round trips"');
    const recent = (device: string) =>
      env.DB.prepare(`SELECT p.sid FROM recent_views r JOIN products p ON p.id = r.product_id WHERE r.owner = ?`)
        .bind(`d:${device}`)
        .all<{ sid: string }>();
    for (const { res } of [first, second]) {
      const cookies = res.headers.get("set-cookie") ?? "";
      const device = /uuid_value=([0-9a-f]{32})/.exec(cookies)?.[1];
      expect(device).toBeTruthy();
      expect(cookies).toMatch(/first_view=\d+; Path=\/; Max-Age=2592000; HttpOnly; SameSite=Lax/);
      expect(res.headers.get("cache-control")).toBe("private, no-store");
      expect((await recent(device!)).results).toEqual([]);
      // Back with both cookies, on any page: the view is theirs, and the cookie is cleared.
      const kept = cookies.match(/(?:uuid_value|first_view)=[^;]+/g)!.join("; ");
      const back = await view(BEAUTY, "/myshop/recent", { cookie: kept });
      expect(back.res.headers.get("set-cookie")).toContain("first_view=; Path=/; Max-Age=0");
      expect((await recent(device!)).results).toEqual([{ sid: "b0017" }]);
      expect(back.html).toContain('href="/shop/view/b0017"');
    }
    // A crawler gets its own kept page (whole, not streamed: the next test), no device and no first view.
    const crawler = () => view(BEAUTY, path, { "user-agent": "Googlebot/2.1" });
    expect((await crawler()).state).toBe("miss");
    const bot = await crawler();
    expect(bot.state).toBe("hit");
    expect(bot.res.headers.get("set-cookie")).toBeNull();
    expect(bot.res.headers.get("server-timing")).toContain('d1;desc="1 round trips"');
  });

  it("keeps a crawler's whole page apart from a person's streamed one", async () => {
    const path = `/shop/view/b0017?${fresh()}`;
    // Streamed, the recommendations come after the shell in a hidden element a script moves into
    // place; without scripts a person keeps the link to the category instead.
    const streamed = (html: string) => html.includes('<div hidden id="S:0">');
    const crawler = { "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" };
    const person = {
      "user-agent": "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/130 Mobile Safari/537.36",
    };
    const first = await view(BEAUTY, path, crawler);
    expect(first.state).toBe("miss");
    expect(streamed(first.html)).toBe(false);
    const people = [await view(BEAUTY, path, person), await view(BEAUTY, path, person)];
    expect(people.map((p) => p.state)).toEqual(["miss", "hit"]);
    for (const p of people) expect(streamed(p.html)).toBe(true);
    const again = await view(BEAUTY, path, crawler);
    expect(again.state).toBe("hit");
    expect(streamed(again.html)).toBe(false);
  });

  it("ignores a first view cookie without a device, or naming another shop's product", async () => {
    const device = "0123456789abcdef0123456789abcdef";
    // picks' own product 251 on beauty's host: nothing recorded, the cookie cleared all the same.
    const foreign = await view(BEAUTY, "/myshop/recent", { cookie: `uuid_value=${device}; first_view=251` });
    expect(foreign.res.headers.get("set-cookie")).toContain("first_view=; Path=/; Max-Age=0");
    const none = await view(BEAUTY, "/", { cookie: "first_view=17" });
    expect(none.res.headers.get("set-cookie")).toContain("first_view=; Path=/; Max-Age=0");
    const rows = await env.DB.prepare("SELECT COUNT(*) AS n FROM recent_views WHERE owner = ?")
      .bind(`d:${device}`)
      .first<{ n: number }>();
    expect(rows!.n).toBe(0);
  });

  it("leaves a kept first view for the visitor's return, not for the route discovery its own page sends", async () => {
    const device = "fedcba9876543210fedcba9876543210";
    const version = /"version":\s*"([\w-]+)"/.exec((await view(BEAUTY, `/?${fresh()}`)).html)?.[1];
    expect(version).toBeTruthy();
    // After hydrating, the first product view's page asks Remix which routes its links need.
    const discovery = await view(BEAUTY, `/__manifest?p=%2Fmyshop%2Frecent&version=${version}`, {
      cookie: `uuid_value=${device}; first_view=17`,
    });
    expect(discovery.res.status).toBe(200);
    expect(discovery.res.headers.get("set-cookie")).toBeNull();
    const rows = await env.DB.prepare("SELECT COUNT(*) AS n FROM recent_views WHERE owner = ?")
      .bind(`d:${device}`)
      .first<{ n: number }>();
    expect(rows!.n).toBe(0);
  });

  it("gives out a page past its fresh time once more while it is drawn again", async () => {
    const path = `/shop/notice-list?${fresh()}`;
    await view(BEAUTY, path);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 61_000);
    expect((await view(BEAUTY, path)).state).toBe("stale");
    expect((await view(BEAUTY, path)).state).toBe("hit");
  });

  it("forgets a page that, drawn again, is no longer one to keep", async () => {
    const path = `/shop/view/b0017?${fresh()}`;
    const bot = { "user-agent": "Googlebot/2.1" };
    const { content_version } = (await env.DB.prepare("SELECT content_version FROM shops WHERE dom = 'beauty'").first<{
      content_version: number;
    }>())!;
    await view(BEAUTY, path, bot);
    // The product is hidden, and (only here) the version put back as it was: the key stays.
    await env.DB.prepare("UPDATE products SET visible = 0 WHERE sid = 'b0017'").run();
    await env.DB.prepare("UPDATE shops SET content_version = ? WHERE dom = 'beauty'").bind(content_version).run();
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 61_000);
    expect((await view(BEAUTY, path, bot)).state).toBe("stale");
    const gone = await view(BEAUTY, path, bot);
    expect(gone.state).toBe("miss");
    expect(gone.res.status).toBe(404);
  });
});

describe("the isolate's shop record for a page to keep", () => {
  it("is used while its version is the database's, and read anew once it is not", async () => {
    const shops = new ShopStore(env.DB);
    let reads = 0;
    const api = {
      call: async () => {
        reads += 1;
        return toShopInfo((await shops.byDomain("beauty"))!, "localhost");
      },
    } as unknown as ShopApi;
    const cache = new HostCache<ShopInfo | null>();
    const resolve = () => resolveShop(BEAUTY, "localhost", api, 30, cache, currentShop(shops, BEAUTY));
    const first = await resolve();
    expect((await resolve())?.content_version).toBe(first?.content_version);
    expect(reads).toBe(1);
    await env.DB.prepare("UPDATE shops SET name = '새 이름' WHERE dom = 'beauty'").run();
    // A version read is trusted for a second.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 1_500);
    const after = await resolve();
    expect(reads).toBe(2);
    expect(after?.name).toBe("새 이름");
    expect(after?.content_version).toBeGreaterThan(first!.content_version!);
  });
});
