import { describe, expect, it } from "vitest";
import { BISTRO_TABLES } from "../../../functions/seed/demo";
import { login } from "../helpers/auth";
import { Shopper } from "../helpers/shopper";
import { BEAUTY, BISTRO } from "../helpers/request";
import { koOrder } from "~/shared/messages/cart";
import { koSmart } from "~/shared/messages/smart";

/** Issue 13: the smart order pages as plain form posts (no scripts), through the whole Worker. */

const text = async (res: Response) => (await res.text()).replace(/<!-- -->/g, "");

/** A phone that scanned a table's code: the page sets the table cookie and opens the menu. */
async function scan(hash: string, host = BISTRO) {
  const phone = new Shopper(host);
  const res = await phone.fetch(`/smartorder/${hash}`);
  return { phone, res };
}

describe("smart order pages without scripts", () => {
  it("opens the table from its code with a host-only cookie, and says so plainly for an unknown code", async () => {
    const { phone, res } = await scan(BISTRO_TABLES[0]);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/smartorder/start");
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith("smart_table="))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Domain=/i);
    const menuRes = await phone.fetch("/smartorder/start");
    // A table's page is that table's: never cached anywhere.
    expect(menuRes.headers.get("cache-control")).toBe("private, no-store");
    const menu = await text(menuRes);
    expect(menu).toContain("한끼 식당 · 테이블 1");
    expect(menu).toContain('data-layout="smart"');
    expect(menu).toContain("김치찌개");
    expect(menu).toMatch(/오늘의 특선 \(재료 소진\)[\s\S]*?품절/);

    const unknown = await new Shopper(BISTRO).fetch(`/smartorder/${"ab".repeat(16)}`);
    expect(unknown.status).toBe(404);
    expect(await text(unknown)).toContain(koSmart.tableNotFound);
    // bistro's code on another shop's host is no table either.
    expect((await scan(BISTRO_TABLES[0], BEAUTY)).res.status).toBe(404);
    // Without a table, the pages ask for the code to be scanned.
    const lost = await new Shopper(BISTRO).fetch("/smartorder/start");
    expect(lost.status).toBe(302);
    expect(lost.headers.get("location")).toBe("/smartorder");
    expect(await text(await new Shopper(BISTRO).fetch("/smartorder"))).toContain("QR 코드를 다시 스캔해 주세요");
  });

  it("lets two diners order together and follow the kitchen from 접수 to 조리 중 to 완료", async () => {
    const hash = BISTRO_TABLES[1];
    const { phone: a } = await scan(hash);
    const { phone: b } = await scan(hash);

    // A dish with choices: its page, then 담기 back to the menu saying so.
    const page = await text(await a.fetch("/smartorder/start_customize00?sid=m0001"));
    expect(page).toContain("맵기 (필수)");
    expect(page).toContain("라면사리");
    const added = await a.form("/smartorder/start_customize00?sid=m0001", [
      ["sid", "m0001"],
      ["option", "30103"],
      ["extra", "3011"],
      ["extra", "3012"],
      ["qty", "2"],
    ]);
    expect(added.status).toBe(303);
    expect(added.headers.get("location")).toBe("/smartorder/start?added=m0001");
    expect(await text(await a.fetch("/smartorder/start?added=m0001"))).toContain("장바구니에 담았습니다 · 김치찌개");
    // Missing choice: said next to the form, nothing added.
    const refused = await a.form("/smartorder/start_customize00?sid=m0001", { sid: "m0001", qty: "1" });
    expect(refused.status).toBe(400);
    expect(await text(refused)).toContain(koSmart.errors.choose);
    // A dish without choices, from the menu in one tap, by the other diner.
    expect((await b.form("/smartorder/start", { sid: "m0010" })).status).toBe(303);

    const check = await text(await b.fetch("/smartorder/order_check"));
    expect(check).toContain("매운맛 · 라면사리, 치즈");
    expect(check).toContain("콜라");
    expect(check).toContain("25,000원 주문하기"); // 2 × 11,500 + 2,000
    const key = /name="key" value="([^"]+)"/.exec(check)![1]!;
    const ordered = await b.form("/smartorder/order_check", {
      intent: "order",
      key,
      memo: "앞접시 2개",
      pay: "counter",
    });
    expect(ordered.status).toBe(303);
    const done = ordered.headers.get("location")!;
    expect(done).toMatch(/^\/smartorder\/order_complete\?id=\d+$/);
    const id = Number(done.split("=")[1]);
    // The same form again is the same order; the other phone's stale form says it was ordered.
    const again = await b.form("/smartorder/order_check", { intent: "order", key, pay: "counter" });
    expect(again.headers.get("location")).toBe(done);
    const late = await a.form("/smartorder/order_check", { intent: "order", key: crypto.randomUUID(), pay: "counter" });
    expect(late.status).toBe(409);

    const complete = async () => text(await a.fetch(done));
    expect(await complete()).toMatch(/data-testid="table-order-status"[^>]*>접수</);
    // Without scripts it looks again every 20 s: in the head, the one place the refresh is valid.
    expect(await complete()).toContain('<noscript><meta http-equiv="refresh" content="20"></noscript></head>');

    const owner = Shopper.signedIn(BISTRO, await login(BISTRO, "owner@bistro.example.test"));
    const board = await text(await owner.fetch("/admin/kitchen"));
    expect(board).toContain("김치찌개");
    expect(board).toContain("💬 앞접시 2개");
    expect((await owner.form("/admin/kitchen", { id: String(id), action: "prepare" })).status).toBe(303);
    expect(await complete()).toMatch(/data-testid="table-order-status"[^>]*>조리 중</);
    // The buyer's own order page says 조리 중 too (spec: READY_FOR_DELIVERY in smart order).
    expect(await text(await owner.fetch(`/admin/order?id=${id}`))).toContain(koOrder.cooking);
    expect((await owner.form("/admin/kitchen", { id: String(id), action: "serve" })).status).toBe(303);
    expect(await complete()).toMatch(/data-testid="table-order-status"[^>]*>완료</);

    // The kitchen's 취소 asks once more before stock and money move.
    await b.form("/smartorder/start", { sid: "m0010" });
    const second = await text(await b.fetch("/smartorder/order_check"));
    const next = await b.form("/smartorder/order_check", {
      intent: "order",
      key: /name="key" value="([^"]+)"/.exec(second)![1]!,
      pay: "counter",
    });
    const secondId = next.headers.get("location")!.split("=")[1]!;
    const ask = await owner.form("/admin/kitchen", { id: secondId, action: "kitchen_cancel" });
    expect(ask.status).toBe(200);
    expect(await text(ask)).toContain("이 테이블 주문을 취소할까요?");
    await owner.form("/admin/kitchen", { id: secondId, action: "kitchen_cancel", confirm: "1" });
    expect(await text(await a.fetch(`/smartorder/order_complete?id=${secondId}`))).toContain(koOrder.canceled);
  });

  it("gives the owner the tables, their QR codes as SVG, and nobody else", async () => {
    const owner = Shopper.signedIn(BISTRO, await login(BISTRO, "owner@bistro.example.test"));
    const tables = await text(await owner.fetch("/admin/tables"));
    expect(tables).toContain(`http://bistro.localhost/smartorder/${BISTRO_TABLES[2]}`);
    const sheet = await text(await owner.fetch("/admin/tables/print"));
    expect(sheet.match(/data-testid="table-qr"/g)!.length).toBeGreaterThanOrEqual(8);
    expect(sheet).toContain("<svg");
    const added = await owner.form("/admin/tables", { intent: "add", name: "창가 1" });
    expect(added.status).toBe(303);
    expect(await text(await owner.fetch("/admin/tables?done=add"))).toContain("테이블 창가 1");
    const empty = await owner.form("/admin/tables", { intent: "add", name: " " });
    expect(empty.status).toBe(400);
    expect(await text(empty)).toContain(koSmart.admin.nameRequired);

    const shopper = Shopper.signedIn(BISTRO, await login(BISTRO));
    expect((await shopper.fetch("/admin/tables/print")).status).toBe(404);
    expect((await shopper.fetch("/admin/kitchen")).status).toBe(404);
  });
});
