import type { ChatMessage, Ticket } from "~/shared/contracts";
import { koChat } from "~/shared/messages/chat";
import type { MessageRow, Party, TicketRow } from "../db/messages";
import type { ApiContext, Handlers } from "./context";
import { ApiError } from "./http";
import { liveRoom } from "../live/publisher";
import { memberOwner } from "../db/cart";

/** Conversations per page in the lists; messages in a conversation's first view. */
export const TICKETS_PAGE_SIZE = 20;
export const MESSAGES_FIRST_VIEW = 100;
/** Catching up after a reconnect answers at most this many at once (the client asks again). */
const CATCH_UP_LIMIT = 200;

const notFound = () => new ApiError(404, "TICKET_NOT_FOUND", koChat.notFound);
const tooMany = () => new ApiError(429, "TOO_MANY_MESSAGES", koChat.tooMany, "text");

function toTicket(row: TicketRow, party: Party): Ticket {
  return {
    id: row.id,
    member_name: row.member_name,
    product: row.product_sid
      ? { sid: row.product_sid, title: row.product_title ?? "", image: row.product_image }
      : null,
    order_id: row.order_id,
    last_id: row.last_id,
    last_text: row.last_text,
    last_at: row.last_at,
    unread: party.sender === "member" ? row.member_unread : row.shop_unread,
  };
}

const toMessage = (row: MessageRow): ChatMessage => ({ ...row });

/** A conversation as the party sees it: the newest messages, or those after `after`; read by reading. */
async function conversation(ctx: ApiContext, shopId: number, party: Party, id: number, after?: number) {
  const row = await ctx.db.messages.ticket(shopId, id, party);
  if (!row) throw notFound();
  const messages =
    after === undefined
      ? await ctx.db.messages.latest(id, party, MESSAGES_FIRST_VIEW)
      : await ctx.db.messages.read(id, party, after, CATCH_UP_LIMIT);
  return { ticket: toTicket({ ...row, member_unread: 0, shop_unread: 0 }, party), messages: messages.map(toMessage) };
}

async function page(ctx: ApiContext, shopId: number, party: Party, n: number) {
  const { items, total } = await ctx.db.messages.list(shopId, party, n, TICKETS_PAGE_SIZE);
  return {
    items: items.map((r) => toTicket(r, party)),
    page: n,
    pages: Math.max(1, Math.ceil(total / TICKETS_PAGE_SIZE)),
  };
}

/**
 * A new message, told to the member's room (their other tabs, or the reply they wait for) and the
 * shop's inbox. Only ids travel: the pages read the message itself from D1, as the party they are.
 */
function announce(ctx: ApiContext, shopId: number, uid: number, ticketId: number, message: MessageRow) {
  return ctx.live.publish([liveRoom.of(shopId, memberOwner(uid)), liveRoom.inbox(shopId)], {
    type: "message",
    ticket_id: ticketId,
    message_id: message.id,
    sender: message.sender,
  });
}

export const chatHandlers = {
  async messageUnread(_input, ctx) {
    const shop = ctx.requireHostShop();
    const member = await ctx.member();
    return { count: member ? await ctx.db.messages.unread(shop.shopid, { sender: "member", uid: member.uid }) : 0 };
  },

  async messageSession(_input, ctx) {
    const member = await ctx.requireMember();
    return { id: member.uid };
  },

  async myTickets({ query }, ctx) {
    const shop = ctx.requireHostShop();
    const member = await ctx.requireMember();
    return page(ctx, shop.shopid, { sender: "member", uid: member.uid }, query.page);
  },

  async myTicket({ query }, ctx) {
    const shop = ctx.requireHostShop();
    const member = await ctx.requireMember();
    return conversation(ctx, shop.shopid, { sender: "member", uid: member.uid }, query.id, query.after);
  },

  async sendMessage({ body }, ctx) {
    const shop = ctx.requireHostShop();
    const member = await ctx.requireMember();
    const store = ctx.db.messages;
    const party: Party = { sender: "member", uid: member.uid };
    const now = Date.now();
    let ticketId = body.id ?? null;
    if (ticketId === null) {
      // What it is about must be this shop's: its product, the member's order on it.
      const productId = body.pid ? await store.productOf(shop.shopid, body.pid) : null;
      if (body.pid && productId === null) throw new ApiError(404, "NOT_SOLD_HERE", koChat.productNotHere);
      const orderId = body.order_id ?? null;
      if (orderId !== null && !(await store.isMemberOrder(shop.shopid, member.uid, orderId))) {
        throw new ApiError(404, "ORDER_NOT_FOUND", koChat.orderNotYours);
      }
      ticketId = await store.findAbout(shop.shopid, member.uid, {
        productId: productId ?? undefined,
        orderId: orderId ?? undefined,
      });
      if (ticketId === null) {
        const opened = await store.open(shop.shopid, member.uid, { productId, orderId }, body.text, now);
        if (!opened) throw tooMany();
        await announce(ctx, shop.shopid, member.uid, opened.ticketId, opened.message);
        ctx.later(ctx.db.notifier(ctx.log).newMessage(shop, opened.ticketId, opened.message.id));
        return { ticket_id: opened.ticketId, message: toMessage(opened.message) };
      }
    }
    const message = await store.send(shop.shopid, ticketId, party, body.text, now);
    if (!message) {
      if (!(await store.ticket(shop.shopid, ticketId, party))) throw notFound();
      throw tooMany();
    }
    await announce(ctx, shop.shopid, member.uid, ticketId, message);
    ctx.later(ctx.db.notifier(ctx.log).newMessage(shop, ticketId, message.id));
    return { ticket_id: ticketId, message: toMessage(message) };
  },

  async adminTickets({ query }, ctx) {
    const { shop } = await ctx.requireOwner();
    const party: Party = { sender: "shop" };
    const [list, unread] = await Promise.all([
      page(ctx, shop.shopid, party, query.page),
      ctx.db.messages.unread(shop.shopid, party),
    ]);
    return { ...list, unread };
  },

  async adminTicket({ query }, ctx) {
    const { shop } = await ctx.requireOwner();
    return conversation(ctx, shop.shopid, { sender: "shop" }, query.id, query.after);
  },

  async adminReply({ body }, ctx) {
    const { shop } = await ctx.requireOwner();
    const party: Party = { sender: "shop" };
    const ticket = await ctx.db.messages.ticket(shop.shopid, body.id, party);
    if (!ticket) throw notFound();
    const message = await ctx.db.messages.send(shop.shopid, body.id, party, body.text, Date.now());
    if (!message) throw tooMany();
    await announce(ctx, shop.shopid, ticket.uid, body.id, message);
    return { ticket_id: body.id, message: toMessage(message) };
  },
} satisfies Handlers;
