import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { BEAUTY } from "../helpers/request";
import { login, PASSWORD } from "../helpers/auth";
import { Shopper } from "../helpers/shopper";
import { koAdmin } from "~/shared/messages/admin";
import { koOrder } from "~/shared/messages/cart";
import { koLifecycle } from "~/shared/messages/lifecycle";

/** Issue 9, points 3 and 4: the buyer's order page and the owner's console, as plain form posts. */

async function paidOrder() {
  const shopper = new Shopper(BEAUTY);
  shopper.ip = `203.0.113.${Math.floor(Math.random() * 200) + 1}`;
  await shopper.add([{ pid2: 14, pid3: 1400, qty: 1 }]);
  const sheet = await shopper.order([{ pid2: 14, pid3: 1400, qty: 1 }]);
  const id = sheet.data.order_id;
  expect((await shopper.pay(id)).status).toBe(200);
  return { shopper, id };
}

async function signedIn(email: string) {
  const browser = new Shopper(BEAUTY);
  for (const part of (await login(BEAUTY, email, PASSWORD)).split("; ")) {
    const at = part.indexOf("=");
    browser.cookies.set(part.slice(0, at), part.slice(at + 1));
  }
  return browser;
}

const text = async (res: Response) => (await res.text()).replace(/<!-- -->/g, "");

describe("the buyer's order page", () => {
  it("shows the order and cancels it after a confirm step, without JavaScript", async () => {
    const { shopper, id } = await paidOrder();
    const page = `/myshop/order_view?id=${id}&uuid_value=${shopper.device}`;
    let res = await shopper.fetch(page);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toContain("no-store");
    let html = await text(res);
    expect(html).toContain(koOrder.waitingDeposit);
    expect(html).toContain('aria-label="주문취소"');
    // First press: the page asks again.
    res = await shopper.form(page, { id: String(id), action: "cancel" });
    expect(res.status).toBe(200);
    html = await text(res);
    expect(html).toContain("주문을 취소할까요?");
    expect(html).toContain('name="confirm" value="1"');
    // Second press: done, back to the page with a notice.
    res = await shopper.form(page, { id: String(id), action: "cancel", confirm: "1" });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`${page}&done=cancel`);
    html = await text(await shopper.fetch(res.headers.get("location")!));
    expect(html).toContain("주문취소 완료");
    expect(html).toContain(koOrder.status.CANCELED);
    expect(html).not.toContain('aria-label="주문취소"');
    // Posting it again changes nothing and says so plainly.
    res = await shopper.form(page, { id: String(id), action: "cancel", confirm: "1" });
    expect(res.status).toBe(303);
  });

  it("is nobody else's: another guest gets 404", async () => {
    const { id } = await paidOrder();
    const other = new Shopper(BEAUTY);
    await other.add([{ pid2: 13, pid3: 1300 }]);
    expect((await other.fetch(`/myshop/order_view?id=${id}&uuid_value=${other.device}`)).status).toBe(404);
  });
});

describe("the owner's console", () => {
  it("lets only the shop's owner (or a platform admin) in", async () => {
    const guest = await new Shopper(BEAUTY).fetch("/admin");
    expect(guest.status).toBe(302);
    expect(guest.headers.get("location")).toMatch(/^\/user\/login\?url=%2Fadmin/);
    const picksOwner = await signedIn("owner@picks.example.test");
    expect((await picksOwner.fetch("/admin")).status).toBe(404);
    expect((await (await signedIn("admin@example.test")).fetch("/admin")).status).toBe(200);
  });

  it("confirms the deposit and ships with a tracking number, field by field", async () => {
    const { shopper, id } = await paidOrder();
    const owner = await signedIn("owner@beauty.example.test");
    let html = await text(await owner.fetch("/admin?status=WAITING_PAYMENT"));
    expect(html).toContain(`href="/admin/order?id=${id}"`);
    const page = `/admin/order?id=${id}`;
    html = await text(await owner.fetch(page));
    expect(html).toContain('aria-label="입금확인"');
    let res = await owner.form(page, { id: String(id), action: "confirm_payment" });
    expect(await text(res)).toContain("입금을 확인했나요?");
    res = await owner.form(page, { id: String(id), action: "confirm_payment", confirm: "1" });
    expect(res.status).toBe(303);
    res = await owner.form(page, { id: String(id), action: "ship", courier: "cj", tracking_no: "12" });
    expect(res.status).toBe(400);
    html = await text(res);
    expect(html).toContain(koLifecycle.fieldErrors.trackingNo);
    expect(html).toContain('value="12"');
    res = await owner.form(page, { id: String(id), action: "ship", courier: "cj", tracking_no: "6012 3456 7890" });
    expect(res.status).toBe(303);
    html = await text(await owner.fetch(page));
    expect(html).toContain(koLifecycle.lists.titles.delivery);
    expect(html).toContain("CJ대한통운");
    // The buyer sees the courier and a tracking link.
    html = await text(await shopper.fetch(`/myshop/order_view?id=${id}&uuid_value=${shopper.device}`));
    expect(html).toContain('href="https://www.cjlogistics.com/ko/tool/parcel/tracking?gnbInvcNo=601234567890"');
    expect(html).toContain("발송처리 → 배송 중");
  });
});

describe("the console's stock and notices", () => {
  it("sets stock only on the shop's own options, from a plain form", async () => {
    const owner = await signedIn("owner@beauty.example.test");
    const html = await text(await owner.fetch(`/admin/stock?q=${encodeURIComponent("클렌징")}`));
    expect(html).toContain('data-testid="stock-product"');
    let res = await owner.form("/admin/stock", { option_id: "1400", stock: "1,234" });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/admin/stock?saved=1400");
    const row = await env.DB.prepare("SELECT stock FROM product_options WHERE id = 1400").first<{ stock: number }>();
    expect(row!.stock).toBe(1234);
    res = await owner.form("/admin/stock", { option_id: "1400", stock: "-3" });
    expect(res.status).toBe(400);
    expect(await text(res)).toContain(koAdmin.errors.stock);
    // picks' own option, on beauty's console: not this shop's.
    const api = await owner.api<{ error: { code: string } }>("/api/myshp/admin/stock/set", {
      option_id: 25100,
      stock: 1,
    });
    expect([api.status, api.data.error.code]).toEqual([404, "NOT_FOUND"]);
    // A shopper cannot.
    const shopper = await signedIn("shopper@example.test");
    expect((await shopper.api("/api/myshp/admin/stock/set", { option_id: 1400, stock: 0 })).status).toBe(403);
  });

  it("writes notices as plain text; addresses become safe links, markup stays text", async () => {
    const owner = await signedIn("owner@beauty.example.test");
    const body = '배송 안내: https://example.com/guide 참고\n<script>alert(1)</script><a href="javascript:x">링크</a>';
    let res = await owner.form("/admin/notices", { intent: "save", title: "새 배송 안내", body, pinned: "on" });
    expect(res.status).toBe(303);
    res = await owner.form("/admin/notices", { intent: "save", title: " ", body: "내용" });
    expect(res.status).toBe(400);
    expect(await text(res)).toContain(koAdmin.errors.noticeTitle);
    const page = await text(await new Shopper(BEAUTY).fetch("/shop/notice-list"));
    expect(page).toContain("새 배송 안내");
    expect(page).toContain(
      '<a href="https://example.com/guide" target="_blank" rel="nofollow noopener noreferrer ugc">',
    );
    expect(page).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(page).not.toContain('href="javascript:x"');
    // Another shop's owner cannot touch beauty's notices, even by id.
    const id = (await env.DB.prepare("SELECT id FROM notices WHERE title = '새 배송 안내'").first<{ id: number }>())!
      .id;
    const picks = await signedIn("owner@picks.example.test");
    expect((await picks.api("/api/myshp/admin/notice/delete", { id })).status).toBe(403);
    res = await owner.form("/admin/notices", { intent: "delete", id: String(id) });
    expect(res.status).toBe(303);
    expect(await text(await new Shopper(BEAUTY).fetch("/shop/notice-list"))).not.toContain("새 배송 안내");
  });
});

describe("the console's point terms", () => {
  it("sets whether members earn and use points, the rate and the unit, field by field", async () => {
    const owner = await signedIn("owner@beauty.example.test");
    let res = await owner.form("/admin/points", { point: "on", point_rate: "30", point_unit: "0" });
    expect(res.status).toBe(400);
    const html = await text(res);
    expect(html).toContain(koAdmin.errors.pointRate);
    expect(html).toContain(koAdmin.errors.pointUnit);
    res = await owner.form("/admin/points", { point: "on", point_rate: "2.5", point_unit: "100" });
    expect([res.status, res.headers.get("location")]).toEqual([303, "/admin/points?saved=1"]);
    const row = await env.DB.prepare("SELECT point, point_rate, point_unit FROM shops WHERE id = 1").first();
    expect(row).toEqual({ point: 1, point_rate: 2.5, point_unit: 100 });
    const shopper = await signedIn("shopper@example.test");
    expect((await shopper.form("/admin/points", { point: "on", point_rate: "20", point_unit: "1" })).status).toBe(404);
  });
});
