import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { BEAUTY, PICKS } from "../helpers/request";
import { CONSENTS, postJson, setCookies } from "../helpers/auth";
import { Shopper } from "../helpers/shopper";

/** Issue 10, points 4 and 5: favourites (찜) and recently viewed, isolated, merged at login. */

type Liked = { liked: boolean; like: number };
type Page = { items: { id: number; title: string }[]; total: number; pages: number };

const likesOf = async (pid: number) =>
  (await env.DB.prepare(
    "SELECT like_count AS n FROM products WHERE id = (SELECT COALESCE(origin_product_id, id) FROM products WHERE id = ?)",
  )
    .bind(pid)
    .first<{ n: number }>())!.n;

/** Visible products of a shop (its own rows, picks included), by id. */
const productsOf = async (shopId: number, n: number) =>
  (
    await env.DB.prepare("SELECT id, sid FROM products WHERE shop_id = ? AND visible = 1 ORDER BY id LIMIT ?")
      .bind(shopId, n)
      .all<{ id: number; sid: string }>()
  ).results;

const like = (s: Shopper, pid: number, on = true) => s.api<Liked>("/api/myshp/my/like", { pid, like: on });

async function memberOf(guest: Shopper) {
  const email = `fav-${crypto.randomUUID()}@example.test`;
  const joined = await postJson(
    BEAUTY,
    "/api/user/join",
    { email, password: "demo1234!", name: "찜 회원", keep: false, ...CONSENTS },
    { cookie: guest.cookie },
  );
  expect(joined.status).toBe(200);
  const member = new Shopper(BEAUTY);
  for (const [k, v] of guest.cookies) member.cookies.set(k, v);
  for (const [k, v] of setCookies(joined)) member.cookies.set(k, v);
  return member;
}

describe("favourites", () => {
  it("like and unlike exactly once each, however often the button is pressed", async () => {
    const [p] = await productsOf(1, 1);
    const shopper = new Shopper(BEAUTY);
    await shopper.fetch("/"); // the device cookie
    const before = await likesOf(p!.id);
    const first = await like(shopper, p!.id);
    expect(first.data).toEqual({ liked: true, like: before + 1 });
    expect((await like(shopper, p!.id)).data).toEqual({ liked: true, like: before + 1 });
    // Two at once count once.
    await Promise.all([like(shopper, p!.id, false), like(shopper, p!.id, false)]);
    expect(await likesOf(p!.id)).toBe(before);
    expect((await like(shopper, p!.id, false)).data).toEqual({ liked: false, like: before });
  });

  it("refuse a product this shop does not sell, and nonsense ids", async () => {
    const [other] = await productsOf(3, 1); // bistro's
    const shopper = new Shopper(BEAUTY);
    await shopper.fetch("/");
    const refused = await like(shopper, other!.id);
    expect(refused.status).toBe(404);
    expect(JSON.stringify(refused.data)).toContain("이 상점에서 판매하지 않는 상품입니다");
    expect((await shopper.api("/api/myshp/my/like", { pid: "abc", like: true })).status).toBe(400);
    expect((await shopper.api("/api/myshp/my/like", { pid: -1, like: true })).status).toBe(400);
  });

  it("work as a plain form post, and list newest first for this device only", async () => {
    const [a, b] = await productsOf(1, 2);
    const shopper = new Shopper(BEAUTY);
    await shopper.fetch("/");
    const posted = await shopper.form("/myshop/favorite", {
      pid: String(a!.id),
      like: "1",
      back: `/shop/view/${a!.sid}`,
    });
    expect(posted.status).toBe(303);
    expect(posted.headers.get("location")).toBe(`/shop/view/${a!.sid}`);
    // An outside return address is not followed.
    const away = await shopper.form("/myshop/favorite", {
      pid: String(b!.id),
      like: "1",
      back: "https://evil.example/",
    });
    expect(away.headers.get("location")).toBe("/myshop/favorite");
    const page = (await shopper.api<Page>("/api/myshp/get/my/favorites")).data;
    expect(page.items.map((i) => i.id)).toEqual([b!.id, a!.id]);
    const html = await (await shopper.fetch("/myshop/favorite")).text();
    expect(html).toContain('aria-pressed="true"');
    expect(html).toContain("로그인하면 회원 정보로 옮겨");
    // The product page shows it liked; the drawer counts it.
    const product = await (await shopper.fetch(`/shop/view/${a!.sid}`)).text();
    expect(product).toMatch(/aria-pressed="true"[^>]*aria-label="[^"]*찜 해제"/);
    expect(product.replace(/<!-- -->/g, "")).toMatch(
      /href="\/myshop\/favorite\?uuid_value=[^"]+"[^>]*>찜한 상품<span[^>]*>2</,
    );
    // Nobody else's: another device, or this device on another shop; paging past the end is empty.
    const other = new Shopper(BEAUTY);
    await other.fetch("/");
    expect((await other.api<Page>("/api/myshp/get/my/favorites")).data.total).toBe(0);
    const elsewhere = new Shopper(PICKS);
    elsewhere.cookies.set("uuid_value", shopper.device!);
    expect((await elsewhere.api<Page>("/api/myshp/get/my/favorites")).data.total).toBe(0);
    expect((await shopper.fetch("/myshop/favorite?page=999")).status).toBe(200);
    expect((await shopper.fetch("/myshop/favorite?page=x")).status).toBe(200);
  });

  it("move a guest's favourites and views to the member at login, counting a shared like once", async () => {
    const [a, b, c] = await productsOf(1, 3);
    const guest = new Shopper(BEAUTY);
    await guest.fetch("/");
    await like(guest, a!.id);
    await like(guest, b!.id);
    const member = await memberOf(new Shopper(BEAUTY));
    await like(member, b!.id);
    await like(member, c!.id);
    const likesB = await likesOf(b!.id);
    await member.api("/api/myshp/my/recent/view", { pid: c!.id });
    await guest.api("/api/myshp/my/recent/view", { pid: a!.id });

    // The guest logs in to the member's account on this device.
    const email = (await env.DB.prepare("SELECT email FROM members WHERE uid = (SELECT MAX(uid) FROM members)").first<{
      email: string;
    }>())!.email;
    const login = await postJson(
      BEAUTY,
      "/api/user/login",
      { email, password: "demo1234!", keep: false },
      { cookie: guest.cookie },
    );
    expect(login.status).toBe(200);
    for (const [k, v] of setCookies(login)) guest.cookies.set(k, v);
    const mine = (await guest.api<Page>("/api/myshp/get/my/favorites")).data;
    expect(new Set(mine.items.map((i) => i.id))).toEqual(new Set([a!.id, b!.id, c!.id]));
    expect(await likesOf(b!.id)).toBe(likesB - 1);
    const recent = (await guest.api<{ ids: number[] }>("/api/myshp/get/my/recent")).data.ids;
    expect(recent).toEqual([a!.id, c!.id]);
    // The device keeps nothing of its own now.
    const rows = await env.DB.prepare("SELECT COUNT(*) AS n FROM favourites WHERE owner = ?")
      .bind(`d:${guest.device}`)
      .first<{ n: number }>();
    expect(rows!.n).toBe(0);
  });
});

describe("recently viewed", () => {
  it("is recorded when a product page is served: newest first, once each, at most 50", async () => {
    const products = await productsOf(1, 3);
    const shopper = new Shopper(BEAUTY);
    await shopper.fetch("/");
    for (const p of [...products, products[0]!]) {
      expect((await shopper.fetch(`/shop/view/${p.sid}`)).status).toBe(200);
    }
    // The write runs after the page (waitUntil): wait for it to land.
    let ids: number[] = [];
    for (let i = 0; i < 50 && ids.length < 3; i++) {
      ids = (await shopper.api<{ ids: number[] }>("/api/myshp/get/my/recent")).data.ids;
      if (ids.length < 3) await new Promise((r) => setTimeout(r, 20));
    }
    expect(ids).toEqual([products[0]!.id, products[2]!.id, products[1]!.id]);
    const page = (await (await shopper.fetch("/myshop/recent")).text()).replace(/<!-- -->/g, "");
    expect(page.indexOf(products[0]!.sid)).toBeLessThan(page.indexOf(products[2]!.sid));

    // 60 views keep the newest 50.
    const many = await productsOf(1, 60);
    for (const [i, p] of many.entries()) {
      await shopper.api("/api/myshp/my/recent/view", { pid: p.id });
      if (i % 20 === 0) await new Promise((r) => setTimeout(r, 2));
    }
    const kept = (await shopper.api<{ ids: number[] }>("/api/myshp/get/my/recent")).data.ids;
    expect(kept.length).toBeLessThanOrEqual(50);
    expect(kept[0]).toBe(many.at(-1)!.id);
  });

  it("removes one, clears all, as plain form posts; another shop's product is never recorded", async () => {
    const [a, b] = await productsOf(1, 2);
    const [other] = await productsOf(3, 1);
    const shopper = new Shopper(BEAUTY);
    await shopper.fetch("/");
    await shopper.api("/api/myshp/my/recent/view", { pid: a!.id });
    await shopper.api("/api/myshp/my/recent/view", { pid: b!.id });
    await shopper.api("/api/myshp/my/recent/view", { pid: other!.id });
    expect((await shopper.api<{ ids: number[] }>("/api/myshp/get/my/recent")).data.ids).toEqual([b!.id, a!.id]);
    const removed = await shopper.form("/myshop/recent", { pid: String(b!.id) });
    expect(removed.status).toBe(303);
    expect((await shopper.api<{ ids: number[] }>("/api/myshp/get/my/recent")).data.ids).toEqual([a!.id]);
    await shopper.form("/myshop/recent", {});
    expect((await shopper.api<{ ids: number[] }>("/api/myshp/get/my/recent")).data.ids).toEqual([]);
    // Another device sees none of it.
    const other2 = new Shopper(BEAUTY);
    await other2.fetch("/");
    expect((await other2.api<{ ids: number[] }>("/api/myshp/get/my/recent")).data.ids).toEqual([]);
  });
});
