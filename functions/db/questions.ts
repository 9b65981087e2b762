import type { QuestionType } from "~/shared/question-limits";
import type { Db } from "./session";

/**
 * 상품문의 (migration 0037, decision 118). A question is kept against the goods behind the page (a
 * pick's origin) in that product's shop. Reads are scoped by the host shop's product; every write
 * is one statement whose SQL says who may make it, so `changes` tells a refused write.
 */
export type QuestionRow = {
  id: number;
  shop_id: number;
  product_id: number;
  uid: number;
  type: QuestionType;
  is_secret: number;
  body: string;
  answer: string | null;
  answered_at: number | null;
  created_at: number;
  status: "WAITING" | "ANSWERED" | "DELETED";
  author: string;
};

export type AdminQuestionRow = QuestionRow & { product_sid: string; product_title: string };

/** The goods a host shop's product stands for: itself, or a pick's origin, and the shop that owns them. */
export type QuestionTarget = { product_id: number; shop_id: number; owner_uid: number };

/** At most this many questions per member and shop in an hour, deleted ones included. */
export const QUESTIONS_PER_HOUR = 5;

// The asker as readers see them: the first two letters of the address's local part.
const COLUMNS = `q.id, q.shop_id, q.product_id, q.uid, q.type, q.is_secret, q.body, q.answer, q.answered_at,
  q.created_at, q.status, substr(COALESCE(m.email, ''), 1, 2) || '***' AS author`;

/** Question ?1 when it belongs to the goods behind a product of host shop ?2. */
const ON_HOST = `q.id = ?1 AND q.product_id IN
  (SELECT COALESCE(origin_product_id, id) FROM products WHERE shop_id = ?2)`;

/** A page of the questions of the goods behind a host shop's product, and whose they are. */
export type QuestionPage = { target: QuestionTarget; rows: QuestionRow[]; total: number };

/**
 * The two statements of a product's first page of questions, by the host shop (?1) and the
 * product's sid (?2), so the product page reads them in its product's own batch (decision 076).
 */
export function questionPageStatements(db: Db, shopId: number, sid: string, size: number): D1PreparedStatement[] {
  const product = "(SELECT id FROM products WHERE shop_id = ?1 AND sid = ?2 AND visible = 1)";
  return pageStatements(db, product, size, 0).map((s) => s.bind(shopId, sid));
}

/** The page the two statements read, or null when the product is none of the host shop's. */
export function questionPageOf(target: D1Result, rows: D1Result): QuestionPage | null {
  const t = target.results[0] as (QuestionTarget & { total: number }) | undefined;
  if (!t) return null;
  const { total, ...rest } = t;
  return { target: rest, rows: rows.results as QuestionRow[], total };
}

/** The read-ahead key of a product's first page of `size` questions. */
export const questionPageKey = (productId: number, size: number) => `questions:${productId}:${size}`;

// `product` is an expression for the host shop's product id; the goods are it or its origin.
function pageStatements(db: Db, product: string, size: number, offset: number): D1PreparedStatement[] {
  const goods = `(SELECT COALESCE(origin_product_id, id) FROM products WHERE id = ${product})`;
  return [
    db.prepare(
      `SELECT o.id AS product_id, o.shop_id, s.uid AS owner_uid,
         (SELECT COUNT(*) FROM product_questions WHERE product_id = o.id AND status <> 'DELETED') AS total
       FROM products o JOIN shops s ON s.id = o.shop_id WHERE o.id = ${goods}`,
    ),
    db.prepare(
      `SELECT ${COLUMNS} FROM product_questions q LEFT JOIN members m ON m.uid = q.uid
       WHERE q.product_id = ${goods} AND q.status <> 'DELETED'
       ORDER BY q.created_at DESC, q.id DESC LIMIT ${size} OFFSET ${offset}`,
    ),
  ];
}

export class QuestionStore {
  constructor(
    private readonly db: Db,
    private readonly readAhead: { take<T>(key: string): T | undefined } | null = null,
  ) {}

  /** A visible product `pid` of host shop `shopId`, as the goods its questions belong to. */
  async target(shopId: number, pid: number): Promise<QuestionTarget | null> {
    return this.db
      .prepare(
        `SELECT o.id AS product_id, o.shop_id, s.uid AS owner_uid
         FROM products p JOIN products o ON o.id = COALESCE(p.origin_product_id, p.id) JOIN shops s ON s.id = o.shop_id
         WHERE p.id = ? AND p.shop_id = ? AND p.visible = 1`,
      )
      .bind(pid, shopId)
      .first<QuestionTarget>();
  }

  /** A page of the questions of product `pid` of host shop `shopId`, newest first, in one round trip. */
  async page(shopId: number, pid: number, page: number, size: number): Promise<QuestionPage | null> {
    if (page === 1) {
      const ahead = this.readAhead?.take<QuestionPage | null>(questionPageKey(pid, size));
      if (ahead !== undefined) return ahead;
    }
    const product = "(SELECT id FROM products WHERE shop_id = ?1 AND id = ?2 AND visible = 1)";
    const [target, rows] = await this.db.batch(
      pageStatements(this.db, product, size, (page - 1) * size).map((s) => s.bind(shopId, pid)),
    );
    return questionPageOf(target!, rows!);
  }

  /**
   * A new question, unless the member has asked `QUESTIONS_PER_HOUR` in this shop within the hour
   * (the condition is the INSERT's own, so two at once cannot both slip under it). Null when refused.
   */
  async ask(
    target: QuestionTarget,
    uid: number,
    q: { type: QuestionType; secret: boolean; body: string },
    now = Math.floor(Date.now() / 1000),
  ): Promise<number | null> {
    const row = await this.db
      .prepare(
        `INSERT INTO product_questions (shop_id, product_id, uid, type, is_secret, body, created_at, updated_at)
         SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?7
         WHERE (SELECT COUNT(*) FROM product_questions WHERE uid = ?3 AND shop_id = ?1 AND created_at > ?7 - 3600) < ?8
         RETURNING id`,
      )
      .bind(target.shop_id, target.product_id, uid, q.type, q.secret ? 1 : 0, q.body, now, QUESTIONS_PER_HOUR)
      .first<{ id: number }>();
    return row?.id ?? null;
  }

  /** The asker's edit, only while it waits for an answer. */
  async edit(hostShopId: number, uid: number, id: number, q: { type: QuestionType; secret: boolean; body: string }) {
    const result = await this.db
      .prepare(
        `UPDATE product_questions AS q SET type = ?4, is_secret = ?5, body = ?6, updated_at = unixepoch()
         WHERE ${ON_HOST} AND q.uid = ?3 AND q.status = 'WAITING'`,
      )
      .bind(id, hostShopId, uid, q.type, q.secret ? 1 : 0, q.body)
      .run();
    return result.meta.changes > 0;
  }

  /** The asker's delete, only while it waits for an answer. */
  async remove(hostShopId: number, uid: number, id: number): Promise<boolean> {
    const result = await this.db
      .prepare(
        `UPDATE product_questions AS q SET status = 'DELETED', updated_at = unixepoch()
         WHERE ${ON_HOST} AND q.uid = ?3 AND q.status = 'WAITING'`,
      )
      .bind(id, hostShopId, uid)
      .run();
    return result.meta.changes > 0;
  }

  /** One question as its asker on host shop `hostShopId` may reach it (to say why a write was refused). */
  async ofAsker(hostShopId: number, uid: number, id: number): Promise<QuestionRow | null> {
    return this.db
      .prepare(
        `SELECT ${COLUMNS} FROM product_questions q LEFT JOIN members m ON m.uid = q.uid
         WHERE ${ON_HOST} AND q.uid = ?3 AND q.status <> 'DELETED'`,
      )
      .bind(id, hostShopId, uid)
      .first<QuestionRow>();
  }

  /** The shop's questions for its console: unanswered first, newest first within each. */
  async forShop(shopId: number, page: number, size: number) {
    const [rows, count] = await this.db.batch([
      this.db
        .prepare(
          `SELECT ${COLUMNS}, p.sid AS product_sid, p.title AS product_title
           FROM product_questions q LEFT JOIN members m ON m.uid = q.uid JOIN products p ON p.id = q.product_id
           WHERE q.shop_id = ? AND q.status IN ('WAITING', 'ANSWERED')
           ORDER BY q.status = 'ANSWERED', q.created_at DESC, q.id DESC LIMIT ? OFFSET ?`,
        )
        .bind(shopId, size, (page - 1) * size),
      this.db
        .prepare(
          `SELECT COUNT(*) AS n, COALESCE(SUM(status = 'WAITING'), 0) AS waiting
           FROM product_questions WHERE shop_id = ? AND status IN ('WAITING', 'ANSWERED')`,
        )
        .bind(shopId),
    ]);
    const c = ((count!.results ?? [])[0] as { n: number; waiting: number } | undefined) ?? { n: 0, waiting: 0 };
    return { rows: (rows!.results ?? []) as AdminQuestionRow[], total: c.n, waiting: c.waiting };
  }

  /**
   * The owner's answer (or its edit). Returns the question as it was before, with the asker's
   * address, or null when it is no question of this shop's.
   */
  async answer(shopId: number, id: number, answer: string, by: number) {
    const before = await this.db
      .prepare(
        `SELECT ${COLUMNS}, m.email, p.sid AS product_sid, p.title AS product_title
         FROM product_questions q LEFT JOIN members m ON m.uid = q.uid JOIN products p ON p.id = q.product_id
         WHERE q.id = ? AND q.shop_id = ? AND q.status <> 'DELETED'`,
      )
      .bind(id, shopId)
      .first<AdminQuestionRow & { email: string | null }>();
    if (!before) return null;
    const result = await this.db
      .prepare(
        `UPDATE product_questions SET answer = ?3, answered_by = ?4, status = 'ANSWERED',
           answered_at = COALESCE(answered_at, unixepoch()), updated_at = unixepoch()
         WHERE id = ?1 AND shop_id = ?2 AND status <> 'DELETED'`,
      )
      .bind(id, shopId, answer, by)
      .run();
    return result.meta.changes > 0 ? before : null;
  }
}
