import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { escapeHtml } from "../../../functions/pages";
import { BEAUTY, get } from "../helpers/request";
import { BEAUTY_OWNER, joinNew, login, PASSWORD, postForm, SHOPPER } from "../helpers/auth";
import { ADDRESS, Shopper } from "../helpers/shopper";
import { koPlatformReviews } from "~/shared/messages/platform-reviews";
import { koShopSettings } from "~/shared/messages/shop-settings";

/**
 * Issue 38's console and platform side (decision 120): the review settings form, the dashboard's
 * counts, the platform admin's queue of reported reviews; and decision 117's untested corners
 * (a partial return's clawback, a photo key of another shop).
 */

const PLATFORM = "localhost";
const DAY = 24 * 60 * 60 * 1000;
const LONG = "향이 은은하고 발림성이 좋아서 매일 쓰고 있어요. 재구매 의사 있습니다.";
const LINE_A = { pid2: 13, pid3: 1300 };
const LINE_B = { pid2: 14, pid3: 1400 };
const html = (s: string) => escapeHtml(s);

async function buyer() {
  const account = await joinNew(BEAUTY, "리뷰 회원");
  const browser = Shopper.signedIn(BEAUTY, account.cookie);
  expect((await browser.api("/api/myshp/join?shopid=1", { agree: true })).status).toBe(200);
  return { ...account, browser };
}

const signedIn = async (email: string) => Shopper.signedIn(BEAUTY, await login(BEAUTY, email, PASSWORD));

/** A delivered order of the given lines, paid by transfer and moved on by beauty's owner. */
async function delivered(b: Shopper, lines = [LINE_B]) {
  await b.add(lines);
  const made = await b.order(lines.map((l) => ({ ...l, qty: 1 })));
  const id = made.data.order_id;
  expect((await b.api("/api/myshp/pay/my/order", { id, pay_method: "bank", ...ADDRESS })).status).toBe(200);
  const shop = await signedIn(BEAUTY_OWNER);
  await shop.api("/api/myshp/admin/order/action", { id, action: "confirm_payment" });
  await shop.api("/api/myshp/admin/order/action", { id, action: "ship", courier: "cj", tracking_no: "601234567890" });
  await shop.api("/api/myshp/admin/order/action", { id, action: "deliver" });
  return id;
}

type Saved = { id: number; reward: number; error?: { field?: string } };
const save = (b: Shopper, orderId: number, line = LINE_B, extra: Record<string, unknown> = {}) =>
  b.api<Saved>("/api/myshp/review/save", {
    order_id: orderId,
    product_id: line.pid2,
    option_id: line.pid3,
    rating: 4,
    body: LONG,
    repurchase: false,
    ...extra,
  });

const REVIEW_DEFAULTS = {
  section: "reviews",
  review_days: "30",
  review_point_text: "100",
  review_point_photo: "500",
  review_point_month: "300",
  review_min_length: "20",
};

const stored = () =>
  env.DB.prepare(
    "SELECT review_days, review_point_text, review_point_photo, review_point_month, review_min_length FROM shops WHERE id = 1",
  ).first<Record<string, number>>();

describe("the review settings form", () => {
  it("is the host shop owner's only", async () => {
    const shopper = await signedIn(SHOPPER);
    const other = await signedIn("owner@picks.example.test");
    for (const who of [shopper, other]) {
      const res = await who.api("/api/myshp/admin/settings/save", { ...REVIEW_DEFAULTS, review_point_photo: 1 });
      expect(res.status).toBe(403);
      expect((await who.form("/admin/settings", { ...REVIEW_DEFAULTS, review_point_photo: "1" })).status).not.toBe(303);
    }
    expect((await stored())!.review_point_photo).toBe(500);
  });

  it("refuses what is out of bounds next to its field, without scripts, and keeps what was typed", async () => {
    const owner = await signedIn(BEAUTY_OWNER);
    const res = await owner.form("/admin/settings", {
      ...REVIEW_DEFAULTS,
      review_days: "0",
      review_point_photo: "100001",
      review_min_length: "-1",
    });
    expect(res.status).toBe(400);
    const page = await res.text();
    const t = koShopSettings.errors;
    for (const message of [t.reviewDays, t.reviewPoints, t.reviewMinLength]) expect(page).toContain(html(message));
    expect(page).toContain('value="100001"');
    const api = await owner.api<{ error: { field?: string } }>("/api/myshp/admin/settings/save", {
      ...REVIEW_DEFAULTS,
      review_days: 366,
    });
    expect(api.status).toBe(400);
    expect(await stored()).toMatchObject({ review_days: 30, review_point_photo: 500, review_min_length: 20 });
  });

  it("saves in one post and the next review's reward follows it; a review already paid keeps its points", async () => {
    const m = await buyer();
    const first = await delivered(m.browser);
    const before = await save(m.browser, first, LINE_B, { photos: [`uploads/1/r/${m.uid}/a.png`] });
    expect(before.data.reward).toBe(500);

    const owner = await signedIn(BEAUTY_OWNER);
    const version = await env.DB.prepare("SELECT content_version AS v FROM shops WHERE id = 1").first<{ v: number }>();
    const res = await owner.form("/admin/settings", {
      ...REVIEW_DEFAULTS,
      review_days: "60",
      review_point_photo: "1,234",
      review_min_length: "5",
    });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/admin/settings?done=reviews#reviews");
    expect(await stored()).toMatchObject({ review_days: 60, review_point_photo: 1234, review_min_length: 5 });
    const after = await env.DB.prepare("SELECT content_version AS v FROM shops WHERE id = 1").first<{ v: number }>();
    expect(after!.v).toBeGreaterThan(version!.v);
    const page = await (await owner.fetch("/admin/settings")).text();
    expect(page).toContain('data-testid="review-settings-note"');
    expect(page).toContain('name="review_point_photo"');

    const second = await delivered(m.browser);
    const photo = await save(m.browser, second, LINE_B, { photos: [`uploads/1/r/${m.uid}/b.png`] });
    expect(photo.data.reward).toBe(1234);
    const paid = await env.DB.prepare("SELECT reward_points FROM reviews WHERE id = ?")
      .bind(before.data.id)
      .first<number>("reward_points");
    expect(paid).toBe(500);
    // The longer window: delivered 45 days ago is still open at 60 days.
    const late = await delivered(m.browser, [LINE_A]);
    await env.DB.prepare("UPDATE orders SET delivered_at = ? WHERE id = ?")
      .bind(Date.now() - 45 * DAY, late)
      .run();
    expect((await save(m.browser, late, LINE_A)).status).toBe(200);

    expect((await owner.form("/admin/settings", REVIEW_DEFAULTS)).status).toBe(303);
  });
});

describe("decision 117's corners", () => {
  it("takes back only the returned line's review reward in a partial return", async () => {
    const m = await buyer();
    const id = await delivered(m.browser, [LINE_A, LINE_B]);
    const a = await save(m.browser, id, LINE_A);
    const b = await save(m.browser, id, LINE_B);
    expect([a.data.reward, b.data.reward]).toEqual([100, 100]);
    const asked = await m.browser.api<{ status: string }>("/api/myshp/my/order/action", {
      id,
      action: "request_refund",
      reason: "하나는 마음에 들지 않아요",
    });
    expect(asked.data.status).toBe("REQ_REFUND");
    const lines = await env.DB.prepare("SELECT option_id FROM order_lines WHERE order_id = ? ORDER BY rowid")
      .bind(id)
      .all<{ option_id: number }>();
    const returnQty = lines.results.map((l) => (l.option_id === LINE_A.pid3 ? 1 : 0));
    const owner = await signedIn(BEAUTY_OWNER);
    const accepted = await owner.api<{ status: string }>("/api/myshp/admin/order/action", {
      id,
      action: "accept_refund",
      return_qty: returnQty,
    });
    expect(accepted.data.status).toBe("REFUND_ACCEPTED");
    const ledger = await env.DB.prepare(
      "SELECT review_id, reason, amount, rem_value FROM point_history WHERE uid = ? AND review_id IS NOT NULL ORDER BY id",
    )
      .bind(m.uid)
      .all();
    expect(ledger.results).toEqual([
      { review_id: a.data.id, reason: "review_reward", amount: 100, rem_value: 0 },
      { review_id: b.data.id, reason: "review_reward", amount: 100, rem_value: 100 },
      { review_id: a.data.id, reason: "review_revoke", amount: -100, rem_value: 0 },
    ]);
  });

  it("refuses a photo key under another shop's or another member's prefix", async () => {
    const m = await buyer();
    const id = await delivered(m.browser);
    for (const key of [`uploads/2/r/${m.uid}/x.png`, "uploads/1/r/2001/x.png", `uploads/1/r/${m.uid}/../x.png`]) {
      const res = await save(m.browser, id, LINE_B, { photos: [key] });
      expect(res.status).toBe(400);
    }
    expect(
      await env.DB.prepare("SELECT COUNT(*) AS n FROM reviews WHERE order_id = ?").bind(id).first<number>("n"),
    ).toBe(0);
  });
});

type DashboardData = { feedback: { reviews: number; questions: number } };

describe("the dashboard", () => {
  it("counts this shop's reviews of the last 7 days and its unanswered questions, no other shop's", async () => {
    const owner = await signedIn(BEAUTY_OWNER);
    const read = async () => (await owner.api<DashboardData>("/api/myshp/admin/dashboard")).data.feedback;
    const before = await read();

    const m = await buyer();
    const id = await delivered(m.browser);
    expect((await save(m.browser, id)).status).toBe(200);
    const now = Date.now();
    // Another shop's review and question, an old review and an answered question of this shop.
    const insertReview = (shop: number, createdAt: number, order: number) =>
      env.DB.prepare(
        `INSERT INTO reviews (shop_id, product_id, order_id, line_product_id, option_id, uid, kind, rating, body, created_at, updated_at)
         VALUES (?1, 14, ?3, 14, 1400, 2001, 'NORMAL', 5, '다른 상점 리뷰', ?2, ?2)`,
      )
        .bind(shop, createdAt, order)
        .run();
    const other = await env.DB.prepare(
      // Order ids are random: the first of the shop's may be one an earlier test reviewed.
      "SELECT id FROM orders WHERE shop_id = 1 AND id NOT IN (SELECT order_id FROM reviews) ORDER BY id LIMIT 1",
    ).first<number>("id");
    await insertReview(2, now, other!);
    await env.DB.prepare("UPDATE reviews SET created_at = ? WHERE order_id = ? AND kind = 'NORMAL' AND shop_id = 1")
      .bind(now, id)
      .run();
    const question = (shop: number, status: string) =>
      env.DB.prepare(
        `INSERT INTO product_questions (shop_id, product_id, uid, type, body, status) VALUES (?1, ?2, 2001, 'product', '재입고 언제 되나요?', ?3)`,
      )
        .bind(shop, shop === 1 ? 14 : 1, status)
        .run();
    const picksProduct = await env.DB.prepare("SELECT id FROM products WHERE shop_id = 2 LIMIT 1").first<number>("id");
    await env.DB.prepare(
      `INSERT INTO product_questions (shop_id, product_id, uid, type, body) VALUES (2, ?1, 2001, 'product', '다른 상점 문의')`,
    )
      .bind(picksProduct)
      .run();
    await question(1, "WAITING");
    await question(1, "ANSWERED");

    const after = await read();
    expect(after).toEqual({ reviews: before.reviews + 1, questions: before.questions + 1 });

    // A review older than 7 days drops out.
    await env.DB.prepare("UPDATE reviews SET created_at = ? WHERE order_id = ? AND shop_id = 1")
      .bind(now - 8 * DAY, id)
      .run();
    expect((await read()).reviews).toBe(before.reviews);

    const page = await (await owner.fetch("/admin")).text();
    expect(page).toContain('data-testid="new-reviews"');
    expect(page).toContain('href="/admin/questions"');
    expect(page).toContain('href="/admin/reviews"');
  });
});

describe("the platform admin's reported reviews", () => {
  async function reported() {
    const m = await buyer();
    const id = await delivered(m.browser);
    const review = (await save(m.browser, id)).data.id;
    const owner = await signedIn(BEAUTY_OWNER);
    const res = await owner.api("/api/myshp/admin/reviews/report", {
      id: review,
      reason: "ad",
      note: "쿠폰 홍보 링크",
    });
    expect(res.status).toBe(200);
    return { m, id, review };
  }
  const admin = () => login(PLATFORM, "admin@example.test");
  const openReports = (review: number) =>
    env.DB.prepare("SELECT COUNT(*) AS n FROM review_reports WHERE review_id = ? AND resolved_at IS NULL")
      .bind(review)
      .first<number>("n");

  it("lists reported reviews to a platform admin only; others get not found and change nothing", async () => {
    const { review } = await reported();
    const cookie = await admin();
    const page = await SELFget("/madmin/reviews", cookie);
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toContain("no-store");
    const body = await page.text();
    expect(body).toContain(`data-review="${review}"`);
    expect(body).toContain("쿠폰 홍보 링크");
    expect(await (await SELFget("/madmin", cookie)).text()).toContain('href="/madmin/reviews"');

    for (const who of [null, await login(PLATFORM, SHOPPER), await login(PLATFORM, BEAUTY_OWNER)]) {
      expect((await SELFget("/madmin/reviews", who)).status).toBe(404);
      const post = await postForm(
        PLATFORM,
        "/madmin/reviews",
        { do: "blind", id: String(review), reason: "광고" },
        {
          cookie: who ?? undefined,
        },
      );
      expect(post.status).toBe(404);
      const dismiss = await postForm(
        PLATFORM,
        "/madmin/reviews",
        { do: "dismiss", id: String(review) },
        {
          cookie: who ?? undefined,
        },
      );
      expect(dismiss.status).toBe(404);
    }
    expect(await openReports(review)).toBe(1);

    // Another origin's post is turned away, as every form of the page.
    const forged = await postForm(
      PLATFORM,
      "/madmin/reviews",
      { do: "blind", id: String(review), reason: "광고" },
      { cookie, headers: { origin: "http://evil.example", "sec-fetch-site": "cross-site" } },
    );
    expect(forged.status).toBe(403);
    expect(await openReports(review)).toBe(1);
  });

  it("blinds with a reason (required, by the field), resolves the reports and tells the author why", async () => {
    const { m, id, review } = await reported();
    const cookie = await admin();
    const empty = await postForm(
      PLATFORM,
      "/madmin/reviews",
      { do: "blind", id: String(review), reason: " " },
      { cookie },
    );
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain(`id="reason-${review}-error"`);
    const done = await postForm(
      PLATFORM,
      "/madmin/reviews?page=1",
      { do: "blind", id: String(review), reason: "광고성 링크" },
      { cookie },
    );
    expect(done.status).toBe(303);
    expect(done.headers.get("location")).toBe("/madmin/reviews?page=1&done=blinded");
    expect(await env.DB.prepare("SELECT status, blind_reason FROM reviews WHERE id = ?").bind(review).first()).toEqual({
      status: "BLINDED",
      blind_reason: "광고성 링크",
    });
    expect(await openReports(review)).toBe(0);
    expect(await (await SELFget("/madmin/reviews", cookie)).text()).not.toContain(`data-review="${review}"`);
    const mine = await (await m.browser.fetch(`/myshop/review?order=${id}&line=14-1400`)).text();
    expect(mine).toContain(html(koPlatformReviews.toAuthor("광고성 링크")));
    // Its author may delete it, not rewrite what the platform hid.
    expect(mine).not.toContain('value="save"');
    expect(mine).toContain('value="delete"');
    // A second press finds nothing to do.
    const again = await postForm(
      PLATFORM,
      "/madmin/reviews",
      { do: "blind", id: String(review), reason: "다시" },
      { cookie },
    );
    expect(again.status).toBe(409);
  });

  it("문제없음 resolves the reports and leaves the review shown; the owner's next report puts it back", async () => {
    const { review } = await reported();
    const cookie = await admin();
    const done = await postForm(PLATFORM, "/madmin/reviews", { do: "dismiss", id: String(review) }, { cookie });
    expect(done.status).toBe(303);
    expect(await env.DB.prepare("SELECT status FROM reviews WHERE id = ?").bind(review).first<string>("status")).toBe(
      "VISIBLE",
    );
    expect(await openReports(review)).toBe(0);
    expect(await (await SELFget("/madmin/reviews", cookie)).text()).not.toContain(`data-review="${review}"`);
    expect(
      (await postForm(PLATFORM, "/madmin/reviews", { do: "dismiss", id: String(review) }, { cookie })).status,
    ).toBe(409);
    const owner = await signedIn(BEAUTY_OWNER);
    const again = await owner.api("/api/myshp/admin/reviews/report", { id: review, reason: "abuse", note: "욕설" });
    expect(again.status).toBe(200);
    expect(await openReports(review)).toBe(1);
    expect(await (await SELFget("/madmin/reviews", cookie)).text()).toContain(`data-review="${review}"`);
  });
});

function SELFget(path: string, cookie: string | null) {
  return get(PLATFORM, path, { headers: cookie ? { cookie } : {} });
}
