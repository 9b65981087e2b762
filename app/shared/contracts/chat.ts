/**
 * Messaging with the shop (issue 12): the spec's two message calls, a member's conversations with
 * the host's shop, and the owner's inbox. Members only (spec §8 protects /message; decision 064).
 */
import { z } from "zod";
import { koChat } from "~/shared/messages/chat";
import { charCount } from "~/shared/forms/text";
import { endpoint, id, nullableText, page } from "./core";

import { MAX_MESSAGE_CHARS } from "~/shared/limits";

export { MAX_MESSAGE_CHARS };

/** Plain text: trimmed, NFC, line breaks kept, other control characters dropped, 1–1,000 characters. */
export const messageText = z
  .string({ error: koChat.textRequired })
  .transform((v) =>
    v
      .normalize("NFC")
      .replace(/\r\n?/g, "\n")
      .replace(/[\u0000-\u0009\u000b-\u001f\u007f]/g, "")
      .trim(),
  )
  .refine((v) => v.length > 0, { error: koChat.textRequired })
  .refine((v) => charCount(v) <= MAX_MESSAGE_CHARS, { error: koChat.textTooLong });

export const ChatMessage = z.object({
  id: z.number().int(),
  sender: z.enum(["member", "shop"]),
  body: z.string(),
  /** ms */
  created_at: z.number().int(),
});
export type ChatMessage = z.infer<typeof ChatMessage>;

export const Ticket = z.object({
  id: z.number().int(),
  /** The member's name (the owner's inbox shows it). */
  member_name: z.string(),
  product: z.object({ sid: z.string(), title: z.string(), image: nullableText }).nullable(),
  order_id: z.number().int().nullable(),
  last_id: z.number().int(),
  last_text: z.string(),
  /** ms */
  last_at: z.number().int(),
  /** Unread by the caller's side. */
  unread: z.number().int(),
});
export type Ticket = z.infer<typeof Ticket>;

const ticketPage = z.object({ items: z.array(Ticket), page: z.number().int(), pages: z.number().int() });
const conversation = z.object({ ticket: Ticket, messages: z.array(ChatMessage) });
/** `after`: only messages newer than this id (catching up); without it, the newest ones. */
const conversationQuery = z.object({ id, after: z.coerce.number().int().min(0).optional() });

export const chatApi = {
  /** Spec: unread count (messages from the shop the member has not read). */
  messageUnread: endpoint({
    method: "GET",
    path: "/api/message/v2/new_read",
    query: z.object({}),
    response: z.object({ count: z.number().int() }),
  }),
  /** Spec: the member's messaging identity (message.me). */
  messageSession: endpoint({
    method: "GET",
    path: "/api/message/v2/mysession/init",
    query: z.object({}),
    response: z.object({ id: z.number().int() }),
  }),
  myTickets: endpoint({
    method: "GET",
    path: "/api/message/v2/tickets",
    query: z.object({ page }),
    response: ticketPage,
  }),
  myTicket: endpoint({
    method: "GET",
    path: "/api/message/v2/ticket",
    query: conversationQuery,
    response: conversation,
  }),
  /**
   * Sends a message: to a conversation (`id`), or opens one about the shop, a product (`pid`, a sid
   * of this shop) or an order of the member's (`order_id`); the conversation about the same thing
   * is reused.
   */
  sendMessage: endpoint({
    method: "POST",
    path: "/api/message/v2/send",
    query: z.object({}),
    body: z.object({
      id: id.optional(),
      pid: z.string().max(40).optional(),
      order_id: id.optional(),
      text: messageText,
    }),
    response: z.object({ ticket_id: z.number().int(), message: ChatMessage }),
  }),
  adminTickets: endpoint({
    method: "GET",
    path: "/api/admin/messages",
    query: z.object({ page }),
    response: ticketPage.extend({ unread: z.number().int() }),
  }),
  adminTicket: endpoint({
    method: "GET",
    path: "/api/admin/message",
    query: conversationQuery,
    response: conversation,
  }),
  adminReply: endpoint({
    method: "POST",
    path: "/api/admin/message/send",
    query: z.object({}),
    body: z.object({ id, text: messageText }),
    response: z.object({ ticket_id: z.number().int(), message: ChatMessage }),
  }),
} as const;
