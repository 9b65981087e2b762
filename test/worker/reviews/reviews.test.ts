import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { BEAUTY } from "../helpers/request";
import { joinNew, login, PASSWORD } from "../helpers/auth";
import { ADDRESS, Shopper } from "../helpers/shopper";
import { koReviews } from "~/shared/messages/reviews";
import { stripImageMetadata } from "~/lib/image-metadata.server";

/** Issue 38 items 1–3, 5 (decision 117): who may write, rewards and their clawback, replies, reports, blinding. */

const DAY = 24 * 60 * 60 * 1000;
const LONG = "향이 은은하고 발림성이 좋아서 매일 쓰고 있어요. 재구매 의사 있습니다.";

async function buyer(join = true) {
  const account = await joinNew(BEAUTY, "리뷰 회원");
  const browser = Shopper.signedIn(BEAUTY, account.cookie);
  if (join) expect((await browser.api("/api/myshp/join?shopid=1", { agree: true })).status).toBe(200);
  return { ...account, browser };
}

async function signedIn(email: string) {
  return Shopper.signedIn(BEAUTY, await login(BEAUTY, email, PASSWORD));
}

/** A paid order of product 14 (option 1400), moved by the owner as far as `until`. */
async function order(b: Shopper, until: "paid" | "delivered" | "done") {
  await b.add([{ pid2: 14, pid3: 1400 }]);
  const made = await b.order([{ pid2: 14, pid3: 1400, qty: 1 }]);
  const id = made.data.order_id;
  expect((await b.api("/api/myshp/pay/my/order", { id, pay_method: "bank", ...ADDRESS })).status).toBe(200);
  const shop = await signedIn("owner@beauty.example.test");
  await shop.api("/api/myshp/admin/order/action", { id, action: "confirm_payment" });
  if (until === "paid") return id;
  await shop.api("/api/myshp/admin/order/action", { id, action: "ship", courier: "cj", tracking_no: "601234567890" });
  await shop.api("/api/myshp/admin/order/action", { id, action: "deliver" });
  if (until === "done")
    expect((await b.api<{ status: string }>("/api/myshp/my/order/action", { id, action: "confirm" })).data.status).toBe(
      "DONE",
    );
  return id;
}

type Saved = { id: number; reward: number; member: boolean; error?: { code: string; message: string } };

const save = (b: Shopper, orderId: number, extra: Record<string, unknown> = {}) =>
  b.api<Saved>("/api/myshp/review/save", {
    order_id: orderId,
    product_id: 14,
    option_id: 1400,
    rating: 4,
    body: LONG,
    repurchase: false,
    ...extra,
  });

const rewards = async (uid: number) =>
  (
    await env.DB.prepare(
      "SELECT amount, reason, rem_value FROM point_history WHERE shop_id = 1 AND uid = ? AND review_id IS NOT NULL ORDER BY id",
    )
      .bind(uid)
      .all<{ amount: number; reason: string; rem_value: number }>()
  ).results.map((e) => [e.reason, e.amount, e.rem_value]);

type Listed = {
  summary: { average: number; count: number; histogram: number[] };
  reviews: { id: number; rewarded: boolean; author: string; photos: string[]; reply: { body: string } | null }[];
};
const listed = (b: Shopper) => b.api<Listed>("/api/reviews?product_id=14");

describe("who may write a review", () => {
  it("refuses someone who did not buy the line, an order not yet delivered, a second review and a lapsed window", async () => {
    const m = await buyer();
    const other = await buyer();
    const paidOnly = await order(m.browser, "paid");
    const early = await save(m.browser, paidOnly);
    expect(early.status).toBe(409);
    expect(early.data.error!.message).toBe(koReviews.errors.refusal.not_delivered);

    const id = await order(m.browser, "delivered");
    const stranger = await save(other.browser, id);
    expect(stranger.status).toBe(404);
    expect(stranger.data.error!.message).toBe(koReviews.errors.refusal.not_found);
    // Not the page either: the stranger's review page of that line is not found.
    expect((await other.browser.fetch(`/myshop/review?order=${id}&line=14-1400`)).status).toBe(404);

    const first = await save(m.browser, id);
    expect(first.status).toBe(200);
    const second = await save(m.browser, id);
    expect(second.status).toBe(409);
    expect(second.data.error!.message).toBe(koReviews.errors.refusal.exists);

    const late = await order(m.browser, "delivered");
    await env.DB.prepare("UPDATE orders SET delivered_at = ? WHERE id = ?")
      .bind(Date.now() - 31 * DAY, late)
      .run();
    const lapsed = await save(m.browser, late);
    expect(lapsed.status).toBe(409);
    expect(lapsed.data.error!.message).toBe(koReviews.errors.refusal.window);
  });

  it("opens the 한달사용 review only 30 days after the first, with its own reward", async () => {
    const m = await buyer();
    const id = await order(m.browser, "done");
    const first = await save(m.browser, id);
    expect(first.status).toBe(200);
    const tooEarly = await save(m.browser, id, { kind: "MONTH" });
    expect(tooEarly.status).toBe(409);
    expect(tooEarly.data.error!.message).toBe(koReviews.errors.refusal.month_early);
    // A month later (the window counts from delivery, so that moves too).
    await env.DB.prepare("UPDATE reviews SET created_at = created_at - ? WHERE id = ?")
      .bind(31 * DAY, first.data.id)
      .run();
    await env.DB.prepare("UPDATE orders SET delivered_at = ?, done_at = ? WHERE id = ?")
      .bind(Date.now() - 5 * DAY, Date.now() - 5 * DAY, id)
      .run();
    const month = await save(m.browser, id, { kind: "MONTH" });
    expect(month.status).toBe(200);
    expect(month.data.reward).toBe(300);
  });
});

describe("review rewards", () => {
  it("pays the photo reward at the first write and takes what is left back when the author deletes", async () => {
    const m = await buyer();
    const id = await order(m.browser, "done");
    const photo = `uploads/1/r/${m.uid}/abc.png`;
    const saved = await save(m.browser, id, { photos: [photo] });
    expect(saved.data).toMatchObject({ reward: 500, member: true });
    expect(await rewards(m.uid)).toEqual([["review_reward", 500, 500]]);
    const list = await listed(m.browser);
    const mine = list.data.reviews.find((r) => r.id === saved.data.id)!;
    expect(mine).toMatchObject({ rewarded: true, author: "리뷰***", photos: [photo] });
    expect(list.data.summary.count).toBeGreaterThan(0);

    // Another member's photo key is refused.
    const foreign = await save(m.browser, id, { id: saved.data.id, photos: ["uploads/1/r/1/x.png"] });
    expect(foreign.status).toBe(400);

    // The owner cannot delete it: only its author.
    const shop = await signedIn("owner@beauty.example.test");
    expect((await shop.api("/api/myshp/review/delete", { id: saved.data.id })).status).toBe(404);

    expect((await m.browser.api("/api/myshp/review/delete", { id: saved.data.id })).status).toBe(200);
    expect(await rewards(m.uid)).toEqual([
      ["review_reward", 500, 0],
      ["review_revoke", -500, 0],
    ]);
    expect((await listed(m.browser)).data.reviews.some((r) => r.id === saved.data.id)).toBe(false);
    // Deleted is still written: no second reward for the same line.
    expect((await save(m.browser, id)).status).toBe(409);
  });

  it("pays the text reward only when the text is long enough, and nothing to a buyer who is not a member", async () => {
    const m = await buyer();
    const short = await save(m.browser, await order(m.browser, "done"), { body: "좋아요" });
    expect(short.data.reward).toBe(0);
    const long = await save(m.browser, await order(m.browser, "done"));
    expect(long.data.reward).toBe(100);

    const guestOfShop = await buyer(false);
    const none = await save(guestOfShop.browser, await order(guestOfShop.browser, "done"));
    expect(none.data).toMatchObject({ reward: 0, member: false });
  });

  it("takes the reward back when the line is refunded", async () => {
    const m = await buyer();
    const id = await order(m.browser, "delivered");
    expect((await save(m.browser, id)).data.reward).toBe(100);
    const asked = await m.browser.api<{ status: string }>("/api/myshp/my/order/action", {
      id,
      action: "request_refund",
      reason: "마음에 들지 않아요",
    });
    expect(asked.data.status).toBe("REQ_REFUND");
    const shop = await signedIn("owner@beauty.example.test");
    const accepted = await shop.api<{ status: string }>("/api/myshp/admin/order/action", {
      id,
      action: "accept_refund",
    });
    expect(accepted.data.status).toBe("REFUND_ACCEPTED");
    expect(await rewards(m.uid)).toEqual([
      ["review_reward", 100, 0],
      ["review_revoke", -100, 0],
    ]);
  });
});

describe("the owner and the platform", () => {
  it("lets only this shop's owner reply (once, editable) and report; only a platform admin blinds", async () => {
    const m = await buyer();
    const id = await order(m.browser, "done");
    const review = (await save(m.browser, id)).data.id;
    const before = await env.DB.prepare("SELECT content_version AS v FROM shops WHERE id = 1").first<{ v: number }>();

    const stranger = await signedIn("owner@picks.example.test");
    expect((await stranger.api("/api/myshp/admin/reviews/reply", { id: review, body: "감사합니다" })).status).toBe(403);
    expect((await m.browser.api("/api/myshp/admin/reviews/reply", { id: review, body: "감사합니다" })).status).toBe(
      403,
    );

    const shop = await signedIn("owner@beauty.example.test");
    expect((await shop.api("/api/myshp/admin/reviews/reply", { id: review, body: "감사합니다" })).status).toBe(200);
    expect((await shop.api("/api/myshp/admin/reviews/reply", { id: review, body: "늘 감사합니다" })).status).toBe(200);
    const replies = await env.DB.prepare("SELECT body FROM review_replies WHERE review_id = ?").bind(review).all();
    expect(replies.results).toEqual([{ body: "늘 감사합니다" }]);
    const after = await env.DB.prepare("SELECT content_version AS v FROM shops WHERE id = 1").first<{ v: number }>();
    expect(after!.v).toBeGreaterThan(before!.v);
    expect((await listed(m.browser)).data.reviews.find((r) => r.id === review)!.reply!.body).toBe("늘 감사합니다");

    expect((await shop.api("/api/myshp/admin/reviews/report", { id: review, reason: "nonsense" })).status).toBe(400);
    expect((await shop.api("/api/myshp/admin/reviews/report", { id: review, reason: "ad" })).status).toBe(200);
    const console = await shop.api<{ reviews: { id: number; reported: boolean }[] }>("/api/myshp/admin/reviews");
    expect(console.data.reviews.find((r) => r.id === review)!.reported).toBe(true);

    // The owner (no platform admin) cannot blind; the platform admin can.
    expect((await shop.api("/api/platform/reviews/blind", { id: review, reason: "광고" })).status).toBe(403);
    const admin = await signedIn("admin@example.test");
    expect((await admin.api("/api/platform/reviews/blind", { id: review, reason: "광고성 내용" })).status).toBe(200);
    expect((await listed(m.browser)).data.reviews.some((r) => r.id === review)).toBe(false);
  });

  it("counts 도움돼요 once per member", async () => {
    const m = await buyer();
    const review = (await save(m.browser, await order(m.browser, "done"))).data.id;
    const other = await buyer();
    expect(
      (await other.browser.api<{ helpful_count: number }>("/api/myshp/review/helpful", { id: review })).data
        .helpful_count,
    ).toBe(1);
    expect(
      (await other.browser.api<{ helpful_count: number }>("/api/myshp/review/helpful", { id: review })).data
        .helpful_count,
    ).toBe(1);
  });
});

describe("the review page without scripts", () => {
  it("writes a review by a plain multipart post and comes back with the reward", async () => {
    const m = await buyer();
    const id = await order(m.browser, "done");
    const form = new FormData();
    form.set("intent", "save");
    form.set("rating", "4");
    form.set("body", LONG);
    const res = await m.browser.fetch(`/myshop/review?order=${id}&line=14-1400`, { method: "POST", body: form });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toContain("reward=100");
    const page = await m.browser.fetch(res.headers.get("location")!);
    expect(page.headers.get("cache-control")).toContain("no-store");
    expect(await page.text()).toContain(koReviews.editTitle);
  });

  it("answers a missing rating next to its field", async () => {
    const m = await buyer();
    const id = await order(m.browser, "done");
    const form = new FormData();
    form.set("intent", "save");
    form.set("body", LONG);
    const res = await m.browser.fetch(`/myshop/review?order=${id}&line=14-1400`, { method: "POST", body: form });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(koReviews.errors.rating);
  });
});

describe("photo metadata", () => {
  it("drops a JPEG's EXIF segment and keeps the rest", () => {
    const exif = [0xff, 0xe1, 0x00, 0x08, 0x45, 0x78, 0x69, 0x66, 0x00, 0x00];
    const quant = [0xff, 0xdb, 0x00, 0x04, 0x01, 0x02];
    const scan = [0xff, 0xda, 0x00, 0x02, 0x09, 0xff, 0xd9];
    const out = stripImageMetadata(new Uint8Array([0xff, 0xd8, ...exif, ...quant, ...scan]));
    expect([...out]).toEqual([0xff, 0xd8, ...quant, ...scan]);
  });
});
