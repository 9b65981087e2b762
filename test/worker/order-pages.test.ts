import { describe, expect, it } from "vitest";
import { BEAUTY } from "./helpers";
import { login, PASSWORD } from "./auth-helpers";
import { Shopper } from "./cart-helpers";

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
    expect(html).toContain("입금 대기");
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
    expect(html).toContain("주문 취소");
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
    expect(html).toContain("송장번호는 숫자 8~20자리로 입력해 주세요");
    expect(html).toContain('value="12"');
    res = await owner.form(page, { id: String(id), action: "ship", courier: "cj", tracking_no: "6012 3456 7890" });
    expect(res.status).toBe(303);
    html = await text(await owner.fetch(page));
    expect(html).toContain("배송 중");
    expect(html).toContain("CJ대한통운");
    // The buyer sees the courier and a tracking link.
    html = await text(await shopper.fetch(`/myshop/order_view?id=${id}&uuid_value=${shopper.device}`));
    expect(html).toContain('href="https://www.cjlogistics.com/ko/tool/parcel/tracking?gnbInvcNo=601234567890"');
    expect(html).toContain("발송처리 → 배송 중");
  });
});
