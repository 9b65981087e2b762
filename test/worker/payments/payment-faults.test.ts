import { createScheduledController, env } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import worker from "../../../functions/worker";
import { createSolapiStandin, type SolapiStandin } from "../../../scripts/lib/solapi-standin.mjs";
import { createTossStandin, type TossStandin, type TossStandinOptions } from "../../../scripts/lib/toss-standin.mjs";
import { koCheckout } from "~/shared/messages/checkout";
import { koOrderMail } from "~/shared/messages/mail";
import type { PaymentWindow } from "~/shared/contracts/cart";
import { BEAUTY, get } from "../helpers/request";
import { pressWindow } from "../helpers/toss";
import { ADDRESS, Shopper, setStock, stockOf } from "../helpers/shopper";

/**
 * Issue 50 items 1 and 2 (decision 142): a payment Toss took always ends as a paid order or a
 * refund. Each test makes one fault happen in the order an unlucky shopper meets it — Toss's
 * answer lost or late, its lookup failing, D1 failing in the recording batch, the sheet expiring
 * meanwhile, a webhook lost, repeated or out of order, a cancel refused — then lets the
 * reconciler run, and holds the invariant: exactly one of {one payment kept at Toss and a paid
 * order} or {no order and nothing kept at Toss}, the stock right, the buyer told.
 */

const TOSS = env.TOSS_API_BASE!;
const SOLAPI = env.SOLAPI_API_BASE!;
const PHONE = "01077778888";
let standin: TossStandin;
let solapi: SolapiStandin;
/** The Worker's calls to Toss in this test, as "METHOD /path". */
let tossCalls: string[] = [];

function startToss(options: TossStandinOptions = {}) {
  standin = createTossStandin({
    // Status events wait for the test to send them: a timer set while the Worker's own request
    // called the stand-in could not reach the Worker again.
    eventDelivery: "queued",
    deliver: (url, init) => {
      const u = new URL(url);
      return get(u.host, `${u.pathname}${u.search}`, { method: init.method, headers: init.headers, body: init.body });
    },
    ...options,
  });
}

/**
 * Errors the Worker logs on purpose in these tests (a fault met and handled): any other fails the
 * test, as everywhere (test/worker/setup.ts), and each test asserts the ones its fault must log.
 */
const EXPECTED_ERRORS = [
  "payment taken but not recorded: the reconciler records it",
  "toss payment not given back: the reconciler tries again",
  "approved payment not noted",
];
let logged: string[] = [];
const errorsLogged = () => logged;

beforeEach(async () => {
  // Earlier tests' sheets leave nothing open for this one's cron to expire or reconcile.
  await env.DB.batch([
    env.DB.prepare("UPDATE orders SET status = 'CANCELED', stock_taken = 0 WHERE status = 'WAITING_PAYMENT'"),
    env.DB.prepare("UPDATE payment_attempts SET next_check_at = NULL"),
  ]);
  startToss();
  solapi = createSolapiStandin();
  const network = globalThis.fetch;
  tossCalls = [];
  vi.spyOn(globalThis, "fetch").mockImplementation((input, init) => {
    const request = new Request(input, init);
    if (request.url.startsWith(TOSS)) {
      tossCalls.push(`${request.method} ${new URL(request.url).pathname}`);
      return standin.handle(request);
    }
    if (request.url.startsWith(SOLAPI)) return solapi.handle(request);
    return network(input, init);
  });
  logged = [];
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    const line = args.map(String).join(" ");
    const msg = /"msg":"([^"]+)"/.exec(line)?.[1] ?? line;
    if (!EXPECTED_ERRORS.includes(msg)) throw new Error(`Unexpected console.error: ${line}`);
    logged.push(msg);
  });
});

afterEach(async () => {
  await standin.flushEvents();
  // 알림톡 go out after the answer that caused them (waitUntil): done before the network is unmocked.
  await vi.waitFor(async () => {
    const queued = await env.DB.prepare("SELECT COUNT(*) AS n FROM notify_sends WHERE status = 'queued'").first<{
      n: number;
    }>();
    expect(queued!.n).toBe(0);
  });
  await env.DB.prepare("DROP TRIGGER IF EXISTS d1_down").run();
  vi.restoreAllMocks();
});

/** D1 failing in the recording batch: the order's payment row cannot be written (a fault of D1's, not a guard). */
const d1FailsToRecord = () =>
  env.DB.prepare(
    "CREATE TRIGGER d1_down BEFORE INSERT ON payments BEGIN SELECT RAISE(ABORT, 'D1_UNAVAILABLE'); END",
  ).run();
const d1Back = () => env.DB.prepare("DROP TRIGGER IF EXISTS d1_down").run();

/** The cron at `at` (its expiry first, then the reconciler). */
const cron = (at = Date.now()) =>
  worker.scheduled(createScheduledController({ scheduledTime: at, cron: "* * * * *" }), env);

type Paid = { window: PaymentWindow | null; error?: { code: string } };

/** A guest's sheet of `qty` of option 1400 on beauty, with their e-mail and their word for 알림톡. */
async function sheet(qty = 2) {
  const guest = new Shopper(BEAUTY);
  guest.ip = `198.51.100.${Math.floor(Math.random() * 200) + 1}`;
  await guest.add([{ pid2: 14, pid3: 1400, qty }]);
  const made = await guest.order([{ pid2: 14, pid3: 1400, qty }]);
  expect(made.status).toBe(200);
  return { guest, id: made.data.order_id as number };
}

const email = (id: number) => `fault-${id}@example.test`;

function payWith(guest: Shopper, id: number, choice = "card") {
  return guest.api<Paid>("/api/myshp/pay/my/order", {
    id,
    pay_method: choice,
    ...ADDRESS,
    orderer_phone: "010-7777-8888",
    email: email(id),
    agree_notify: true,
  });
}

/** The stand-in's window opened as the page opens it, and 결제 승인 pressed: the success address. */
const approve = (w: PaymentWindow, id: number) => pressWindow(standin, w, "approve", id, BEAUTY);

/** The sheet's address while a payment is being checked (decision 142). */
const checking = (id: number) => new RegExp(`^/user/order\\?id=${id}&check=1`);

/** Where the browser is sent after following `path`. */
async function follow(guest: Shopper, path: string) {
  const res = await guest.fetch(path);
  expect([302, 303]).toContain(res.status);
  return res.headers.get("location")!;
}

/** A sheet paid by card up to Toss's window: the guest, the order, the window, and the stock before. */
async function approvedCard(qty = 2) {
  await setStock(1400, 10);
  const { guest, id } = await sheet(qty);
  const paid = await payWith(guest, id);
  expect(paid.status, JSON.stringify(paid.data.error)).toBe(200);
  const w = paid.data.window!;
  return { guest, id, w, success: await approve(w, id) };
}

const tossPayments = () =>
  standin
    .listing()
    .flatMap((m) => m.payments as { orderId: string; status: string; balanceAmount: number; totalAmount: number }[]);

const orderOf = (id: number) =>
  env.DB.prepare("SELECT status, pay_method, stock_taken, paid_amount FROM orders WHERE id = ?")
    .bind(id)
    .first<{ status: string; pay_method: string | null; stock_taken: number; paid_amount: number }>();

const attemptOf = (providerOrderId: string) =>
  env.DB.prepare("SELECT * FROM payment_attempts WHERE provider_order_id = ?")
    .bind(providerOrderId)
    .first<{ state: string; reason: string | null; refunded: number; captured: number; told_at: number | null }>();

/**
 * The invariant: exactly one of {one payment Toss keeps and a paid order (its stock taken once)}
 * or {no paid order and nothing kept at Toss (the stock back)}.
 */
async function holds(id: number, qty = 2): Promise<"paid" | "not paid"> {
  const kept = tossPayments().filter(
    (p) => p.orderId.startsWith(`${id}-`) && p.status === "DONE" && p.balanceAmount > 0,
  );
  const order = (await orderOf(id))!;
  const payments = await env.DB.prepare("SELECT COUNT(*) AS n FROM payments WHERE order_id = ? AND status = 'paid'")
    .bind(id)
    .first<{ n: number }>();
  if (order.status === "CONFIRM_PAYMENT") {
    expect(kept).toHaveLength(1);
    expect(kept[0]!.balanceAmount).toBe(order.paid_amount);
    expect(payments!.n).toBe(1);
    expect(await stockOf(1400)).toBe(10 - qty);
    return "paid";
  }
  expect(kept).toHaveLength(0);
  expect(payments!.n).toBe(0);
  expect(await stockOf(1400)).toBe(10);
  return "not paid";
}

/** What the buyer was told by mail: the subjects of their mails. */
const mailsTo = async (id: number) =>
  (
    await env.DB.prepare("SELECT subject FROM mail_outbox WHERE to_addr = ? ORDER BY id")
      .bind(email(id))
      .all<{ subject: string }>()
  ).results.map((r) => r.subject);

/** 알림톡 the buyer's number got, by kind. */
const alimtalk = async (id: number) =>
  (
    await env.DB.prepare("SELECT kind FROM notify_sends WHERE subject_id = ? AND phone = ? ORDER BY id")
      .bind(id, PHONE)
      .all<{ kind: string }>()
  ).results.map((r) => r.kind);

const sheetHtml = async (guest: Shopper, id: number) =>
  (await (await guest.fetch(`/user/order?id=${id}`)).text()).replace(/<!-- -->/g, "");

describe("a confirm without a clear answer", () => {
  it("Toss took it but its answer was lost: the lookup finds it and the order is paid at once", async () => {
    const { guest, id, success } = await approvedCard();
    standin.addFault({ path: "/v1/payments/confirm", kind: "lost" });
    expect(await follow(guest, success)).toMatch(/order_complete/);
    expect(await holds(id)).toBe("paid");
  });

  it("answer lost and the lookup failing: the sheet says it is checking, opens no second window, and the reconciler records it", async () => {
    const { guest, id, w, success } = await approvedCard();
    standin.addFault({ path: "/v1/payments/confirm", kind: "lost", times: 2 });
    standin.addFault({ path: "/v1/payments/*", kind: "internal", method: "GET" });
    expect(await follow(guest, success)).toMatch(checking(id));
    expect(await attemptOf(w.order_id)).toMatchObject({ state: "confirming" });
    // The sheet: no form, the checking notice, a button that asks again.
    const html = await sheetHtml(guest, id);
    expect(html).toContain(koCheckout.checking.title);
    expect(html).toContain(koCheckout.checking.again);
    expect(html).not.toContain('name="orderer_name"');
    // 결제하기 again (another tab, a replayed post) opens no second window.
    const again = await payWith(guest, id);
    expect([again.status, again.data.error?.code]).toEqual([409, "PAYMENT_PENDING"]);
    expect(tossPayments().filter((p) => p.orderId.startsWith(`${id}-`))).toHaveLength(1);
    // The stock is the order's meanwhile: nobody else can buy it from under a payment Toss may hold.
    expect(await stockOf(1400)).toBe(8);

    await cron(Date.now() + 61_000);
    expect(await holds(id)).toBe("paid");
    expect(await attemptOf(w.order_id)).toMatchObject({ state: "recorded" });
    expect((await mailsTo(id)).some((s) => s.includes("결제가 완료되었습니다"))).toBe(true);
    // The sheet that waited goes on to the completion page.
    expect(await follow(guest, `/user/order?id=${id}&check=1`)).toMatch(/order_complete/);
  });

  it("Toss answered 5xx twice and did nothing: the reconciler confirms it under the same key, once", async () => {
    const { guest, id, w, success } = await approvedCard();
    standin.addFault({ path: "/v1/payments/confirm", kind: "internal", times: 2 });
    standin.addFault({ path: "/v1/payments/*", kind: "internal", method: "GET" });
    expect(await follow(guest, success)).toMatch(checking(id));
    expect(tossPayments().find((p) => p.orderId === w.order_id)?.status).toBe("IN_PROGRESS");
    await cron(Date.now() + 61_000);
    expect(await holds(id)).toBe("paid");
  });

  it("a confirm that never reached Toss is not made once the sheet expired: nothing taken, nothing to give back", async () => {
    const { guest, id, w, success } = await approvedCard();
    standin.addFault({ path: "/v1/payments/confirm", kind: "internal", times: 2 });
    standin.addFault({ path: "/v1/payments/*", kind: "internal", method: "GET" });
    expect(await follow(guest, success)).toMatch(checking(id));
    // Two hours on: the sheet expires first, then the reconciler finds the window authorised only.
    await cron(Date.now() + 2 * 60 * 60_000);
    expect(tossCalls.filter((c) => c === "POST /v1/payments/confirm")).toHaveLength(2);
    expect(tossPayments().find((p) => p.orderId === w.order_id)?.status).not.toBe("DONE");
    expect(await attemptOf(w.order_id)).toMatchObject({ state: "failed", reason: "ORDER_CLOSED", refunded: 0 });
    expect(await holds(id)).toBe("not paid");
    expect((await orderOf(id))!.status).toBe("CANCELED");
  });

  it("the sheet's own check finishes it, at most once every few seconds", async () => {
    const { guest, id, w, success } = await approvedCard();
    standin.addFault({ path: "/v1/payments/confirm", kind: "lost", times: 2 });
    standin.addFault({ path: "/v1/payments/*", kind: "internal", method: "GET" });
    expect(await follow(guest, success)).toMatch(checking(id));
    // Right away: Toss is not asked again (the return just asked), however often the page asks.
    const asked = tossCalls.length;
    await guest.fetch(`/user/order?id=${id}&check=1`);
    await guest.fetch(`/user/order?id=${id}&check=1`);
    expect(tossCalls.length).toBe(asked);
    expect(await attemptOf(w.order_id)).toMatchObject({ state: "confirming" });
    // A few seconds on, the page asks and the payment is recorded.
    await env.DB.prepare("UPDATE payment_attempts SET updated_at = updated_at - 5000 WHERE provider_order_id = ?")
      .bind(w.order_id)
      .run();
    expect(await follow(guest, `/user/order?id=${id}&check=1`)).toMatch(/order_complete/);
    expect(await holds(id)).toBe("paid");
  });
});

describe("D1 failing between Toss and the order", () => {
  it("the payment Toss took is recorded by the reconciler once D1 is back", async () => {
    const { guest, id, w, success } = await approvedCard();
    await d1FailsToRecord();
    expect(await follow(guest, success)).toMatch(checking(id));
    expect(errorsLogged()).toEqual(["payment taken but not recorded: the reconciler records it"]);
    expect(tossPayments().find((p) => p.orderId === w.order_id)?.status).toBe("DONE");
    expect(await attemptOf(w.order_id)).toMatchObject({ state: "approved", captured: w.amount });
    // D1 still failing at the reconciler's first look: nothing half-done, looked at again later.
    await cron(Date.now() + 61_000);
    expect(await attemptOf(w.order_id)).toMatchObject({ state: "approved" });
    await d1Back();
    await cron(Date.now() + 10 * 60_000);
    expect(await holds(id)).toBe("paid");
  });

  it("the sheet expires before the reconciler learns: the payment goes back, the buyer is told on the page, by mail and 알림톡", async () => {
    const { guest, id, w, success } = await approvedCard();
    await d1FailsToRecord();
    expect(await follow(guest, success)).toMatch(checking(id));
    await d1Back();
    // Two hours on: the cron's expiry closes the sheet (its stock back), then the reconciler finds
    // the money at Toss that no order can take, and gives it back.
    await cron(Date.now() + 2 * 60 * 60_000);
    expect((await orderOf(id))!.status).toBe("CANCELED");
    expect(await holds(id)).toBe("not paid");
    expect(tossPayments().find((p) => p.orderId === w.order_id)).toMatchObject({
      status: "CANCELED",
      balanceAmount: 0,
    });
    expect(await attemptOf(w.order_id)).toMatchObject({ state: "canceled", refunded: w.amount });
    await vi.waitFor(async () => expect(await alimtalk(id)).toContain("payment_canceled"));
    expect(await mailsTo(id)).toContain(koOrderMail.givenBack.subject("뷰티 라운지", id));
    expect(await sheetHtml(guest, id)).toContain(koCheckout.givenBack(`${w.amount.toLocaleString("ko-KR")}원`));
    // Told once, however often the reconciler or the page looks.
    await cron(Date.now() + 3 * 60 * 60_000);
    expect((await alimtalk(id)).filter((k) => k === "payment_canceled")).toHaveLength(1);
  });

  it("Toss refuses the cancel: the attempt stays under way until a later look gives the money back", async () => {
    const { guest, id, w, success } = await approvedCard();
    await d1FailsToRecord();
    await follow(guest, success);
    await d1Back();
    standin.addFault({ path: "/v1/payments/*/cancel", kind: "refuse", code: "NOT_CANCELABLE_PAYMENT" });
    await cron(Date.now() + 2 * 60 * 60_000);
    expect(errorsLogged()).toContain("toss payment not given back: the reconciler tries again");
    expect(tossPayments().find((p) => p.orderId === w.order_id)?.status).toBe("DONE");
    expect(await attemptOf(w.order_id)).toMatchObject({ state: "approved" });
    // Still checking on the sheet: never a second window while Toss holds the money.
    expect(await sheetHtml(guest, id)).toContain(koCheckout.checking.title);
    await cron(Date.now() + 4 * 60 * 60_000);
    expect(await holds(id)).toBe("not paid");
    expect(await attemptOf(w.order_id)).toMatchObject({ state: "canceled" });
  });
});

describe("Toss's webhooks", () => {
  it("PAYMENT_STATUS_CHANGED finishes a payment before the cron does; its body is never believed", async () => {
    startToss({ statusEvents: true });
    const { guest, id, w, success } = await approvedCard();
    // A forged event for this attempt changes nothing by itself: the reconciler asks Toss, which
    // has nothing confirmed (and the attempt is no payment under way yet).
    const forged = await get(BEAUTY, "/api/payments/toss/webhook", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ eventType: "PAYMENT_STATUS_CHANGED", data: { orderId: w.order_id, status: "DONE" } }),
    });
    expect(forged.status).toBe(200);
    expect((await orderOf(id))!.status).toBe("WAITING_PAYMENT");
    await d1FailsToRecord();
    expect(await follow(guest, success)).toMatch(checking(id));
    expect(errorsLogged()).toContain("payment taken but not recorded: the reconciler records it");
    await d1Back();
    // Toss's event for the confirm arrives: the order is recorded without waiting for the cron.
    const [answer] = await standin.flushEvents();
    expect(answer!.status).toBe(200);
    expect(await holds(id)).toBe("paid");
  });

  it("a lost webhook changes nothing: the cron finishes the payment", async () => {
    startToss({ statusEvents: true });
    const { guest, id, success } = await approvedCard();
    await d1FailsToRecord();
    standin.addFault({ path: "webhook", kind: "lose" });
    expect(await follow(guest, success)).toMatch(checking(id));
    await d1Back();
    expect((await standin.flushEvents()).map((a) => a.status)).toEqual([0]);
    expect((await orderOf(id))!.status).toBe("WAITING_PAYMENT");
    await cron(Date.now() + 61_000);
    expect(await holds(id)).toBe("paid");
  });

  it("the same event twice records the order once", async () => {
    startToss({ statusEvents: true });
    const { guest, id, success } = await approvedCard();
    await d1FailsToRecord();
    standin.addFault({ path: "webhook", kind: "duplicate" });
    await follow(guest, success);
    await d1Back();
    await standin.flushEvents();
    expect(standin.deliveries.map((d) => d.status)).toEqual([200, 200]);
    expect(await holds(id)).toBe("paid");
    const events = await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM order_events WHERE order_id = ? AND action = 'pay_provider'",
    )
      .bind(id)
      .first<{ n: number }>();
    expect(events!.n).toBe(1);
  });

  it("events out of order (the shop cancelled at Toss's dashboard meanwhile) end with nothing kept and nothing paid", async () => {
    startToss({ statusEvents: true });
    const { guest, id, w, success } = await approvedCard();
    await d1FailsToRecord();
    standin.addFault({ path: "webhook", kind: "hold", times: 2 });
    await follow(guest, success);
    await d1Back();
    // The merchant cancels the payment in Toss's 상점관리자 before anything recorded it.
    await standin.merchantCancel({ orderId: w.order_id });
    await standin.flushEvents();
    // Toss's retries arrive newest first: CANCELED, then DONE.
    const answers = await standin.releaseHeld();
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(await holds(id)).toBe("not paid");
    expect(await attemptOf(w.order_id)).toMatchObject({ state: "canceled", refunded: w.amount });
    expect((await orderOf(id))!.status).toBe("WAITING_PAYMENT");
  });
});

describe("two tabs, one sheet", () => {
  it("a second window replaces the first, whose approval is then never confirmed", async () => {
    await setStock(1400, 10);
    const { guest, id } = await sheet();
    const first = (await payWith(guest, id)).data.window!;
    const second = (await payWith(guest, id)).data.window!;
    const [toFirst, toSecond] = [await approve(first, id), await approve(second, id)];
    expect(await follow(guest, toFirst)).toMatch(/payment_error=PAYMENT_MISMATCH/);
    expect(await follow(guest, toSecond)).toMatch(/order_complete/);
    expect(tossPayments().find((p) => p.orderId === first.order_id)?.status).toBe("IN_PROGRESS");
    expect(await holds(id)).toBe("paid");
  });

  it("while one tab's confirm is under way, the other's return finishes the same payment and no new window opens", async () => {
    const { guest, id, w, success } = await approvedCard();
    standin.addFault({ path: "/v1/payments/confirm", kind: "delay", delayMs: 800 });
    const slow = guest.fetch(success);
    await vi.waitFor(() => expect(standin.faults).toHaveLength(0));
    // 결제하기 in a second tab opens no window; the same address there asks Toss, which has
    // taken the money already, and records it; the first tab's late answer changes nothing.
    const again = await payWith(guest, id);
    expect([again.status, again.data.error?.code]).toEqual([409, "PAYMENT_PENDING"]);
    expect(await follow(guest, success)).toMatch(/order_complete/);
    expect((await slow).headers.get("location")).toMatch(/order_complete/);
    expect(await holds(id)).toBe("paid");
    expect(tossPayments().filter((p) => p.orderId.startsWith(`${id}-`))).toHaveLength(1);
    expect(await attemptOf(w.order_id)).toMatchObject({ state: "recorded" });
  });
});

describe("virtual accounts", () => {
  it("a deposit whose callback was lost is recorded by the reconciler's look", async () => {
    await setStock(1400, 10);
    const { guest, id } = await sheet();
    const w = (await payWith(guest, id, "vbank")).data.window!;
    expect(await follow(guest, await approve(w, id))).toMatch(/order_complete/);
    standin.addFault({ path: "webhook", kind: "lose" });
    const deposit = await standin.deposit({ orderId: w.order_id });
    expect("answers" in deposit && deposit.answers[0]!.status).toBe(0);
    expect((await orderOf(id))!.status).toBe("WAITING_PAYMENT");
    await cron(Date.now() + 61 * 60_000);
    expect(await holds(id)).toBe("paid");
    expect((await mailsTo(id)).some((s) => s.includes("입금이 확인되었습니다"))).toBe(true);
  });

  it("a deposit callback reaches a suspended shop: its storefront is closed, its money recorded", async () => {
    await setStock(1400, 10);
    const { guest, id } = await sheet();
    const w = (await payWith(guest, id, "vbank")).data.window!;
    expect(await follow(guest, await approve(w, id))).toMatch(/order_complete/);
    await env.DB.prepare("UPDATE shops SET suspended_at = ? WHERE id = 1").bind(Date.now()).run();
    try {
      expect((await get(BEAUTY, "/")).status).toBe(503);
      const deposit = await standin.deposit({ orderId: w.order_id });
      expect("answers" in deposit && deposit.answers[0]!.status).toBe(200);
      expect((await orderOf(id))!.status).toBe("CONFIRM_PAYMENT");
    } finally {
      await env.DB.prepare("UPDATE shops SET suspended_at = NULL WHERE id = 1").run();
    }
    expect(await holds(id)).toBe("paid");
  });
});
