import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import worker from "../../../functions/worker";
import { forgetHost } from "../../../functions/tenant";
import { koMemberBox } from "~/shared/messages/shop/account";
import { koCartButton } from "~/shared/messages/shop/cart";
import { koQuestions } from "~/shared/messages/questions";
import { OVERLAY_ATTRIBUTE, type PersonalOverlay } from "~/shared/personal";
import { BEAUTY_OWNER, login, setCookies } from "../helpers/auth";
import { BEAUTY } from "../helpers/request";

/**
 * Personal pages from the shared copy (issue 39, decision 122), through the whole Worker with the
 * page cache on: a page drawn once for everybody, filled in per visitor at the edge.
 */
async function call(
  path: string,
  init: { method?: string; cookie?: string; body?: unknown; config?: Record<string, string> } = {},
) {
  const ctx = createExecutionContext();
  const headers: Record<string, string> = { host: BEAUTY };
  if (init.cookie) headers.cookie = init.cookie;
  if (init.body) headers["content-type"] = "application/json";
  const res = await worker.fetch(
    new Request(`http://${BEAUTY}${path}`, {
      method: init.method ?? "GET",
      headers,
      body: init.body ? JSON.stringify(init.body) : undefined,
      redirect: "manual",
    }),
    { ...env, PAGE_CACHE_SECONDS: "60", ...init.config },
    ctx,
  );
  const html = await res.text();
  await waitOnExecutionContext(ctx);
  const timing = res.headers.get("server-timing") ?? "";
  return {
    res,
    html,
    state: /page;desc="(\w+)"/.exec(timing)?.[1] ?? null,
    roundTrips: Number(/d1;desc="(\d+) round trips"/.exec(timing)?.[1] ?? NaN),
  };
}

/** A guest's device: minted by a first add to cart, as a shopper's first change mints it. */
async function newDevice(line: { pid2: number; pid3: number }, qty: number): Promise<string> {
  const { res } = await call("/api/myshp/add/cart/v3", { method: "POST", body: { list: [{ ...line, qty }] } });
  expect(res.status).toBe(200);
  return `uuid_value=${setCookies(res).get("uuid_value")}`;
}

async function lineOf(sid: string) {
  return (await env.DB.prepare(
    `SELECT p.id AS pid2, o.id AS pid3 FROM products p JOIN shops s ON s.id = p.shop_id
     JOIN product_options o ON o.product_id = p.id WHERE s.dom = 'beauty' AND p.sid = ?1 ORDER BY o.id LIMIT 1`,
  )
    .bind(sid)
    .first<{ pid2: number; pid3: number }>())!;
}

const cartBadge = (html: string) =>
  /data-testid="header-cart"[^>]*>[\s\S]*?<span[^>]*data-testid="cart-count"[^>]*>([^<]*)</.exec(html)?.[1] ?? null;
const heart = (html: string) => /data-testid="like"[^>]*>([^<]*)</.exec(html)?.[1] ?? null;
const overlayOf = (html: string): PersonalOverlay | null => {
  const raw = new RegExp(`<body[^>]* ${OVERLAY_ATTRIBUTE}="([^"]*)"`).exec(html)?.[1];
  return raw ? (JSON.parse(decodeURIComponent(raw)) as PersonalOverlay) : null;
};
/**
 * The marks left in a page's elements. The hydration data's HTML strings (the product page's
 * 상품문의) are the kept copy's, marks and all: nobody's, and never drawn again over the filled DOM.
 */
const marks = (html: string) =>
  html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "").match(/data-p-[a-z-]+|data-like-(pid|title)/g) ?? [];

const MEMBER_NAME = "한지민 🛍️";

const viewedBy = async (owner: string, pid: number) =>
  (await env.DB.prepare("SELECT 1 FROM recent_views WHERE owner = ?1 AND product_id = ?2").bind(owner, pid).first()) !==
  null;

describe("personal pages from the shared copy", () => {
  // Some tests keep the shop's record and categories in the isolate, as outside tests; other files'
  // tests, which may run in the same isolate next, count the round trips of reading them. A new
  // content version leaves the categories kept under the old one unread.
  afterEach(async () => {
    forgetHost(BEAUTY);
    await env.DB.prepare("UPDATE shops SET content_version = content_version + 1 WHERE dom = 'beauty'").run();
  });

  it("answers a page's data (a client navigation, a revalidation) for its visitor, never from the kept copy", async () => {
    const path = `/shop/view/b0017?t=${crypto.randomUUID()}`;
    await call(path); // kept for visitors without cookies
    const guest = await newDevice(await lineOf("b0018"), 1);
    for (const data of [`/shop/view/b0017.data?t=${path.slice(-36)}`, `/.data?t=${path.slice(-36)}`]) {
      const { res, html, state } = await call(data, { cookie: guest });
      expect(res.status, data).toBe(200);
      expect(state, data).toBeNull();
      // Remix's single-fetch stream: the frame's cart address carries this device (the kept copy's none).
      expect(html, data).toContain(`/user/checkout?uuid_value=${guest.slice("uuid_value=".length)}`);
    }
  });

  it("gives two shoppers the same kept page, each with only their own counts, heart and name", async () => {
    const path = `/shop/view/b0017?t=${crypto.randomUUID()}`;
    const line = await lineOf("b0017");
    // A guest with two lines in the cart who likes the product; a member with one line who does not.
    const guest = await newDevice(line, 1);
    await call("/api/myshp/add/cart/v3", {
      method: "POST",
      cookie: guest,
      body: { list: [{ ...(await lineOf("b0018")), qty: 1 }] },
    });
    expect(
      (await call("/api/myshp/my/like", { method: "POST", cookie: guest, body: { pid: line.pid2, like: true } })).res
        .status,
    ).toBe(200);
    const member = await login(BEAUTY);
    await call("/api/myshp/add/cart/v3", { method: "POST", cookie: member, body: { list: [{ ...line, qty: 1 }] } });
    const memberCart = (await env.DB.prepare("SELECT COUNT(*) AS n FROM cart_lines WHERE owner = 'm:2001'").first<{
      n: number;
    }>())!.n;

    const first = await call(path, { cookie: guest });
    expect(first.res.status).toBe(200);
    expect(first.state).toBe("miss");
    const second = await call(path, { cookie: member });
    const third = await call(path, { cookie: guest });
    expect(second.state).toBe("hit");
    expect(third.state).toBe("hit");

    for (const page of [first, third]) {
      expect(cartBadge(page.html)).toBe("2");
      expect(page.html).toContain(`aria-label="${koCartButton.badge(2)}"`);
      expect(heart(page.html)).toBe("♥");
      expect(page.html).not.toContain(MEMBER_NAME);
      expect(page.html).toContain("account-prompt");
      expect(page.html).not.toContain("account-greeting");
      expect(marks(page.html)).toEqual([]);
      const overlay = overlayOf(page.html)!;
      expect(overlay.leaf).toEqual({ liked: true });
      expect((overlay["routes/_shop"] as { cartCount: number }).cartCount).toBe(2);
    }
    expect(cartBadge(second.html)).toBe(String(memberCart));
    expect(heart(second.html)).toBe("♡");
    expect(second.html).toContain(koMemberBox.greeting(MEMBER_NAME));
    expect(second.html).not.toContain("account-prompt");
    expect(second.html).not.toContain("uuid_value=");
    expect(marks(second.html)).toEqual([]);
    const overlay = overlayOf(second.html)!;
    expect((overlay.root as { session: { member: { name: string } } }).session.member.name).toBe(MEMBER_NAME);
    expect(overlay.leaf).toEqual({ liked: false });
  });

  it("keeps nothing personal in the shared copy, and gives a visitor without cookies nobody's parts", async () => {
    const path = `/?t=${crypto.randomUUID()}`;
    const member = await login(BEAUTY);
    const filled = await call(path, { cookie: member });
    expect(filled.state).toBe("miss");
    expect(filled.html).toContain("account-greeting");
    const shop = (await env.DB.prepare("SELECT id, content_version FROM shops WHERE dom = 'beauty'").first<{
      id: number;
      content_version: number;
    }>())!;
    const key = new URL(`http://${BEAUTY}${path}`);
    key.searchParams.append("__page", [BEAUTY, shop.id, shop.content_version, "-.-.-.-"].join("/"));
    const kept = await caches.default.match(new Request(key.toString()));
    expect(kept).toBeTruthy();
    const copy = await kept!.text();
    expect(copy).not.toContain(MEMBER_NAME);
    expect(copy).not.toContain("uuid_value");
    expect(copy).not.toContain("♥");
    expect(copy).not.toContain(OVERLAY_ATTRIBUTE);
    // The marks are there for the Worker; the account box is drawn with nobody's name.
    expect(marks(copy).length).toBeGreaterThan(0);

    const nobody = await call(path);
    expect(nobody.state).toBe("hit");
    expect(nobody.html).not.toContain(MEMBER_NAME);
    expect(nobody.html).not.toContain("account-greeting");
    expect(nobody.html).toContain("account-prompt");
    expect(cartBadge(nobody.html)).toBeNull();
    expect(marks(nobody.html)).toEqual([]);
    expect(overlayOf(nobody.html)).toBeNull();
  });

  it("fills in a member's product page and home from the shared copy in one D1 round trip", async () => {
    const t = crypto.randomUUID();
    const member = await login(BEAUTY);
    // The shop's record kept by the isolate, as outside tests (the tests' default reads it each time).
    const config = { SHOP_CACHE_TTL: "30" };
    for (const path of [`/shop/view/b0017?t=${t}`, `/?t=${t}`]) {
      await call(path, { config }); // kept by a visitor without cookies
      // The shop's version, read at most once a second per isolate (decision 077), is confirmed.
      await call(path, { config });
      const page = await call(path, { cookie: member, config });
      expect(page.state, path).toBe("hit");
      // The session, the counts and likes, and on the product page the view: one batch (decision 125).
      expect(page.roundTrips, path).toBe(1);
      expect(page.html, path).toContain(koMemberBox.greeting(MEMBER_NAME));
    }
    // The member's view is recorded in that same batch.
    expect(await viewedBy("m:2001", (await lineOf("b0017")).pid2)).toBe(true);
  });

  it("fills in nothing of a member for a session id naming them without their session", async () => {
    const sid = "b0016";
    const path = `/shop/view/${sid}?t=${crypto.randomUUID()}`;
    const { pid2 } = await lineOf(sid);
    await env.DB.prepare("DELETE FROM recent_views WHERE owner = 'm:2001' AND product_id = ?1").bind(pid2).run();
    const member = await login(BEAUTY);
    const real = /(?:^|; )sid=([^;]+)/.exec(member)![1]!;
    expect(real).toMatch(/^2001\.[A-Za-z0-9_-]{22}$/);
    const random = () =>
      btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))))
        .slice(0, 22)
        .replace(/[+/]/g, "a");
    // Someone else's member number with a made-up session, and the member's own id with a wrong secret.
    const forged = [`sid=2001.${random()}; skey=${random()}`, `sid=${real}; skey=${random()}`];
    for (const cookie of forged) {
      const page = await call(path, { cookie });
      expect(page.html).not.toContain(koMemberBox.greeting(MEMBER_NAME));
      expect(page.html).not.toContain("account-greeting");
      expect(overlayOf(page.html)?.root).toMatchObject({ session: { login: -1, member: null } });
      expect(marks(page.html)).toEqual([]);
    }
    // The view was not written for the member the id names.
    expect(await viewedBy("m:2001", pid2)).toBe(false);
    // Logged out: the same cookie reads nothing and writes nothing.
    const out = await call("/api/user/logout/v2", { cookie: member });
    expect(out.res.status).toBeLessThan(400);
    const after = await call(path, { cookie: member });
    expect(after.html).not.toContain("account-greeting");
    expect(await viewedBy("m:2001", pid2)).toBe(false);
  });

  it("still fills in the page of a session made before session ids named their member", async () => {
    const path = `/?t=${crypto.randomUUID()}`;
    const member = await login(BEAUTY);
    const real = /(?:^|; )sid=([^;]+)/.exec(member)![1]!;
    const old = real.slice(real.indexOf(".") + 1);
    await env.DB.prepare("UPDATE sessions SET sid = ?2 WHERE sid = ?1").bind(real, old).run();
    const config = { SHOP_CACHE_TTL: "30" };
    await call(path, { config });
    await call(path, { config });
    const page = await call(path, { cookie: member.replace(real, old), config });
    expect(page.state).toBe("hit");
    expect(page.html).toContain(koMemberBox.greeting(MEMBER_NAME));
    // The session first, then the batch: as before decision 125.
    expect(page.roundTrips).toBe(2);
  });

  it("gives a member the 상품문의 ask form on the filled copy, and a guest the way to log in", async () => {
    const path = `/shop/view/b0017?t=${crypto.randomUUID()}`;
    const member = await login(BEAUTY);
    const guest = await newDevice(await lineOf("b0018"), 1);
    const nobody = await call(path);
    const mine = await call(path, { cookie: member });
    const theirs = await call(path, { cookie: guest });
    expect(mine.state).toBe("hit");
    expect(theirs.state).toBe("hit");
    const askForm = `aria-label="${koQuestions.ask.title}"`;
    expect(mine.html).toContain(askForm);
    expect(mine.html).not.toContain('data-testid="question-login"');
    for (const page of [nobody, theirs]) {
      expect(page.html).toContain('data-testid="question-login"');
      expect(page.html).not.toContain(askForm);
    }
    for (const page of [nobody, mine, theirs]) expect(marks(page.html)).toEqual([]);
  });

  it("shows a secret question's body to its asker only, and never keeps it in the shared copy", async () => {
    const sid = "b0012";
    const path = `/shop/view/${sid}?t=${crypto.randomUUID()}`;
    const { pid2 } = await lineOf(sid);
    const body = `비밀 문의 ${crypto.randomUUID()}`;
    await env.DB.prepare(
      `INSERT INTO product_questions (shop_id, product_id, uid, type, is_secret, body)
       SELECT shop_id, id, 2001, 'product', 1, ?2 FROM products WHERE id = ?1`,
    )
      .bind(pid2, body)
      .run();
    const nobody = await call(path); // kept for visitors without cookies
    const asker = await login(BEAUTY);
    const guest = await newDevice(await lineOf("b0018"), 1);
    const mine = await call(path, { cookie: asker });
    const theirs = await call(path, { cookie: guest });
    // A page showing 상품문의 is drawn for each visitor with cookies (decision 122).
    expect(mine.state).not.toBe("hit");
    expect(mine.html).toContain(body);
    expect(mine.html).toContain(koQuestions.mine);
    for (const page of [nobody, theirs]) {
      expect(page.html).not.toContain(body);
      expect(page.html).toContain('data-testid="question-secret"');
    }
    // The copy kept for visitors without cookies, as it is given out again.
    const again = await call(path);
    expect(again.state).toBe("hit");
    expect(again.html).not.toContain(body);
  });

  it("draws the owner's page for them, with the console button", async () => {
    const path = `/?t=${crypto.randomUUID()}`;
    await call(path);
    const owner = await login(BEAUTY, BEAUTY_OWNER);
    const page = await call(path, { cookie: owner });
    expect(page.state).toBeNull();
    expect(page.html).toContain('data-testid="admin-button"');
  });
});
