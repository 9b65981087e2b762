import { env } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { koLifecycle } from "~/shared/messages/lifecycle";
import { koOrderMail } from "~/shared/messages/mail";
import { keptAmount } from "~/shared/money";
import type { TossStandin } from "../../../scripts/lib/toss-standin.mjs";
import { login, PASSWORD } from "../helpers/auth";
import { BEAUTY, PICKS } from "../helpers/request";
import { Shopper, stockOf } from "../helpers/shopper";
import { payOnline, routeToss } from "../helpers/toss";

/**
 * Issue 52 item 5, decision 176: the owner's 판매취소 of one line of a paid order before shipping.
 * Through the whole Worker: the line marked with its reason, its stock back, its money (and only
 * its money) back through Toss as a partial cancel, the order going on with its other line, the
 * sales dropping by what went back; the last line cancels the order through the same machine.
 */

const LINE_A = { pid2: 13, pid3: 1300, qty: 2 };
const LINE_B = { pid2: 14, pid3: 1400, qty: 1 };

let standin: TossStandin;
/** Every cancel the Worker asked Toss for. */
let tossCancels: { key: string; amount: number; reason: string }[];

beforeEach(() => {
  standin = routeToss();
  tossCancels = [];
  const routed = vi.mocked(globalThis.fetch).getMockImplementation()!;
  vi.mocked(globalThis.fetch).mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    if (/\/cancel$/.test(new URL(request.url).pathname)) {
      const body = (await request.clone().json()) as { cancelAmount?: number; cancelReason: string };
      tossCancels.push({
        key: request.headers.get("idempotency-key") ?? "",
        amount: body.cancelAmount ?? -1,
        reason: body.cancelReason,
      });
    }
    return routed(request);
  });
});

afterEach(async () => {
  await env.DB.prepare("DROP TRIGGER IF EXISTS d1_down").run();
});

type Line = { name: string; price: number; qty: number; canceled: { reason: string; amount: number } | null };
type View = {
  status: string;
  paid_amount: number;
  cancel_reason: string | null;
  line_cancel: boolean;
  groups: { lines: Line[] }[];
  events: { actor: string; action: string; note: string | null }[];
  refund: { amount: number | null } | null;
  online: { status: string; balance: number | null; cancels: { amount: number }[] } | null;
  error?: { code: string; message: string; field?: string };
};

const signedIn = async (host: string, email: string) => Shopper.signedIn(host, await login(host, email, PASSWORD));
const ownerAct = (owner: Shopper, body: Record<string, unknown>) =>
  owner.api<View>("/api/myshp/admin/order/action", body);
const cancelLine = (id: number, line: number, sale_reason = "stock", note = "") => ({
  id,
  action: "seller_cancel_line",
  line,
  sale_reason,
  note,
});
const lines = (v: View) => v.groups.flatMap((g) => g.lines);

const orderRow = async (id: number) =>
  (await env.DB.prepare(
    "SELECT status, total_price, points_used, paid_amount, return_amount, refund_amount FROM orders WHERE id = ?",
  )
    .bind(id)
    .first<Parameters<typeof keptAmount>[0]>())!;
const lineRows = async (id: number) =>
  (
    await env.DB.prepare("SELECT line_no, qty, amount FROM order_line_cancels WHERE order_id = ? ORDER BY line_no")
      .bind(id)
      .all()
  ).results;

/** A card order of two lines on beauty (through the stand-in), and beauty's owner. */
async function twoLines(email = `line-${crypto.randomUUID()}@example.test`) {
  const paid = await payOnline(standin, BEAUTY, [LINE_A, LINE_B], "card", email);
  const owner = await signedIn(BEAUTY, "owner@beauty.example.test");
  const view = (await owner.api<View>(`/api/myshp/admin/order?id=${paid.id}`)).data;
  return { ...paid, owner, email, view };
}

describe("판매취소 of one line", () => {
  it("refunds exactly that line through Toss, returns its stock, keeps the order; the other line cancels the order", async () => {
    const stockA = await stockOf(LINE_A.pid3);
    const stockB = await stockOf(LINE_B.pid3);
    const { shopper, id, owner, email, view } = await twoLines();
    expect([view.status, view.line_cancel]).toEqual(["CONFIRM_PAYMENT", true]);
    const [a, b] = lines(view) as [Line, Line];
    const lineA = a.price * a.qty;
    expect(view.paid_amount).toBeGreaterThan(lineA + b.price * b.qty - 1);
    expect(await stockOf(LINE_A.pid3)).toBe(stockA - LINE_A.qty);
    const keptBefore = keptAmount(await orderRow(id));
    expect(keptBefore).toBe(view.paid_amount);
    // The console's 오늘 매출 (kept per day by the triggers, decision 167).
    const sales = async () =>
      (await owner.api<{ today: { sales: number } }>("/api/myshp/admin/dashboard")).data.today.sales;
    const salesBefore = await sales();

    const res = await ownerAct(owner, cancelLine(id, 0, "stock", "입고가 늦어집니다"));
    expect(res.status, JSON.stringify(res.data.error)).toBe(200);
    // Toss was asked for a partial cancel of that line's amount, with the shop's reason.
    expect(tossCancels).toHaveLength(1);
    expect(tossCancels[0]).toMatchObject({ amount: lineA, reason: "재고 부족 · 입고가 늦어집니다" });
    expect(res.data.online).toMatchObject({ status: "PARTIAL_CANCELED", balance: view.paid_amount - lineA });
    expect(res.data.online?.cancels.map((c) => c.amount)).toEqual([lineA]);
    // The order goes on with its other line; the cancelled one is marked with its reason and money.
    expect(res.data.status).toBe("CONFIRM_PAYMENT");
    expect(lines(res.data).map((l) => l.canceled)).toEqual([
      { reason: "재고 부족 · 입고가 늦어집니다", amount: lineA, owed: false },
      null,
    ]);
    expect(res.data.events.at(-1)).toMatchObject({ action: "seller_cancel_line", actor: "owner" });
    expect(await stockOf(LINE_A.pid3)).toBe(stockA);
    expect(await stockOf(LINE_B.pid3)).toBe(stockB - LINE_B.qty);
    // Sales: only the money kept.
    expect(keptAmount(await orderRow(id))).toBe(keptBefore - lineA);
    expect(await sales()).toBe(salesBefore - lineA);
    // The buyer reads it on their order page, and by mail.
    const page = (await (await shopper.fetch(`/myshop/order_view?id=${id}`)).text()).replace(/<!-- -->/g, "");
    expect(page).toContain('data-testid="line-canceled"');
    expect(page).toContain(koLifecycle.saleCancel.reasonLine("재고 부족 · 입고가 늦어집니다"));
    const mail = await env.DB.prepare("SELECT subject, body FROM mail_outbox WHERE to_addr = ? ORDER BY id")
      .bind(email)
      .all<{ subject: string; body: string }>();
    const sent = mail.results.find((m) => m.subject === koOrderMail.lineCanceled.subject("뷰티 라운지", id));
    expect(sent?.body).toContain("재고 부족 · 입고가 늦어집니다");
    expect(sent?.body).toContain(a.name);

    // The same line again: refused, nothing moves.
    const again = await ownerAct(owner, cancelLine(id, 0));
    expect([again.status, again.data.error?.message]).toEqual([409, koLifecycle.errors.lineCanceledAlready]);
    expect(tossCancels).toHaveLength(1);
    expect(await stockOf(LINE_A.pid3)).toBe(stockA);

    // The other (last live) line: the whole order's 판매취소, its refund of the rest through Toss.
    const last = await ownerAct(owner, cancelLine(id, 1, "discontinued"));
    expect(last.status, JSON.stringify(last.data.error)).toBe(200);
    expect([last.data.status, last.data.cancel_reason]).toEqual(["REFUNDED", "shop"]);
    expect(tossCancels.map((c) => c.amount)).toEqual([lineA, view.paid_amount - lineA]);
    expect(last.data.online).toMatchObject({ status: "CANCELED", balance: 0 });
    expect(last.data.refund?.amount).toBe(view.paid_amount);
    expect(await stockOf(LINE_A.pid3)).toBe(stockA);
    expect(await stockOf(LINE_B.pid3)).toBe(stockB);
    expect(keptAmount(await orderRow(id))).toBe(0);
    expect(await sales()).toBe(salesBefore - view.paid_amount);
  });

  it("is refused to a buyer, to another shop's owner, after shipping; nothing changes", async () => {
    const { shopper, id, owner } = await twoLines();
    const stock = await stockOf(LINE_A.pid3);
    let res = await shopper.api<View>("/api/myshp/my/order/action", { id, action: "seller_cancel_line", reason: "x" });
    expect([res.status, res.data.error?.code]).toEqual([409, "ORDER_ACTION_REFUSED"]);
    res = await ownerAct(shopper, cancelLine(id, 0));
    expect(res.status).toBe(401);
    res = await ownerAct(await signedIn(PICKS, "owner@picks.example.test"), cancelLine(id, 0));
    expect([res.status, res.data.error?.message]).toEqual([404, koLifecycle.errors.notFound]);
    // No reason, no line, a line the order does not have.
    res = await ownerAct(owner, { id, action: "seller_cancel_line", line: 0 });
    expect([res.status, res.data.error?.field]).toEqual([400, "sale_reason"]);
    res = await ownerAct(owner, { id, action: "seller_cancel_line", sale_reason: "stock" });
    expect([res.status, res.data.error?.field]).toEqual([400, "line"]);
    res = await ownerAct(owner, cancelLine(id, 5));
    expect([res.status, res.data.error?.message]).toEqual([400, koLifecycle.errors.lineUnknown]);
    // Shipped: too late.
    await ownerAct(owner, { id, action: "ship", courier: "cj", tracking_no: "601234567890" });
    res = await ownerAct(owner, cancelLine(id, 0));
    expect([res.status, res.data.error?.message]).toEqual([409, koLifecycle.errors.refused]);
    expect(tossCancels).toHaveLength(0);
    expect(await stockOf(LINE_A.pid3)).toBe(stock);
    expect(await lineRows(id)).toEqual([]);
  });

  it("leaves nothing half-done when D1 fails in its batch; the next press records Toss's same cancel once", async () => {
    const { id, owner, view } = await twoLines();
    const [a] = lines(view) as [Line];
    const stock = await stockOf(LINE_A.pid3);
    // The Worker logs what it cannot finish: expected here, and nothing else.
    const logged: string[] = [];
    vi.spyOn(console, "error").mockImplementation((line: unknown) => {
      logged.push((JSON.parse(String(line)) as { msg: string }).msg);
    });
    await env.DB.prepare(
      "CREATE TRIGGER d1_down BEFORE INSERT ON order_line_cancels BEGIN SELECT RAISE(ABORT, 'D1_UNAVAILABLE'); END",
    ).run();
    const failed = await ownerAct(owner, cancelLine(id, 0));
    expect(failed.status).toBeGreaterThanOrEqual(500);
    expect(logged).toEqual(["toss cancelled but the order's batch failed", "shop API failure"]);
    expect(await stockOf(LINE_A.pid3)).toBe(stock);
    expect(await lineRows(id)).toEqual([]);
    const row = await orderRow(id);
    expect([row.status, row.refund_amount]).toEqual(["CONFIRM_PAYMENT", null]);
    expect(
      (await env.DB.prepare("SELECT COUNT(*) AS n FROM provider_cancels WHERE order_id = ?").bind(id).first<{
        n: number;
      }>())!.n,
    ).toBe(0);
    await env.DB.prepare("DROP TRIGGER d1_down").run();
    const res = await ownerAct(owner, cancelLine(id, 0));
    expect(res.status, JSON.stringify(res.data.error)).toBe(200);
    // Both presses asked Toss the same (one key): Toss cancelled once, and the order recorded it once.
    expect(tossCancels.map((c) => c.key)).toEqual([tossCancels[0]!.key, tossCancels[0]!.key]);
    expect(res.data.online?.cancels.map((c) => c.amount)).toEqual([a.price * a.qty]);
    expect(res.data.online?.balance).toBe(view.paid_amount - a.price * a.qty);
    expect(await stockOf(LINE_A.pid3)).toBe(stock + LINE_A.qty);
    expect((await orderRow(id)).refund_amount).toBe(a.price * a.qty);
  });
});
