import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { BOM, guardCell, parseCsv, toCsv } from "~/shared/csv";
import { koDaily } from "~/shared/messages/daily";
import { orderStatusLabel } from "~/shared/order-status";
import { amountDue } from "~/shared/money";
import { MAX_TRACKING_ROWS } from "~/shared/daily-limits";
import { formatCount, formatKRW } from "~/shared/format";
import { BEAUTY, PICKS } from "../helpers/request";
import { login, PASSWORD } from "../helpers/auth";
import { Shopper } from "../helpers/shopper";

/**
 * Issue 36 item 5 (decision 109): the console's daily work. Orders as a courier's CSV, tracking
 * numbers shipped from the courier's file (a bad row reported by line, the good ones kept), and
 * the dashboard. Another shop's owner gets nothing of it.
 */

const t = koDaily;
const ownerOf = async (host: string, email: string) => Shopper.signedIn(host, await login(host, email, PASSWORD));
const html = async (res: Response) => (await res.text()).replace(/<!-- -->/g, "");

/** A guest's bank-transfer order on beauty, its deposit confirmed by the owner: waiting to ship. */
async function paidOrder(owner: Shopper, memo = "문 앞에 놓아 주세요", email?: string): Promise<number> {
  const shopper = new Shopper(BEAUTY);
  shopper.ip = `198.51.100.${Math.floor(Math.random() * 200) + 1}`;
  await shopper.add([{ pid2: 13, pid3: 1300, qty: 2 }]);
  const sheet = await shopper.order([{ pid2: 13, pid3: 1300, qty: 2 }]);
  const id = sheet.data.order_id;
  expect((await shopper.pay(id, email ? { memo, email } : { memo })).status).toBe(200);
  const res = await owner.api<{ status: string }>("/api/myshp/admin/order/action", { id, action: "confirm_payment" });
  expect(res.data.status).toBe("CONFIRM_PAYMENT");
  return id;
}

const order = (id: number) =>
  env.DB.prepare("SELECT status, courier, tracking_no, total_price, points_used FROM orders WHERE id = ?")
    .bind(id)
    .first<{
      status: string;
      courier: string | null;
      tracking_no: string | null;
      total_price: number;
      points_used: number;
    }>();

function upload(owner: Shopper, csv: string, name = "송장.csv", type = "text/csv") {
  const form = new FormData();
  form.set("file", new File([csv], name, { type }));
  return owner.fetch("/admin/tracking-upload", { method: "POST", body: form });
}

describe("CSV", () => {
  it("writes a BOM, quotes what needs it and guards formulas; reads back what it wrote", () => {
    const csv = toCsv([
      ["a", "=SUM(A1)", "+1", "-2", "@x", 'say "hi"', "a,b", "line\nnext"],
      [1, -5, "김하나", ""],
    ]);
    expect(csv.startsWith(BOM)).toBe(true);
    expect(csv).toContain(`'=SUM(A1),'+1,'-2,'@x,"say ""hi""","a,b","line\nnext"`);
    // Numbers are the CSV's own, not text a user typed: a negative amount stays a number.
    expect(csv).toContain("\r\n1,-5,김하나,\r\n");
    const rows = parseCsv(csv);
    expect(rows.map((r) => r.line)).toEqual([1, 3]);
    expect(rows[0]!.cells).toEqual(["a", "'=SUM(A1)", "'+1", "'-2", "'@x", 'say "hi"', "a,b", "line\nnext"]);
    expect(guardCell("010-1234")).toBe("010-1234");
    expect(parseCsv("x,y\n\n\r\nz,w")).toEqual([
      { line: 1, cells: ["x", "y"] },
      { line: 4, cells: ["z", "w"] },
    ]);
  });
});

describe("the console's daily work", () => {
  it("exports the list's orders as the courier's CSV, private, scoped to the shop", async () => {
    const owner = await ownerOf(BEAUTY, "owner@beauty.example.test");
    const id = await paidOrder(owner, '=HYPERLINK("http://x")');
    const res = await owner.fetch("/admin/orders.csv?status=CONFIRM_PAYMENT");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"/);
    const bytes = new Uint8Array(await res.clone().arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parseCsv(await res.text());
    expect(rows[0]!.cells).toEqual([...t.csv.columns]);
    const row = rows.find((r) => r.cells[0] === String(id))!;
    const o = (await order(id))!;
    expect(row.cells).toEqual([
      String(id),
      "김하나",
      "010-1234-5678",
      "04038",
      "서울특별시 마포구 양화로 12",
      "3층",
      expect.any(String),
      "2",
      `'=HYPERLINK("http://x")`,
      String(amountDue(o)),
      orderStatusLabel("CONFIRM_PAYMENT"),
    ]);
    // The filter is the list's: none of another status.
    expect(rows.slice(1).every((r) => r.cells[10] === orderStatusLabel("CONFIRM_PAYMENT"))).toBe(true);

    // Another shop's owner: no console here, no export; on their own host, not beauty's orders.
    const picksHere = await ownerOf(BEAUTY, "owner@picks.example.test");
    expect((await picksHere.fetch("/admin/orders.csv")).status).toBe(404);
    expect((await picksHere.api("/api/myshp/admin/orders/export")).status).toBe(403);
    const picks = await ownerOf(PICKS, "owner@picks.example.test");
    const theirs = parseCsv(await (await picks.fetch("/admin/orders.csv")).text());
    expect(theirs.some((r) => r.cells[0] === String(id))).toBe(false);
    // A guest is sent to log in.
    expect((await new Shopper(BEAUTY).fetch("/admin/orders.csv")).status).toBeGreaterThanOrEqual(300);
  });

  it("round trip: export, then a tracking upload with one bad row ships the good ones and reports the bad by line", async () => {
    const owner = await ownerOf(BEAUTY, "owner@beauty.example.test");
    const a = await paidOrder(owner);
    const b = await paidOrder(owner);
    const exported = parseCsv(await (await owner.fetch("/admin/orders.csv?status=CONFIRM_PAYMENT")).text());
    const ids = exported.slice(1).map((r) => r.cells[0]!);
    expect(ids).toEqual(expect.arrayContaining([String(a), String(b)]));

    // The courier's file: a header, two good rows (by code and by name), bad ones after.
    const csv = [
      "주문번호,택배사,송장번호",
      `${a},cj,6012-3456-7890`,
      `${b},한진택배,"5012 3456 7890"`,
      `999999999999,cj,601234567891`,
      `${a},cj,601234567892`,
      `${b},없는택배,601234567893`,
    ].join("\r\n");
    const res = await upload(owner, `\uFEFF${csv}`);
    expect(res.status).toBe(200);
    const page = await html(res);
    expect(page).toContain(t.tracking.shipped(formatCount(2)));
    expect(page).toContain(`${t.tracking.line(4)}: ${t.tracking.errors.unknownOrder}`);
    expect(page).toContain(`${t.tracking.line(5)}: ${t.tracking.errors.duplicate}`);
    expect(page).toContain(`${t.tracking.line(6)}: ${t.tracking.errors.courier}`);
    expect(await order(a)).toMatchObject({ status: "DELIVERY", courier: "cj", tracking_no: "601234567890" });
    expect(await order(b)).toMatchObject({ status: "DELIVERY", courier: "hanjin", tracking_no: "501234567890" });
    const events = await env.DB.prepare(
      "SELECT actor, action, from_status, to_status FROM order_events WHERE order_id = ? ORDER BY id DESC LIMIT 1",
    )
      .bind(a)
      .first();
    expect(events).toEqual({ actor: "owner", action: "ship", from_status: "CONFIRM_PAYMENT", to_status: "DELIVERY" });

    // The same file again: nothing ships twice; each row says its order is no longer waiting.
    const again = await html(await upload(owner, csv));
    expect(again).toContain(t.tracking.shipped(formatCount(0)));
    expect(again).toContain(`${t.tracking.line(2)}: ${t.tracking.errors.status(orderStatusLabel("DELIVERY"))}`);
  });

  it("mails each buyer the upload shipped, once, as the single-order ship does; a bad row mails nobody", async () => {
    const owner = await ownerOf(BEAUTY, "owner@beauty.example.test");
    const emailA = `tracking-a-${crypto.randomUUID()}@example.test`;
    const emailB = `tracking-b-${crypto.randomUUID()}@example.test`;
    const a = await paidOrder(owner, undefined, emailA);
    const b = await paidOrder(owner, undefined, emailB);
    const shippedMail = async (to: string) =>
      (
        await env.DB.prepare("SELECT subject, body FROM mail_outbox WHERE to_addr = ? AND subject LIKE ? ORDER BY id")
          .bind(to, "%상품이 발송되었습니다%")
          .all<{ subject: string; body: string }>()
      ).results;
    const csv = ["주문번호,택배사,송장번호", `${a},epost,1234567890123`, `${b},없는택배,601234567893`].join("\r\n");
    expect(await html(await upload(owner, csv))).toContain(t.tracking.shipped(formatCount(1)));
    // The mails go after the answer (waitUntil).
    await vi.waitFor(async () => expect(await shippedMail(emailA)).toHaveLength(1));
    const mail = await shippedMail(emailA);
    expect(mail[0]!.subject).toContain(String(a));
    expect(mail[0]!.body).toContain("우체국택배");
    expect(mail[0]!.body).toContain("1234567890123");
    expect(await shippedMail(emailB)).toHaveLength(0);

    // The same file again ships nothing, so nobody hears of it twice.
    await upload(owner, csv);
    expect(await shippedMail(emailA)).toHaveLength(1);
  });

  it("checks the file and every row: bad tracking number, no order, another shop's order, caps", async () => {
    const owner = await ownerOf(BEAUTY, "owner@beauty.example.test");
    const id = await paidOrder(owner);
    const page = await html(await upload(owner, `${id},cj,12-34\n${id},cj,abc`));
    expect(page).toContain(`${t.tracking.line(1)}: ${t.tracking.errors.trackingNo}`);
    expect((await order(id))!.status).toBe("CONFIRM_PAYMENT");

    // beauty's order in picks' console is no order of picks.
    const picks = await ownerOf(PICKS, "owner@picks.example.test");
    const theirs = await html(await upload(picks, `${id},cj,601234567890`));
    expect(theirs).toContain(`${t.tracking.line(1)}: ${t.tracking.errors.unknownOrder}`);
    expect((await order(id))!.status).toBe("CONFIRM_PAYMENT");

    // picks' owner on beauty's host: no console at all.
    const picksHere = await ownerOf(BEAUTY, "owner@picks.example.test");
    expect((await upload(picksHere, `${id},cj,601234567890`)).status).toBe(404);
    const api = await picksHere.api("/api/myshp/admin/tracking/upload", {
      rows: [{ line: 1, order_id: String(id), courier: "cj", tracking_no: "601234567890" }],
    });
    expect(api.status).toBe(403);
    expect((await order(id))!.status).toBe("CONFIRM_PAYMENT");

    // The file itself: missing, not a CSV, too many rows, no rows.
    const none = await owner.fetch("/admin/tracking-upload", { method: "POST", body: new FormData() });
    expect(none.status).toBe(400);
    expect(await html(none)).toContain(t.tracking.errors.fileMissing);
    expect(await html(await upload(owner, "x", "a.exe", "application/x-msdownload"))).toContain(
      t.tracking.errors.fileType,
    );
    const many = Array.from({ length: MAX_TRACKING_ROWS + 1 }, () => `${id},cj,601234567890`).join("\n");
    expect(await html(await upload(owner, many))).toContain(
      t.tracking.errors.tooManyRows(formatCount(MAX_TRACKING_ROWS)),
    );
    expect(await html(await upload(owner, "\n\n"))).toContain(t.tracking.errors.empty);
    // The API refuses more rows than the cap whatever sends them.
    const big = await owner.api("/api/myshp/admin/tracking/upload", {
      rows: Array.from({ length: MAX_TRACKING_ROWS + 1 }, (_, i) => ({
        line: i + 1,
        order_id: String(id),
        courier: "cj",
        tracking_no: "601234567890",
      })),
    });
    expect(big.status).toBe(400);
  });

  it("heads the order list with today's figures, 30 days of sales and what waits, for the owner only", async () => {
    const owner = await ownerOf(BEAUTY, "owner@beauty.example.test");
    const before = (await owner.api<DashboardData>("/api/myshp/admin/dashboard")).data;
    const id = await paidOrder(owner);
    const o = (await order(id))!;
    const after = (await owner.api<DashboardData>("/api/myshp/admin/dashboard")).data;
    expect(after.days).toHaveLength(30);
    expect(after.today.orders).toBe(before.today.orders + 1);
    expect(after.today.sales).toBe(before.today.sales + amountDue(o));
    expect(after.days.at(-1)).toMatchObject(after.today);
    const n = (list: { status: string; n: number }[], s: string) => list.find((c) => c.status === s)?.n ?? 0;
    expect(n(after.waiting.shipping, "CONFIRM_PAYMENT")).toBe(n(before.waiting.shipping, "CONFIRM_PAYMENT") + 1);
    const counted = await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM orders WHERE shop_id = 1 AND status = 'CONFIRM_PAYMENT' AND pay_method IS NOT NULL",
    ).first<{ n: number }>();
    expect(n(after.waiting.shipping, "CONFIRM_PAYMENT")).toBe(counted!.n);
    const unread = await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM tickets WHERE shop_id = 1 AND shop_unread > 0",
    ).first<{
      n: number;
    }>();
    expect(after.waiting.messages).toBe(unread!.n);

    const page = await html(await owner.fetch("/admin"));
    expect(page).toContain(t.dashboard.title);
    expect(page).toContain(formatKRW(after.today.sales));
    expect(page).toContain('href="/admin?status=CONFIRM_PAYMENT"');
    expect(page).toContain('href="/admin/orders.csv"');
    // A filtered list is a task already chosen: no dashboard above it.
    expect(await html(await owner.fetch("/admin?status=CONFIRM_PAYMENT"))).not.toContain(t.dashboard.title);

    const picksHere = await ownerOf(BEAUTY, "owner@picks.example.test");
    expect((await picksHere.api("/api/myshp/admin/dashboard")).status).toBe(403);
    const picks = await ownerOf(PICKS, "owner@picks.example.test");
    const theirs = (await picks.api<DashboardData>("/api/myshp/admin/dashboard")).data;
    expect(n(theirs.waiting.shipping, "CONFIRM_PAYMENT")).not.toBe(counted!.n);
  });
});

type DashboardData = {
  today: { orders: number; sales: number };
  days: { day: string; orders: number; sales: number }[];
  waiting: {
    deposit: { status: string; n: number }[];
    shipping: { status: string; n: number }[];
    claims: { status: string; n: number }[];
    messages: number;
  };
};
