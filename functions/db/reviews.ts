/**
 * Reviews of order lines (issue 38, decision 117). One rule decides who may write (`eligibility`),
 * and every write repeats it as SQL conditions in its own batch, so a stale page or a second tab
 * cannot slip past it. Rewards are point_history entries of their own (`review_reward`), taken back
 * once (`review_revoke`) by lapsing what is left of them, as decision 055 does for an order's points.
 */
import { MAX_REVIEW_PHOTOS, REVIEW_MONTH_AFTER_DAYS, type ReviewKind, type ReviewReportReason } from "~/shared/reviews";
import { maskName } from "~/shared/review-display";
import { POINT_VALID_MS } from "./shop-members";
import {
  isFirstPage,
  reviewPageKey,
  reviewPageOf,
  reviewPageStatements,
  type ReviewPage,
  type ReviewQuery,
} from "./review-page";
import type { Db } from "./session";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Reviews one member may write in one shop per day: a ceiling for scripts, never reached by hand. */
export const REVIEWS_PER_DAY = 30;

export type LineKey = { orderId: number; productId: number; optionId: number; extras: string };

export type Refusal = "not_found" | "not_delivered" | "window" | "exists" | "month_early" | "rate";

export type ReviewLine = {
  order_id: number;
  product_id: number;
  option_id: number;
  extras: string;
  origin_product_id: number;
  name: string;
  opt_name: string;
  image: string | null;
  status: string;
  since: number | null;
};

export type ReviewRow = {
  id: number;
  shop_id: number;
  product_id: number;
  order_id: number;
  line_product_id: number;
  option_id: number;
  extras: string;
  uid: number;
  kind: ReviewKind;
  rating: number;
  body: string;
  option_label: string;
  is_repurchase: number;
  reward_points: number;
  status: "VISIBLE" | "BLINDED" | "DELETED";
  blind_reason: string | null;
  helpful_count: number;
  created_at: number;
  updated_at: number;
};

export type ReviewSettings = {
  days: number;
  point: boolean;
  text: number;
  photo: number;
  month: number;
  minLength: number;
};

/** What a new review earns: the month reward, else photo or text, only when the text is long enough. */
export function rewardFor(s: ReviewSettings, kind: ReviewKind, hasPhoto: boolean, bodyLength: number): number {
  if (!s.point || bodyLength < s.minLength) return 0;
  if (kind === "MONTH") return s.month;
  return hasPhoto ? s.photo : s.text;
}

/** The line of member `uid`'s order in this shop, as SQL (`o` order, `l` line, `p` product). */
const LINE = `FROM orders o JOIN order_lines l ON l.order_id = o.id JOIN products p ON p.id = l.product_id
  WHERE o.id = ?1 AND o.shop_id = ?2 AND o.owner = 'm:' || CAST(?3 AS INTEGER)
    AND l.product_id = ?4 AND l.option_id = ?5 AND l.extras = ?6`;
/** When the window opens: delivery, else confirmation (a buyer may confirm before delivery is recorded). */
const SINCE = "COALESCE(o.delivered_at, o.done_at)";
const DELIVERED = "o.status IN ('CONFIRM_DELIVERY', 'DONE')";

/** The eligibility rule as SQL conditions over LINE, with ?7 kind, ?8 now. */
const ELIGIBLE = `${DELIVERED} AND ${SINCE} IS NOT NULL
  AND ?8 <= ${SINCE} + (SELECT review_days FROM shops WHERE id = ?2) * ${DAY_MS}
  AND NOT EXISTS (SELECT 1 FROM reviews r WHERE r.order_id = ?1 AND r.line_product_id = ?4 AND r.option_id = ?5
                  AND r.extras = ?6 AND r.kind = ?7)
  AND (?7 = 'NORMAL' OR EXISTS (SELECT 1 FROM reviews r WHERE r.order_id = ?1 AND r.line_product_id = ?4
       AND r.option_id = ?5 AND r.extras = ?6 AND r.kind = 'NORMAL' AND r.status <> 'DELETED'
       AND r.created_at <= ?8 - ${REVIEW_MONTH_AFTER_DAYS * DAY_MS}))
  AND (SELECT COUNT(*) FROM reviews r WHERE r.shop_id = ?2 AND r.uid = ?3 AND r.created_at > ?8 - ${DAY_MS}) < ${REVIEWS_PER_DAY}`;

/**
 * Review `r` is one that the shop bound as `shop` shows on its product pages: a visible product of
 * the shop is its goods, or picks them. Two lookups (the product's key, the origin index) rather
 * than one COALESCE that no index serves.
 */
const shownBy = (
  shop: string,
) => `(EXISTS (SELECT 1 FROM products p WHERE p.id = r.product_id AND p.shop_id = ${shop} AND p.visible = 1)
  OR EXISTS (SELECT 1 FROM products p WHERE p.origin_product_id = r.product_id AND p.shop_id = ${shop} AND p.visible = 1))`;

const keyArgs = (shopId: number, uid: number, k: LineKey) => [
  k.orderId,
  shopId,
  uid,
  k.productId,
  k.optionId,
  k.extras,
];

export type { ProductReview, ReviewSummary } from "./review-page";

/** `sh***` (app/shared/review-display.ts), kept under this name for the console's list. */
export const maskAuthor = maskName;

export class ReviewStore {
  constructor(
    private readonly db: Db,
    private readonly readAhead: { take<T>(key: string): T | undefined } | null = null,
  ) {}

  async settings(shopId: number): Promise<ReviewSettings | null> {
    const s = await this.db
      .prepare(
        `SELECT review_days, point, review_point_text, review_point_photo, review_point_month, review_min_length
         FROM shops WHERE id = ?1`,
      )
      .bind(shopId)
      .first<Record<string, number>>();
    if (!s) return null;
    return {
      days: s.review_days!,
      point: s.point === 1,
      text: s.review_point_text!,
      photo: s.review_point_photo!,
      month: s.review_point_month!,
      minLength: s.review_min_length!,
    };
  }

  /** The line as its buyer sees it, or null when it is not theirs in this shop. */
  async line(shopId: number, uid: number, k: LineKey): Promise<ReviewLine | null> {
    return this.db
      .prepare(
        `SELECT o.id AS order_id, l.product_id, l.option_id, l.extras, COALESCE(p.origin_product_id, p.id) AS origin_product_id,
                l.name, l.opt_name, l.image, o.status, ${SINCE} AS since ${LINE}`,
      )
      .bind(...keyArgs(shopId, uid, k))
      .first<ReviewLine>();
  }

  /** The member's reviews of this line (both kinds, deleted ones too: they still count as written). */
  async ofLine(shopId: number, uid: number, k: LineKey): Promise<ReviewRow[]> {
    const { results } = await this.db
      .prepare(
        `SELECT * FROM reviews WHERE order_id = ?1 AND shop_id = ?2 AND uid = ?3 AND line_product_id = ?4
           AND option_id = ?5 AND extras = ?6 ORDER BY id`,
      )
      .bind(...keyArgs(shopId, uid, k))
      .all<ReviewRow>();
    return results;
  }

  /** Why member `uid` may not write a review of `kind` on this line now, or null when they may. */
  async refusal(shopId: number, uid: number, k: LineKey, kind: ReviewKind, now: number): Promise<Refusal | null> {
    const line = await this.line(shopId, uid, k);
    if (!line) return "not_found";
    if (!["CONFIRM_DELIVERY", "DONE"].includes(line.status) || line.since === null) return "not_delivered";
    const settings = await this.settings(shopId);
    if (!settings || now > line.since + settings.days * DAY_MS) return "window";
    const written = await this.ofLine(shopId, uid, k);
    if (written.some((r) => r.kind === kind)) return "exists";
    if (kind === "MONTH") {
      const normal = written.find((r) => r.kind === "NORMAL" && r.status !== "DELETED");
      if (!normal || now - normal.created_at < REVIEW_MONTH_AFTER_DAYS * DAY_MS) return "month_early";
    }
    const recent = await this.db
      .prepare("SELECT COUNT(*) AS n FROM reviews WHERE shop_id = ?1 AND uid = ?2 AND created_at > ?3")
      .bind(shopId, uid, now - DAY_MS)
      .first<{ n: number }>();
    if ((recent?.n ?? 0) >= REVIEWS_PER_DAY) return "rate";
    return null;
  }

  /**
   * A new review, its photos and its reward in one batch. The insert repeats the eligibility rule;
   * when it inserts nothing the guard aborts everything. The reward is paid only to a member of the
   * shop with points on. Answers the review's id and the points paid, or null when refused.
   */
  async create(
    shopId: number,
    uid: number,
    k: LineKey,
    input: { kind: ReviewKind; rating: number; body: string; repurchase: boolean; photos: string[]; reward: number },
    now: number,
  ): Promise<{ id: number; reward: number } | null> {
    const args = [...keyArgs(shopId, uid, k), input.kind, now];
    const id = `(SELECT id FROM reviews WHERE order_id = ?1 AND line_product_id = ?2 AND option_id = ?3 AND extras = ?4 AND kind = ?5)`;
    const idArgs = [k.orderId, k.productId, k.optionId, k.extras, input.kind];
    try {
      const results = await this.db.batch([
        this.db
          .prepare(
            `INSERT INTO reviews (shop_id, product_id, order_id, line_product_id, option_id, extras, uid, kind, rating, body,
               option_label, is_repurchase, created_at, updated_at)
             SELECT ?2, COALESCE(p.origin_product_id, p.id), ?1, ?4, ?5, ?6, ?3, ?7, ?9, ?10, l.opt_name, ?11, ?8, ?8
             ${LINE} AND ${ELIGIBLE}`,
          )
          .bind(...args, input.rating, input.body, input.repurchase ? 1 : 0),
        this.db.prepare("INSERT INTO batch_guard (reason) SELECT 'state' WHERE changes() = 0"),
        this.db
          .prepare(
            `INSERT INTO review_photos (review_id, position, image)
             SELECT ${id}, j.key, j.value FROM json_each(?6) j WHERE j.key < ${MAX_REVIEW_PHOTOS}`,
          )
          .bind(...idArgs, JSON.stringify(input.photos)),
        this.db
          .prepare(
            `INSERT INTO point_history (shop_id, uid, amount, reason, created_at, expires_at, rem_value, review_id)
             SELECT ?6, ?7, ?8, 'review_reward', ?9, ?9 + ${POINT_VALID_MS}, ?8, ${id}
             WHERE ?8 > 0 AND EXISTS (SELECT 1 FROM shops WHERE id = ?6 AND point = 1)
               AND EXISTS (SELECT 1 FROM shop_members WHERE shop_id = ?6 AND uid = ?7)`,
          )
          .bind(...idArgs, shopId, uid, input.reward, now),
        this.db
          .prepare(
            `UPDATE reviews SET reward_points = COALESCE((SELECT amount FROM point_history
               WHERE review_id = reviews.id AND reason = 'review_reward'), 0)
             WHERE id = ${id} RETURNING id, reward_points`,
          )
          .bind(...idArgs),
      ]);
      const row = results[4]?.results[0] as { id: number; reward_points: number } | undefined;
      return row ? { id: row.id, reward: row.reward_points } : null;
    } catch (error) {
      if (isGuard(error)) return null;
      throw error;
    }
  }

  /** One review by id in this shop. */
  async get(shopId: number, id: number): Promise<ReviewRow | null> {
    return this.db.prepare("SELECT * FROM reviews WHERE id = ?1 AND shop_id = ?2").bind(id, shopId).first<ReviewRow>();
  }

  async photos(reviewId: number): Promise<string[]> {
    const { results } = await this.db
      .prepare("SELECT image FROM review_photos WHERE review_id = ?1 ORDER BY position")
      .bind(reviewId)
      .all<{ image: string }>();
    return results.map((r) => r.image);
  }

  /**
   * Its author's edit: rating, text, the 재구매 mark and the photos (the list as it should be). Only
   * a visible review of theirs; the reward stays what the first write earned. True when changed.
   */
  async update(
    shopId: number,
    uid: number,
    id: number,
    input: { rating: number; body: string; repurchase: boolean; photos: string[] },
    now: number,
  ): Promise<boolean> {
    try {
      await this.db.batch([
        this.db
          .prepare(
            `UPDATE reviews SET rating = ?4, body = ?5, is_repurchase = ?6, updated_at = ?7
             WHERE id = ?1 AND shop_id = ?2 AND uid = ?3 AND status = 'VISIBLE'`,
          )
          .bind(id, shopId, uid, input.rating, input.body, input.repurchase ? 1 : 0, now),
        this.db.prepare("INSERT INTO batch_guard (reason) SELECT 'state' WHERE changes() = 0"),
        this.db.prepare("DELETE FROM review_photos WHERE review_id = ?1").bind(id),
        this.db
          .prepare(
            `INSERT INTO review_photos (review_id, position, image)
             SELECT ?1, j.key, j.value FROM json_each(?2) j WHERE j.key < ${MAX_REVIEW_PHOTOS}`,
          )
          .bind(id, JSON.stringify(input.photos)),
      ]);
      return true;
    } catch (error) {
      if (isGuard(error)) return false;
      throw error;
    }
  }

  /** Its author deletes it: the row stays (one review per line and kind, ever), its reward is taken back. */
  async remove(shopId: number, uid: number, id: number, now: number): Promise<boolean> {
    try {
      await this.db.batch([
        this.db
          .prepare(
            `UPDATE reviews SET status = 'DELETED', updated_at = ?4
             WHERE id = ?1 AND shop_id = ?2 AND uid = ?3 AND status <> 'DELETED'`,
          )
          .bind(id, shopId, uid, now),
        this.db.prepare("INSERT INTO batch_guard (reason) SELECT 'state' WHERE changes() = 0"),
        ...clawbackStatements(this.db, "r.id = ?1", [id], now),
      ]);
      return true;
    } catch (error) {
      if (isGuard(error)) return false;
      throw error;
    }
  }

  /** The owner's one reply, written or replaced; never on a deleted review. */
  async reply(shopId: number, ownerUid: number, id: number, body: string, now: number): Promise<boolean> {
    const { meta } = await this.db
      .prepare(
        `INSERT INTO review_replies (review_id, uid, body, created_at, updated_at)
         SELECT id, ?3, ?4, ?5, ?5 FROM reviews WHERE id = ?1 AND shop_id = ?2 AND status <> 'DELETED'
         ON CONFLICT (review_id) DO UPDATE SET body = excluded.body, uid = excluded.uid, updated_at = excluded.updated_at`,
      )
      .bind(id, shopId, ownerUid, body, now)
      .run();
    return meta.changes > 0;
  }

  /** The owner's report to the platform: one per reporter and review; reporting again after the platform found nothing puts it back in the queue. */
  async report(
    shopId: number,
    uid: number,
    id: number,
    reason: ReviewReportReason,
    note: string | null,
    now: number,
  ): Promise<boolean> {
    const { meta } = await this.db
      .prepare(
        `INSERT INTO review_reports (review_id, shop_id, uid, reason, note, created_at)
         SELECT id, shop_id, ?3, ?4, ?5, ?6 FROM reviews WHERE id = ?1 AND shop_id = ?2 AND status = 'VISIBLE'
         ON CONFLICT (review_id, uid) DO UPDATE SET reason = excluded.reason, note = excluded.note,
           created_at = excluded.created_at, resolved_at = NULL`,
      )
      .bind(id, shopId, uid, reason, note, now)
      .run();
    return meta.changes > 0;
  }

  /** The platform blinds a review with a reason (reports on it are resolved); any shop's. */
  async blind(id: number, reason: string, now: number): Promise<boolean> {
    const results = await this.db.batch([
      this.db
        .prepare(
          `UPDATE reviews SET status = 'BLINDED', blind_reason = ?2, updated_at = ?3
           WHERE id = ?1 AND status = 'VISIBLE'`,
        )
        .bind(id, reason, now),
      this.db
        .prepare(
          `UPDATE review_reports SET resolved_at = ?2 WHERE review_id = ?1 AND resolved_at IS NULL
           AND EXISTS (SELECT 1 FROM reviews WHERE id = ?1 AND status = 'BLINDED')`,
        )
        .bind(id, now),
    ]);
    return (results[0]?.meta.changes ?? 0) > 0;
  }

  /**
   * "도움돼요", once per member and review, only on a review the host shop shows (the reviews its
   * product pages list: of its own goods and of the goods it picks). Answers the count, or null when
   * the shop shows no such review: then nothing was written.
   */
  async helpful(shopId: number, id: number, uid: number, now: number): Promise<number | null> {
    const results = await this.db.batch([
      this.db
        .prepare(
          `INSERT INTO review_helpful (review_id, uid, created_at)
           SELECT r.id, ?2, ?3 FROM reviews r WHERE r.id = ?1 AND r.status = 'VISIBLE' AND r.uid <> ?2 AND ${shownBy("?4")}
           ON CONFLICT DO NOTHING`,
        )
        .bind(id, uid, now, shopId),
      this.db.prepare("UPDATE reviews SET helpful_count = helpful_count + 1 WHERE id = ?1 AND changes() = 1").bind(id),
      this.db
        .prepare(`SELECT helpful_count FROM reviews r WHERE r.id = ?1 AND r.status = 'VISIBLE' AND ${shownBy("?2")}`)
        .bind(id, shopId),
    ]);
    const row = results[2]?.results[0] as { helpful_count: number } | undefined;
    return row ? row.helpful_count : null;
  }

  /**
   * A page of the visible reviews of a host shop's product's goods (a pick's origin) in the list's
   * order and filter, with photos, the owner's reply and the author masked; the summary over all of
   * them; and, when asked, the newest photo reviews' first photos. One round trip; the product
   * page's first few were read in its product's own batch (decision 076).
   */
  async ofProduct(shopId: number, productId: number, q: ReviewQuery): Promise<ReviewPage | null> {
    if (isFirstPage(q)) {
      const ahead = this.readAhead?.take<ReviewPage | null>(reviewPageKey(productId));
      if (ahead !== undefined) return ahead;
    }
    const results = await this.db.batch(reviewPageStatements(this.db, shopId, "id", productId, q));
    return reviewPageOf(results, q);
  }

  /** The console's list: this shop's reviews, newest first, with the product's name and the reply. */
  async ofShop(shopId: number, page: { limit: number; offset: number }) {
    const { results } = await this.db
      .prepare(
        `SELECT r.id, r.kind, r.rating, r.body, r.option_label, r.status, r.blind_reason, r.reward_points, r.created_at,
                r.product_id, COALESCE(p.title, '') AS product_name, COALESCE(m.name, '') AS name,
                (SELECT json_group_array(image) FROM (SELECT image FROM review_photos WHERE review_id = r.id ORDER BY position)) AS photos,
                rp.body AS reply_body, rp.updated_at AS reply_at,
                EXISTS (SELECT 1 FROM review_reports x WHERE x.review_id = r.id AND x.resolved_at IS NULL) AS reported
         FROM reviews r LEFT JOIN products p ON p.id = r.product_id LEFT JOIN members m ON m.uid = r.uid
           LEFT JOIN review_replies rp ON rp.review_id = r.id
         WHERE r.shop_id = ?1 AND r.status <> 'DELETED'
         ORDER BY r.created_at DESC, r.id DESC LIMIT ?2 OFFSET ?3`,
      )
      .bind(shopId, page.limit, page.offset)
      .all<{
        id: number;
        kind: ReviewKind;
        rating: number;
        body: string;
        option_label: string;
        status: "VISIBLE" | "BLINDED";
        blind_reason: string | null;
        reward_points: number;
        created_at: number;
        product_id: number;
        product_name: string;
        name: string;
        photos: string;
        reply_body: string | null;
        reply_at: number | null;
        reported: number;
      }>();
    return results.map((r) => ({
      id: r.id,
      kind: r.kind,
      rating: r.rating,
      body: r.body,
      option_label: r.option_label,
      status: r.status,
      blind_reason: r.blind_reason,
      rewarded: r.reward_points > 0,
      created_at: r.created_at,
      product_id: r.product_id,
      product_name: r.product_name,
      author: maskAuthor(r.name),
      photos: JSON.parse(r.photos) as string[],
      reply: r.reply_body !== null ? { body: r.reply_body, updated_at: r.reply_at ?? 0 } : null,
      reported: r.reported === 1,
    }));
  }
}

/**
 * What is left of the rewards of the reviews `where` selects (as `r`) lapses, with one
 * `review_revoke` row each: never more than is left, as a refund after 구매확정 does (decision 055).
 * The reward is marked taken back (`revoked_at`): what an unpaid order holds of it is taken when
 * that order lets it go (decision 155). Two statements; the unique (review_id, reason) index makes
 * it once per review.
 */
export function clawbackStatements(db: Db, where: string, args: unknown[], now: number): D1PreparedStatement[] {
  const nowArg = `?${args.length + 1}`;
  const rewards = `SELECT r.id FROM reviews r WHERE ${where}`;
  return [
    db
      .prepare(
        `INSERT INTO point_history (shop_id, uid, amount, reason, created_at, expires_at, rem_value, review_id)
         SELECT shop_id, uid, -rem_value, 'review_revoke', ${nowArg}, NULL, 0, review_id FROM point_history
         WHERE reason = 'review_reward' AND rem_value > 0 AND review_id IN (${rewards})
         ON CONFLICT DO NOTHING`,
      )
      .bind(...args, now),
    db
      .prepare(
        `UPDATE point_history SET rem_value = 0, revoked_at = COALESCE(revoked_at, ${nowArg})
         WHERE reason = 'review_reward' AND review_id IN (${rewards})`,
      )
      .bind(...args, now),
  ];
}

/** A refund or return of order `orderId` (of these options only, when some lines come back). */
export function refundClawbackStatements(
  db: Db,
  orderId: number,
  optionIds: number[] | null,
  now: number,
): D1PreparedStatement[] {
  if (optionIds)
    return clawbackStatements(
      db,
      "r.order_id = ?1 AND r.option_id IN (SELECT value FROM json_each(?2))",
      [orderId, JSON.stringify(optionIds)],
      now,
    );
  return clawbackStatements(db, "r.order_id = ?1", [orderId], now);
}

function isGuard(error: unknown): boolean {
  return error instanceof Error && /GUARD_/.test(error.message);
}
