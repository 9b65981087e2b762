import { env } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createSolapiStandin, type SolapiStandin } from "../../../scripts/lib/solapi-standin.mjs";
import { NotifyStore } from "../../../functions/db/notify";
import { readConfig } from "../../../functions/env";
import { BEAUTY_OWNER, login, SHOPPER } from "../helpers/auth";
import { BEAUTY } from "../helpers/request";
import { trackingUrl } from "~/shared/couriers";
import { Shopper } from "../helpers/shopper";

/** Decision 131: paid, shipped, a question's answer and a chat message, each to its own number. */

const config = readConfig(env);
let standin: SolapiStandin;
const ALL_ON = {
  account: true,
  paid: true,
  shipped: true,
  answer: true,
  new_order: true,
  new_message: true,
  payment_canceled: true,
};

beforeEach(async () => {
  standin = createSolapiStandin();
  const network = globalThis.fetch;
  vi.spyOn(globalThis, "fetch").mockImplementation((input, init) => {
    const request = new Request(input, init);
    return request.url.startsWith(config.SOLAPI_API_BASE) ? standin.handle(request) : network(input, init);
  });
  await env.DB.batch([
    env.DB.prepare("DELETE FROM notify_sends"),
    env.DB.prepare("DELETE FROM shop_notify_settings"),
    env.DB.prepare("DELETE FROM order_notify_consents"),
  ]);
});
afterEach(() => vi.restoreAllMocks());

const signedIn = async (email: string) => Shopper.signedIn(BEAUTY, await login(BEAUTY, email));
const templates = () => standin.sent.map((m) => [m.templateId, m.to]);

describe("알림톡 at an order's later moments and for questions and messages", () => {
  it("the buyer hears of the confirmed deposit and the shipment with its tracking link", async () => {
    const guest = new Shopper(BEAUTY);
    await guest.add([{ pid2: 13, pid3: 1300 }]);
    const id = (await guest.order([{ pid2: 13, pid3: 1300, qty: 1 }])).data.order_id;
    expect((await guest.pay(id, { orderer_phone: "010-2222-3333", agree_notify: "on" })).status).toBe(200);
    await vi.waitFor(() => expect(templates()).toEqual([["KA01TP_ACCOUNT", "01022223333"]]));
    const owner = await signedIn(BEAUTY_OWNER);
    const act = (body: Record<string, unknown>) => owner.api("/api/myshp/admin/order/action", { id, ...body });
    expect((await act({ action: "confirm_payment" })).status).toBe(200);
    expect((await act({ action: "prepare" })).status).toBe(200);
    expect((await act({ action: "ship", courier: "cj", tracking_no: "6012-3456-7890" })).status).toBe(200);
    await vi.waitFor(() =>
      expect(templates()).toEqual([
        ["KA01TP_ACCOUNT", "01022223333"],
        ["KA01TP_PAID", "01022223333"],
        ["KA01TP_SHIPPED", "01022223333"],
      ]),
    );
    const shipped = standin.sent[2]!;
    // Stored as digits (the tracking rule), and so sent.
    expect(shipped.variables["#{tracking}"]).toBe("601234567890");
    expect(shipped.variables["#{link}"]).toBe(trackingUrl("cj", "601234567890"));
    expect(shipped.text).toContain(trackingUrl("cj", "601234567890"));
  });

  it("a member's question answer goes to the number they consented to in this shop, and only then", async () => {
    const member = await signedIn(SHOPPER);
    const owner = await signedIn(BEAUTY_OWNER);
    const ask = async () => {
      const res = await member.api<{ id: number }>("/api/questions/ask", { pid: 4, type: "etc", body: "언제 오나요?" });
      expect(res.status).toBe(200);
      return res.data.id;
    };
    // No consent yet: the answer is saved and nothing is sent.
    const first = await ask();
    expect((await owner.api("/api/myshp/admin/questions/answer", { id: first, answer: "내일 갑니다" })).status).toBe(
      200,
    );
    await member.add([{ pid2: 13, pid3: 1300 }]);
    const id = (await member.order([{ pid2: 13, pid3: 1300, qty: 1 }])).data.order_id;
    expect((await member.pay(id, { orderer_phone: "010-4444-5555", agree_notify: "on" })).status).toBe(200);
    await vi.waitFor(() => expect(standin.sent).toHaveLength(1));
    const second = await ask();
    expect((await owner.api("/api/myshp/admin/questions/answer", { id: second, answer: "모레 갑니다" })).status).toBe(
      200,
    );
    await vi.waitFor(() => expect(templates().at(-1)).toEqual(["KA01TP_ANSWER", "01044445555"]));
    expect(standin.sent.filter((m) => m.templateId === "KA01TP_ANSWER")).toHaveLength(1);
  });

  it("the owner with a number hears of a new chat message, with the link to it", async () => {
    await new NotifyStore(env.DB).saveSettings(1, { owner_phone: "01012340000", kinds: ALL_ON }, Date.now());
    const member = await signedIn(SHOPPER);
    const sent = await member.api<{ ticket_id: number }>("/api/message/v2/send", { text: "문의 드립니다" });
    expect(sent.status).toBe(200);
    await vi.waitFor(() => expect(templates()).toEqual([["KA01TP_NEW_MESSAGE", "01012340000"]]));
    expect(standin.sent[0]!.text).toContain(`/admin/message?id=${sent.data.ticket_id}`);

    // More lines before the owner answers: the owner's phone has heard already.
    const id = sent.data.ticket_id;
    expect((await member.api("/api/message/v2/send", { id, text: "하나 더 여쭐게요" })).status).toBe(200);
    expect((await member.api("/api/message/v2/send", { id, text: "그리고 배송은요?" })).status).toBe(200);
    // After the shop's reply the member's next line is news again.
    const owner = await signedIn(BEAUTY_OWNER);
    expect((await owner.api("/api/admin/message/send", { id, text: "네, 답변드립니다" })).status).toBe(200);
    expect((await member.api("/api/message/v2/send", { id, text: "감사합니다, 한 가지 더요" })).status).toBe(200);
    await vi.waitFor(() => expect(standin.sent).toHaveLength(2));
    const rows = await env.DB.prepare("SELECT COUNT(*) AS n FROM notify_sends WHERE kind = 'new_message'").first<{
      n: number;
    }>();
    expect(rows!.n).toBe(2);
  });

  it("forgets sends after 90 days (their numbers and texts), the oldest first", async () => {
    const now = Date.now();
    const day = 24 * 60 * 60_000;
    const row = (subject: number, at: number) =>
      env.DB.prepare(
        `INSERT INTO notify_sends (shop_id, kind, subject_id, phone, template, variables, text, status, created_at, updated_at)
         VALUES (1, 'paid', ?, '01022223333', 'T', '{}', 't', 'sent', ?, ?)`,
      ).bind(subject, at, at);
    await env.DB.batch([row(1, now - 91 * day), row(2, now - 90 * day - 1000), row(3, now - 89 * day), row(4, now)]);
    expect(await new NotifyStore(env.DB).purge(now)).toBe(2);
    const { results } = await env.DB.prepare("SELECT subject_id FROM notify_sends ORDER BY subject_id").all();
    expect(results.map((r) => r.subject_id)).toEqual([3, 4]);
  });
});
