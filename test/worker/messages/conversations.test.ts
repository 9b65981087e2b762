import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { BEAUTY, PICKS } from "../helpers/request";
import { BEAUTY_OWNER, joinNew, login } from "../helpers/auth";
import { Shopper } from "../helpers/shopper";
import { koChat } from "~/shared/messages/chat";

/** Issue 12 (in part): conversations with the shop on D1, the spec's message calls, the owner's inbox. */

type Sent = { ticket_id: number; message: { id: number; sender: string; body: string } };
type Conversation = {
  ticket: { id: number; unread: number; product: { sid: string } | null };
  messages: Sent["message"][];
};

async function member(host = BEAUTY) {
  const account = await joinNew(host, "문의 회원");
  return Shopper.signedIn(host, account.cookie);
}
async function owner(host = BEAUTY, email = BEAUTY_OWNER) {
  return Shopper.signedIn(host, await login(host, email));
}
const unread = async (s: Shopper) => (await s.api<{ count: number }>("/api/message/v2/new_read")).data.count;

describe("conversations with the shop", () => {
  it("a member asks about a product, the owner sees it unread and answers, the member reads it", async () => {
    const me = await member();
    const asked = await me.api<Sent>("/api/message/v2/send", {
      pid: "b0011",
      text: "  재입고 언제 되나요?\r\n색상도 궁금해요  ",
    });
    expect(asked.status).toBe(200);
    expect(asked.data.message).toMatchObject({ sender: "member", body: "재입고 언제 되나요?\n색상도 궁금해요" });
    const ticket = asked.data.ticket_id;
    // The same product again: the same conversation.
    const again = await me.api<Sent>("/api/message/v2/send", { pid: "b0011", text: "빠른 답 부탁드려요" });
    expect(again.data.ticket_id).toBe(ticket);

    const shop = await owner();
    const inbox = await shop.api<{ unread: number; items: { id: number; unread: number; member_name: string }[] }>(
      "/api/admin/messages",
    );
    expect(inbox.data.items[0]).toMatchObject({ id: ticket, unread: 2, member_name: "문의 회원" });
    expect(inbox.data.unread).toBeGreaterThanOrEqual(2);
    const seen = await shop.api<Conversation>(`/api/admin/message?id=${ticket}`);
    expect(seen.data.messages.map((m) => m.body)).toEqual([
      "재입고 언제 되나요?\n색상도 궁금해요",
      "빠른 답 부탁드려요",
    ]);
    const after = (await shop.api<{ items: { id: number; unread: number }[] }>("/api/admin/messages")).data.items;
    expect(after.find((t) => t.id === ticket)!.unread).toBe(0);

    expect(await unread(me)).toBe(0);
    const reply = await shop.api<Sent>("/api/admin/message/send", {
      id: ticket,
      text: "다음 주 화요일 입고 예정입니다.",
    });
    expect(reply.data.message.sender).toBe("shop");
    expect(await unread(me)).toBe(1);
    const summary = await me.api<{ message: number }>("/api/myshp/get/my/summary");
    expect(summary.data.message).toBe(1);

    // Catching up: only what came after the last id seen.
    const caught = await me.api<Conversation>(`/api/message/v2/ticket?id=${ticket}&after=${again.data.message.id}`);
    expect(caught.data.messages.map((m) => m.sender)).toEqual(["shop"]);
    expect(caught.data.ticket.product?.sid).toBe("b0011");
    expect(await unread(me)).toBe(0);
  });

  it("refuses what is not the member's or not this shop's", async () => {
    const me = await member();
    const stranger = await member();
    const mine = (await me.api<Sent>("/api/message/v2/send", { text: "배송 문의드립니다" })).data.ticket_id;
    // Another member's conversation, to read or to write: not found.
    expect((await stranger.api(`/api/message/v2/ticket?id=${mine}`)).status).toBe(404);
    expect((await stranger.api("/api/message/v2/send", { id: mine, text: "끼어들기" })).status).toBe(404);
    // Another shop's product, or an order that is not the member's.
    expect((await me.api("/api/message/v2/send", { pid: "p0001", text: "?" })).status).toBe(404);
    expect((await me.api("/api/message/v2/send", { order_id: 123456789012, text: "?" })).status).toBe(404);
    // The same ticket through another shop's host, by that shop's owner: not theirs.
    const picksOwner = await owner(PICKS, "owner@picks.example.test");
    expect((await picksOwner.api(`/api/admin/message?id=${mine}`)).status).toBe(404);
    expect((await picksOwner.api("/api/admin/message/send", { id: mine, text: "다른 상점" })).status).toBe(404);
    // A member is not the owner.
    expect((await me.api("/api/admin/messages")).status).toBe(403);
    // Guests have no conversations (spec §8: /message is for members).
    const guest = new Shopper(BEAUTY);
    expect((await guest.api("/api/message/v2/send", { text: "비회원 문의" })).status).toBe(401);
    expect(await unread(guest)).toBe(0);
    const rows = await env.DB.prepare("SELECT COUNT(*) AS n FROM messages WHERE ticket_id = ?")
      .bind(mine)
      .first<{ n: number }>();
    expect(rows!.n).toBe(1);
  });

  it("checks the text and how often", async () => {
    const me = await member();
    const empty = await me.api<{ error: { message: string } }>("/api/message/v2/send", { text: " \u0007 " });
    expect(empty.status).toBe(400);
    expect(empty.data.error.message).toBe(koChat.textRequired);
    const long = await me.api<{ error: { message: string } }>("/api/message/v2/send", { text: "가".repeat(1001) });
    expect(long.data.error.message).toBe(koChat.textTooLong);
    expect((await me.api("/api/message/v2/send", { text: "가".repeat(1000) })).status).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) statuses.push((await me.api("/api/message/v2/send", { text: `${i}번째` })).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(19);
    expect(statuses.at(-1)).toBe(429);
  });

  it("answers the spec's session call with the member's id", async () => {
    const me = await member();
    const session = await me.api<{ id: number }>("/api/message/v2/mysession/init");
    expect(session.data.id).toBeGreaterThan(100000);
    expect((await new Shopper(BEAUTY).api("/api/message/v2/mysession/init")).status).toBe(401);
  });
});
