import type { Db } from "./session";

/**
 * Conversations between a member and a shop (migration 0016, decision 064). Every write is one
 * D1 batch whose statements check who may write (the ticket's member, or its shop) in SQL, so a
 * refused write leaves nothing behind.
 */
export type Sender = "member" | "shop";

export type TicketRow = {
  id: number;
  uid: number;
  member_name: string;
  product_id: number | null;
  product_sid: string | null;
  product_title: string | null;
  product_image: string | null;
  order_id: number | null;
  last_id: number;
  last_text: string;
  last_at: number;
  member_unread: number;
  shop_unread: number;
  created_at: number;
};

export type MessageRow = { id: number; sender: Sender; body: string; created_at: number };

/** Who is reading or writing: the member of the ticket, or the shop (its owner). */
export type Party = { sender: "member"; uid: number } | { sender: "shop" };

/** At most this many messages per member (or per shop) in a minute, whatever the channel. */
export const MESSAGES_PER_MINUTE = 20;
const PREVIEW = 100;

const TICKET_COLUMNS = `t.id, t.uid, COALESCE(m.name, '') AS member_name, t.product_id, p.sid AS product_sid,
  p.title AS product_title, p.image AS product_image, t.order_id, t.last_id, t.last_text, t.last_at, t.member_unread,
  t.shop_unread, t.created_at`;
const TICKET_FROM = "tickets t LEFT JOIN members m ON m.uid = t.uid LEFT JOIN products p ON p.id = t.product_id";

/** The party's condition on a ticket `t` of shop ?1: ?2 is the member's uid, 0 for the shop. */
const WHOSE = "t.shop_id = ?1 AND (?2 = 0 OR t.uid = ?2)";

/** ?2 for the party; a member always has a positive uid (0 would mean the whole shop). */
function uidOf(party: Party): number {
  if (party.sender === "shop") return 0;
  if (!(party.uid > 0)) throw new Error("a member party needs a positive uid");
  return party.uid;
}

export class MessageStore {
  constructor(private readonly db: Db) {}

  /** A visible product of this shop by its public id (이 상품 문의). */
  async productOf(shopId: number, sid: string): Promise<number | null> {
    const row = await this.db
      .prepare("SELECT id FROM products WHERE sid = ? AND shop_id = ? AND visible = 1")
      .bind(sid, shopId)
      .first<{ id: number }>();
    return row?.id ?? null;
  }

  /** True when the order was placed on this shop by this member (이 주문 문의). */
  async isMemberOrder(shopId: number, uid: number, orderId: number): Promise<boolean> {
    const row = await this.db
      .prepare("SELECT 1 AS ok FROM orders WHERE id = ? AND shop_id = ? AND owner = ?")
      .bind(orderId, shopId, `m:${uid}`)
      .first<{ ok: number }>();
    return row !== null;
  }

  /** A member's conversation about `about` (a product or an order), if they have one. */
  async findAbout(
    shopId: number,
    uid: number,
    about: { productId?: number; orderId?: number },
  ): Promise<number | null> {
    const row = await this.db
      .prepare(
        `SELECT id FROM tickets WHERE shop_id = ? AND uid = ? AND product_id IS ? AND order_id IS ?
         ORDER BY last_at DESC LIMIT 1`,
      )
      .bind(shopId, uid, about.productId ?? null, about.orderId ?? null)
      .first<{ id: number }>();
    return row?.id ?? null;
  }

  /**
   * A new conversation with its first message, in one batch; null when the member has sent too
   * many messages in the last minute.
   */
  async open(
    shopId: number,
    uid: number,
    about: { productId: number | null; orderId: number | null },
    body: string,
    now: number,
  ): Promise<{ ticketId: number; message: MessageRow } | null> {
    const db = this.db;
    const results = await db.batch([
      db
        .prepare(
          `INSERT INTO tickets (shop_id, uid, product_id, order_id, last_at, created_at)
           SELECT ?1, ?2, ?3, ?4, ?5, ?5
           WHERE (SELECT COUNT(*) FROM messages ms JOIN tickets t ON t.id = ms.ticket_id
                  WHERE t.shop_id = ?1 AND t.uid = ?2 AND ms.sender = 'member' AND ms.created_at > ?5 - 60000) < ?6`,
        )
        .bind(shopId, uid, about.productId, about.orderId, now, MESSAGES_PER_MINUTE),
      db
        .prepare(
          `INSERT INTO messages (ticket_id, sender, body, created_at)
           SELECT last_insert_rowid(), 'member', ?1, ?2 WHERE changes() = 1
           RETURNING id, ticket_id, sender, body, created_at`,
        )
        .bind(body, now),
      db.prepare(
        `UPDATE tickets SET last_id = m.id, last_text = substr(m.body, 1, ${PREVIEW}), shop_unread = 1
           FROM (SELECT id, ticket_id, body FROM messages WHERE id = last_insert_rowid()) AS m
           WHERE tickets.id = m.ticket_id AND changes() = 1`,
      ),
    ]);
    const row = results[1]!.results[0] as (MessageRow & { ticket_id: number }) | undefined;
    if (!row) return null;
    const { ticket_id, ...message } = row;
    return { ticketId: ticket_id, message };
  }

  /**
   * A message on a conversation the party belongs to (the ticket is the shop's, and the member's
   * when a member writes); the other side's unread count goes up with it, and the writer's own is
   * cleared (answering is reading). Null: no such ticket
   * for this party, or too many messages in the last minute.
   */
  async send(shopId: number, ticketId: number, party: Party, body: string, now: number): Promise<MessageRow | null> {
    const db = this.db;
    const uid = uidOf(party);
    const results = await db.batch([
      db
        .prepare(
          `INSERT INTO messages (ticket_id, sender, body, created_at)
           SELECT t.id, ?4, ?5, ?6 FROM tickets t
           WHERE t.id = ?3 AND ${WHOSE}
             AND (SELECT COUNT(*) FROM messages ms JOIN tickets tt ON tt.id = ms.ticket_id
                  WHERE tt.shop_id = ?1 AND ms.sender = ?4 AND ms.created_at > ?6 - 60000
                    AND (?4 = 'shop' OR tt.uid = ?2)) < ?7
           RETURNING id, sender, body, created_at`,
        )
        .bind(shopId, uid, ticketId, party.sender, body, now, MESSAGES_PER_MINUTE),
      db
        .prepare(
          `UPDATE tickets SET last_id = last_insert_rowid(), last_text = substr(?2, 1, ${PREVIEW}), last_at = ?3,
             member_unread = CASE WHEN ?4 = 'shop' THEN member_unread + 1 ELSE 0 END,
             shop_unread = CASE WHEN ?4 = 'member' THEN shop_unread + 1 ELSE 0 END
           WHERE id = ?1 AND changes() = 1`,
        )
        .bind(ticketId, body, now, party.sender),
    ]);
    return (results[0]!.results[0] as MessageRow | undefined) ?? null;
  }

  /** One conversation, if the party belongs to it. */
  async ticket(shopId: number, ticketId: number, party: Party): Promise<TicketRow | null> {
    return this.db
      .prepare(
        `SELECT ${TICKET_COLUMNS} FROM ${TICKET_FROM}
         WHERE ${WHOSE} AND t.id = ?3`,
      )
      .bind(shopId, uidOf(party), ticketId)
      .first<TicketRow>();
  }

  /**
   * The conversation's messages after `after` (oldest first, at most `limit`), and its side's
   * unread count cleared, in one batch: reading is what marks a conversation read.
   */
  async read(ticketId: number, party: Party, after: number, limit: number): Promise<MessageRow[]> {
    const column = party.sender === "member" ? "member_unread" : "shop_unread";
    const [, messages] = await this.db.batch([
      this.db.prepare(`UPDATE tickets SET ${column} = 0 WHERE id = ? AND ${column} > 0`).bind(ticketId),
      this.db
        .prepare(`SELECT id, sender, body, created_at FROM messages WHERE ticket_id = ? AND id > ? ORDER BY id LIMIT ?`)
        .bind(ticketId, after, limit),
    ]);
    return messages!.results as MessageRow[];
  }

  /** The newest `limit` messages of a conversation, oldest first (a page's first view). */
  async latest(ticketId: number, party: Party, limit: number): Promise<MessageRow[]> {
    const column = party.sender === "member" ? "member_unread" : "shop_unread";
    const [, messages] = await this.db.batch([
      this.db.prepare(`UPDATE tickets SET ${column} = 0 WHERE id = ? AND ${column} > 0`).bind(ticketId),
      this.db
        .prepare(
          `SELECT * FROM (SELECT id, sender, body, created_at FROM messages WHERE ticket_id = ? ORDER BY id DESC LIMIT ?)
           ORDER BY id`,
        )
        .bind(ticketId, limit),
    ]);
    return messages!.results as MessageRow[];
  }

  /** A page of the party's conversations on the shop, newest first, with the total. */
  async list(shopId: number, party: Party, page: number, size: number): Promise<{ items: TicketRow[]; total: number }> {
    const uid = uidOf(party);
    const [rows, count] = await this.db.batch([
      this.db
        .prepare(
          `SELECT ${TICKET_COLUMNS} FROM ${TICKET_FROM}
           WHERE ${WHOSE} ORDER BY t.last_at DESC, t.id DESC LIMIT ?3 OFFSET ?4`,
        )
        .bind(shopId, uid, size, (page - 1) * size),
      this.db.prepare(`SELECT COUNT(*) AS n FROM tickets t WHERE ${WHOSE}`).bind(shopId, uid),
    ]);
    return { items: rows!.results as TicketRow[], total: (count!.results[0] as { n: number }).n };
  }

  /** Unread messages for the party on the shop (the badge). */
  async unread(shopId: number, party: Party): Promise<number> {
    const column = party.sender === "member" ? "member_unread" : "shop_unread";
    const row = await this.db
      .prepare(`SELECT COALESCE(SUM(t.${column}), 0) AS n FROM tickets t WHERE ${WHOSE}`)
      .bind(shopId, uidOf(party))
      .first<{ n: number }>();
    return row?.n ?? 0;
  }
}
