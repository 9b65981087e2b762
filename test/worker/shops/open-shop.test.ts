import { describe, expect, it } from "vitest";
import { koDaily } from "~/shared/messages/daily";
import { koSeller } from "~/shared/messages/seller";
import { gapLabels } from "~/shared/seller";
import { koPlatform } from "~/shared/messages/platform";
import { koRequestErrors } from "~/shared/messages/shop/request-errors";
import { escapeHtml } from "../../../functions/pages";
import { BEAUTY, get } from "../helpers/request";
import { Shopper } from "../helpers/shopper";
import {
  BEAUTY_OWNER,
  PASSWORD,
  SHOPPER,
  cookieHeader,
  db,
  joinNew,
  login,
  openAndCarry,
  platformSignUp,
  SOLE_BUSINESS,
  postForm,
  setCookies,
} from "../helpers/auth";

const PLATFORM = "localhost";
const ADMIN = "admin@example.test";
const html = (s: string) => escapeHtml(s);

let seq = 0;
const freshDom = () => `new-${Date.now().toString(36)}-${++seq}`.slice(0, 20).replace(/-$/, "x");

/** A new person on the platform's host, through its sign-up form; returns the platform cookie. */
const signUp = () => platformSignUp("opener");

describe("the platform's host", () => {
  it("has a landing page offering 내 상점 만들기, on the bare domain and www; shop hosts are unchanged", async () => {
    for (const host of [PLATFORM, `www.${PLATFORM}`]) {
      const res = await get(host, "/");
      expect(res.status).toBe(200);
      const body = await res.text();
      expect(body).toContain(html(koPlatform.openCta));
      expect(body).toContain('href="/open"');
    }
    expect((await get(BEAUTY, "/")).status).toBe(200);
    const nobody = await get("nobody-here.localhost", "/");
    expect(nobody.status).toBe(404);
    expect(await nobody.text()).toContain(koRequestErrors.shopNotFound);
    expect((await get(PLATFORM, "/no-such-page")).status).toBe(404);
  });

  it("sends a guest to sign up or log in before the form, and logs in on its own form", async () => {
    const res = await get(PLATFORM, "/open");
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/join?url=%2Fopen");
    const bad = await postForm(PLATFORM, "/login", { email: SHOPPER, password: "wrong-password" });
    expect(bad.status).toBe(401);
    const ok = await postForm(PLATFORM, "/login", { email: SHOPPER, password: PASSWORD, url: "/open" });
    expect(ok.status).toBe(303);
    expect(ok.headers.get("location")).toBe("/open");
    const form = await get(PLATFORM, "/open", { headers: { cookie: cookieHeader(setCookies(ok)) } });
    expect(form.status).toBe(200);
    expect(await form.text()).toContain('name="dom"');
  });

  it("checks the address: format, reserved names, taken ones, with the message next to the field", async () => {
    const { cookie } = await signUp();
    const cases: [string, string, number][] = [
      ["Ab", koPlatform.errors.domFormat, 400],
      ["-abc", koPlatform.errors.domFormat, 400],
      ["abc-", koPlatform.errors.domFormat, 400],
      ["a".repeat(21), koPlatform.errors.domFormat, 400],
      ["admin", koPlatform.errors.domReserved, 400],
      ["www", koPlatform.errors.domReserved, 400],
      ["beauty", koPlatform.errors.domTaken, 409],
    ];
    for (const [dom, message, status] of cases) {
      const res = await postForm(PLATFORM, "/open", { dom, name: "이름", shop_type: "shop" }, { cookie });
      expect(res.status, dom).toBe(status);
      const body = await res.text();
      expect(body).toContain(`id="dom-error" role="alert">${html(message)}`);
    }
    const noName = await postForm(PLATFORM, "/open", { dom: freshDom(), name: " ", shop_type: "x" }, { cookie });
    expect(noName.status).toBe(400);
    const body = await noName.text();
    expect(body).toContain(html(koPlatform.errors.nameLength));
    expect(body).toContain(html(koPlatform.errors.type));
  });

  it("refuses addresses that pass for the platform's own or for an encoded name, next to the field (decision 153)", async () => {
    const { cookie } = await signUp();
    const cases: [string, string][] = [
      ["www1", koPlatform.errors.domLookalike],
      ["www-beauty", koPlatform.errors.domLookalike],
      ["admin-2", koPlatform.errors.domLookalike],
      ["adm1n", koPlatform.errors.domLookalike],
      ["vvww", koPlatform.errors.domLookalike],
      ["ns3", koPlatform.errors.domLookalike],
      ["ab--cd", koPlatform.errors.domDoubleHyphen],
      ["xn--p1ai", koPlatform.errors.domDoubleHyphen],
      ["XN--80AK6AA92E", koPlatform.errors.domDoubleHyphen],
      ["shop--1", koPlatform.errors.domDoubleHyphen],
    ];
    for (const [dom, message] of cases) {
      const res = await postForm(PLATFORM, "/open", { dom, name: "이름", shop_type: "shop" }, { cookie });
      expect(res.status, dom).toBe(400);
      expect(await res.text(), dom).toContain(`id="dom-error" role="alert">${html(message)}`);
    }
    const opened = await db()
      .prepare(`SELECT COUNT(*) AS n FROM shops WHERE dom IN (${cases.map(() => "?").join(", ")})`)
      .bind(...cases.map(([dom]) => dom.toLowerCase()))
      .first<number>("n");
    expect(opened).toBe(0);
    // Words that only contain a reserved name, and look-alikes of nothing, are fine.
    for (const dom of ["myadmin", "shop-kr", "mall"]) {
      const res = await postForm(PLATFORM, "/open", { dom, name: "이름", shop_type: "shop" }, { cookie });
      expect(res.status, dom).toBe(303);
    }
  });

  it("opens a working shop whose console is its opener's only, and lists it in /user/info", async () => {
    const { cookie } = await signUp();
    const dom = freshDom();
    const ownerCookie = await openAndCarry(cookie, dom, "첫 가게");
    const host = `${dom}.localhost`;
    const row = await db()
      .prepare(
        "SELECT s.name, s.shop_type, s.owner_uid, s.uid, m.email FROM shops s JOIN members m ON m.uid = s.owner_uid WHERE dom = ?",
      )
      .bind(dom)
      .first<{ name: string; shop_type: string; owner_uid: number; uid: number; email: string }>();
    expect(row?.name).toBe("첫 가게");
    expect(row?.shop_type).toBe("shop");
    const home = await get(host, "/");
    expect(home.status).toBe(200);
    expect(await home.text()).toContain("첫 가게");
    expect((await get(host, "/admin", { headers: { cookie: ownerCookie } })).status).toBe(200);
    // Someone else, logged in on the new host: no console.
    expect((await get(host, "/admin", { headers: { cookie: await login(host, SHOPPER) } })).status).toBe(404);
    // A second shop of the same person gets a shop key of its own, the same owner.
    const dom2 = freshDom();
    await openAndCarry(cookie, dom2, "둘째 가게");
    const second = await db()
      .prepare("SELECT uid, owner_uid FROM shops WHERE dom = ?")
      .bind(dom2)
      .first<{ uid: number; owner_uid: number }>();
    expect(second?.owner_uid).toBe(row?.owner_uid);
    expect(second?.uid).not.toBe(row?.uid);
    const info = await get(host, "/user/info", { headers: { cookie: ownerCookie } });
    expect(info.status).toBe(200);
    const text = await info.text();
    expect(text).toContain(`http://${dom}.localhost/admin`);
    expect(text).toContain(`http://${dom2}.localhost/admin`);
  });

  it("shows a new shop's owner the steps before it can sell, each done by its own form", async () => {
    const { cookie } = await signUp();
    const dom = freshDom();
    const owner = Shopper.signedIn(`${dom}.localhost`, await openAndCarry(cookie, dom));
    type Setup = { setup: Record<string, boolean>; legal_gaps: string[] };
    const dashboard = async () => (await owner.api<Setup>("/api/myshp/admin/dashboard")).data;
    const setup = async () => (await dashboard()).setup;
    const none = { products: false, payment: false, business: false, delivery: false, notify: false };
    expect(await setup()).toEqual(none);
    const page = (await (await owner.fetch("/admin")).text()).replace(/<!-- -->/g, "");
    expect(page).toContain(html(koDaily.dashboard.setup.title));
    for (const href of [
      "/admin/product",
      "/admin/settings#bank",
      "/admin/settings#business",
      "/admin/settings#delivery",
      "/admin/notify",
    ]) {
      expect(page).toContain(`href="${href}"`);
    }
    // The business step names what is missing.
    expect(page).toContain(html(koSeller.missing(gapLabels(["seller_type", "name", "tel", "email", "address"]))));

    const saved = (body: Record<string, unknown>) => owner.api("/api/myshp/admin/settings/save", body);
    const bank = { section: "bank", bank_name: "국민은행", bank_account: "123456-01-234567", bank_holder: "새 사장" };
    expect((await saved(bank)).status).toBe(200);
    expect(await setup()).toEqual({ ...none, payment: true });
    // A 개인사업자 with a name and a number only: the law asks for more.
    const partly = {
      section: "business",
      seller_type: "sole",
      corpname: "새상회",
      ceo: "새 사장",
      idnum: "220-81-62517",
    };
    expect((await saved(partly)).status).toBe(200);
    expect(await dashboard()).toMatchObject({
      setup: { business: false },
      legal_gaps: ["idnum_singo", "address", "tel", "email"],
    });
    expect((await saved(SOLE_BUSINESS)).status).toBe(200);
    expect(await dashboard()).toMatchObject({ setup: { ...none, payment: true, business: true }, legal_gaps: [] });
    // The fees as they were (the defaults), saved once: the owner's word on them.
    const delivery = {
      section: "delivery",
      delivery_fee: 3000,
      free_delivery_threshold: 30000,
      jeju_fee: 0,
      island_fee: 0,
    };
    expect((await saved(delivery)).status).toBe(200);
    const product = {
      title: "첫 상품",
      price: 10000,
      summary: "",
      description: "",
      sort: 0,
      options: [{ name: "", extra_price: 0, stock: 3 }],
    };
    expect((await owner.api("/api/myshp/admin/product/save", product)).status).toBe(200);
    expect(await setup()).toEqual({ products: true, payment: true, business: true, delivery: true, notify: false });
    // The owner's 알림톡 number: the last step.
    expect((await owner.api("/api/myshp/admin/notify/save", { owner_phone: "010-1234-0000" })).status).toBe(200);
    expect(await setup()).toEqual({ products: true, payment: true, business: true, delivery: true, notify: true });
    // All done: the console heads with the day's figures only.
    expect(await (await owner.fetch("/admin")).text()).not.toContain(html(koDaily.dashboard.setup.title));
  });

  it("limits how many shops one account opens", async () => {
    const { cookie } = await signUp();
    let last = 0;
    for (let i = 0; i < 4; i++) {
      const res = await postForm(
        PLATFORM,
        "/open",
        { dom: freshDom(), name: "가게", shop_type: "restaurant" },
        { cookie },
      );
      last = res.status;
    }
    expect(last).toBe(429);
  });
});

describe("the platform admin's shop desk", () => {
  async function platformAdmin() {
    return login(PLATFORM, ADMIN);
  }
  async function shopId(dom: string) {
    return (await db().prepare("SELECT id FROM shops WHERE dom = ?").bind(dom).first<number>("id"))!;
  }

  it("is a platform admin's only", async () => {
    expect((await get(PLATFORM, "/madmin")).status).toBe(404);
    const shopper = await login(PLATFORM, SHOPPER);
    expect((await get(PLATFORM, "/madmin", { headers: { cookie: shopper } })).status).toBe(404);
    const id = await shopId("beauty");
    const refused = await postForm(PLATFORM, "/madmin", { shop: String(id), do: "suspend" }, { cookie: shopper });
    expect(refused.status).toBe(404);
    expect(await db().prepare("SELECT suspended_at FROM shops WHERE id = ?").bind(id).first("suspended_at")).toBeNull();
    const admin = await platformAdmin();
    const list = await get(PLATFORM, "/madmin?q=beauty", { headers: { cookie: admin } });
    expect(list.status).toBe(200);
    const body = await list.text();
    expect(body).toContain('data-shop="beauty"');
    expect(body).not.toContain('data-shop="picks"');
  });

  it("suspends a shop (shoppers get the closed page, the owner the console) and restores it", async () => {
    const { cookie } = await signUp();
    const dom = freshDom();
    const host = `${dom}.localhost`;
    const ownerCookie = await openAndCarry(cookie, dom);
    const admin = await platformAdmin();
    const id = await shopId(dom);
    const suspended = await postForm(PLATFORM, "/madmin", { shop: String(id), do: "suspend" }, { cookie: admin });
    expect(suspended.status).toBe(303);
    const closed = await get(host, "/");
    expect(closed.status).toBe(503);
    const text = await closed.text();
    expect(text).toContain(koPlatform.closedTitle);
    expect(text).toContain('name="robots" content="noindex"');
    // The shop's API answers its shoppers the same; its own log-in calls still work.
    const api = await get(host, "/api/myshp/get/info/v2");
    expect(api.status).toBe(503);
    expect((await get(host, "/api/myshp/get/info/v2", { headers: { cookie: ownerCookie } })).status).not.toBe(503);
    expect((await get(host, "/admin", { headers: { cookie: ownerCookie } })).status).toBe(200);
    expect((await get(host, "/", { headers: { cookie: ownerCookie } })).status).toBe(200);
    expect((await get(host, "/user/login")).status).toBe(200);
    const restored = await postForm(PLATFORM, "/madmin", { shop: String(id), do: "restore" }, { cookie: admin });
    expect(restored.status).toBe(303);
    expect((await get(host, "/")).status).toBe(200);
  });

  it("transfers a shop to another account by e-mail", async () => {
    const { cookie } = await signUp();
    const dom = freshDom();
    const host = `${dom}.localhost`;
    const ownerCookie = await openAndCarry(cookie, dom);
    const admin = await platformAdmin();
    const id = await shopId(dom);
    const unknown = await postForm(
      PLATFORM,
      "/madmin",
      { shop: String(id), do: "transfer", email: "nobody-at-all@example.test" },
      { cookie: admin },
    );
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain(html(koPlatform.transferUnknown));
    const next = await joinNew(PLATFORM, "새 운영자");
    const moved = await postForm(
      PLATFORM,
      "/madmin",
      { shop: String(id), do: "transfer", email: next.email },
      { cookie: admin },
    );
    expect(moved.status).toBe(303);
    expect((await get(host, "/admin", { headers: { cookie: ownerCookie } })).status).toBe(404);
    const nextCookie = await login(host, next.email);
    expect((await get(host, "/admin", { headers: { cookie: nextCookie } })).status).toBe(200);
    // The demo's owners keep their shops.
    expect((await get(BEAUTY, "/admin", { headers: { cookie: await login(BEAUTY, BEAUTY_OWNER) } })).status).toBe(200);
  });
});
