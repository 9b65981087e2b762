import { env } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createSolapiStandin, type SolapiStandin } from "../../../scripts/lib/solapi-standin.mjs";
import { NotifyStore } from "../../../functions/db/notify";
import { OrderStore } from "../../../functions/db/orders";
import { ShopStore } from "../../../functions/db/shops";
import { readConfig } from "../../../functions/env";
import { Log } from "../../../functions/log";
import { Notifier } from "../../../functions/notify/notify";
import { SolapiClient, solapiAuthorization, solapiSignature } from "../../../functions/notify/solapi";
import { toShopInfo } from "../../../functions/views/shop";
import { BEAUTY_OWNER, login } from "../helpers/auth";
import { BEAUTY, PICKS } from "../helpers/request";
import { ADDRESS, Shopper } from "../helpers/shopper";

/** Issue 40 item 4, decision 131: 알림톡 with SMS fallback through SOLAPI. */

const config = readConfig(env);
const BUYER = "01055557777";

let standin: SolapiStandin;
/** Answers from the stand-in, one by one, before it answers itself (a 5xx, a refusal …). */
let faults: (() => Response)[];

beforeEach(async () => {
  standin = createSolapiStandin();
  faults = [];
  const network = globalThis.fetch;
  vi.spyOn(globalThis, "fetch").mockImplementation((input, init) => {
    const request = new Request(input, init);
    if (!request.url.startsWith(config.SOLAPI_API_BASE)) return network(input, init);
    const fault = faults.shift();
    return fault ? Promise.resolve(fault()) : standin.handle(request);
  });
  await env.DB.batch([
    env.DB.prepare("DELETE FROM notify_sends"),
    env.DB.prepare("DELETE FROM shop_notify_settings"),
    env.DB.prepare("DELETE FROM order_notify_consents"),
  ]);
});
afterEach(() => vi.restoreAllMocks());

const shopInfo = async (id: number) => toShopInfo((await new ShopStore(env.DB).byId(id))!, config.PLATFORM_DOMAIN);
const notifier = () => new Notifier(new NotifyStore(env.DB), config, new Log("test"));

/** A guest's bank-transfer order on beauty, paid through the API with the given extra fields. */
async function guestOrder(extra: Record<string, string> = {}, host = BEAUTY) {
  const guest = new Shopper(host);
  guest.ip = `198.51.100.${Math.floor(Math.random() * 200) + 1}`;
  await guest.add([{ pid2: 13, pid3: 1300 }]);
  const id = (await guest.order([{ pid2: 13, pid3: 1300, qty: 1 }])).data.order_id;
  const paid = await guest.pay(id, { orderer_phone: "010-5555-7777", email: "", ...extra });
  expect(paid.status).toBe(200);
  return id;
}

const rows = () =>
  env.DB.prepare("SELECT * FROM notify_sends ORDER BY id").all<{
    kind: string;
    shop_id: number;
    phone: string;
    status: string;
    attempts: number;
    subject_id: number;
    text: string;
    sent_as: string | null;
  }>();

describe("the SOLAPI client", () => {
  it("signs as SOLAPI documents: hex HMAC-SHA256 of date + salt keyed by the secret", async () => {
    // Computed apart from this code (Python's hmac with the same three strings).
    expect(await solapiSignature("secret", "2019-07-01T00:41:48Z", "jqsba2jxjnrjor")).toBe(
      "4297539ca79c85dd83b60cbddae60942710223ddcafc4bf02275193a649057ce",
    );
    expect(await solapiAuthorization("KEY", "secret", "2019-07-01T00:41:48Z", "jqsba2jxjnrjor")).toBe(
      "HMAC-SHA256 apiKey=KEY, date=2019-07-01T00:41:48Z, salt=jqsba2jxjnrjor, signature=4297539ca79c85dd83b60cbddae60942710223ddcafc4bf02275193a649057ce",
    );
  });

  it("is taken by the stand-in; a wrong secret is refused and never shown", async () => {
    const message = {
      to: BUYER,
      templateId: "KA01TP_PAID",
      variables: { "#{shop}": "뷰티", "#{order}": "1", "#{amount}": "1원" },
      text: "t",
    };
    const good = await new SolapiClient(config).send(message);
    expect(good).toMatchObject({ ok: true, sentAs: "ATA" });
    const bad = await new SolapiClient({ ...config, SOLAPI_API_SECRET: "not-the-secret-value" }).send(message);
    expect(bad).toMatchObject({ ok: false, retry: false });
    expect(JSON.stringify(bad)).toContain("SignatureDoesNotMatch");
    expect(JSON.stringify(bad)).not.toContain("not-the-secret-value");
    // No KakaoTalk on the phone: SOLAPI's text-message fallback.
    expect(await new SolapiClient(config).send({ ...message, to: "01099990000" })).toMatchObject({ ok: true });
    expect(standin.sent.at(-1)).toMatchObject({ to: "01099990000", type: "LMS", fallback: true });
  });
});

describe("알림톡 for orders", () => {
  it("a guest who ticks the box gets the transfer account; the owner with a number gets the new order", async () => {
    await new NotifyStore(env.DB).saveSettings(
      1,
      {
        owner_phone: "01012340000",
        kinds: {
          account: true,
          paid: true,
          shipped: true,
          answer: true,
          new_order: true,
          new_message: true,
          payment_canceled: true,
        },
      },
      Date.now(),
    );
    const id = await guestOrder({ agree_notify: "on" });
    await vi.waitFor(() => expect(standin.sent).toHaveLength(2), { timeout: 10_000 });
    const record = (await new OrderStore(env.DB).getForShop(1, id))!;
    const toBuyer = standin.sent.find((m) => m.to === BUYER)!;
    expect(toBuyer.templateId).toBe("KA01TP_ACCOUNT");
    expect(toBuyer.text).toContain(record.payment!.bank_account!);
    expect(toBuyer.text).toContain(record.payment!.bank_holder!);
    expect(standin.sent.find((m) => m.to === "01012340000")?.templateId).toBe("KA01TP_NEW_ORDER");
    await vi.waitFor(async () =>
      expect((await rows()).results.map((r) => [r.kind, r.status, r.attempts])).toEqual([
        ["account", "sent", 1],
        ["new_order", "sent", 1],
      ]),
    );
  });

  it("without the buyer's consent nothing goes to the buyer", async () => {
    const id = await guestOrder();
    const record = (await new OrderStore(env.DB).getForShop(1, id))!;
    await notifier().order("placed", record, await shopInfo(1));
    await notifier().order("paid", record, await shopInfo(1));
    expect(standin.sent).toHaveLength(0);
    expect((await rows()).results).toHaveLength(0);
  });

  it("records once: the same moment twice sends one message", async () => {
    const id = await guestOrder({ agree_notify: "on" });
    await vi.waitFor(() => expect(standin.sent).toHaveLength(1), { timeout: 10_000 });
    const record = (await new OrderStore(env.DB).getForShop(1, id))!;
    const shop = await shopInfo(1);
    await Promise.all([notifier().order("placed", record, shop), notifier().order("placed", record, shop)]);
    expect(standin.sent).toHaveLength(1);
    expect((await rows()).results).toHaveLength(1);
  });

  it("a kind the shop switched off is not sent", async () => {
    await new NotifyStore(env.DB).saveSettings(
      1,
      {
        owner_phone: "01012340000",
        kinds: {
          account: false,
          paid: true,
          shipped: true,
          answer: true,
          new_order: false,
          new_message: true,
          payment_canceled: true,
        },
      },
      Date.now(),
    );
    const id = await guestOrder({ agree_notify: "on" });
    const record = (await new OrderStore(env.DB).getForShop(1, id))!;
    await notifier().order("placed", record, await shopInfo(1));
    expect(standin.sent).toHaveLength(0);
    expect((await rows()).results).toHaveLength(0);
  });

  it("a failed send is retried by the scheduled job, at most three attempts in all", async () => {
    faults.push(() => new Response(JSON.stringify({ errorCode: "InternalError" }), { status: 500 }));
    const id = await guestOrder({ agree_notify: "on" });
    await vi.waitFor(async () => expect((await rows()).results[0]).toMatchObject({ status: "failed", attempts: 1 }), {
      timeout: 10_000,
    });
    expect(standin.sent).toHaveLength(0);
    faults.push(
      () => new Response("{}", { status: 503 }),
      () => new Response("{}", { status: 503 }),
    );
    expect(await notifier().retry()).toEqual({ retried: 1, sent: 0 });
    expect(await notifier().retry()).toEqual({ retried: 1, sent: 0 });
    // Three attempts made: no fourth, though the provider would now take it.
    expect(await notifier().retry()).toEqual({ retried: 0, sent: 0 });
    expect((await rows()).results[0]).toMatchObject({ status: "failed", attempts: 3, subject_id: id });
    expect(standin.sent).toHaveLength(0);
  });

  it("a retry that succeeds marks the send sent and never sends it again", async () => {
    faults.push(() => new Response("{}", { status: 502 }));
    await guestOrder({ agree_notify: "on" });
    await vi.waitFor(async () => expect((await rows()).results[0]).toMatchObject({ status: "failed" }), {
      timeout: 10_000,
    });
    expect(await notifier().retry()).toEqual({ retried: 1, sent: 1 });
    expect(await notifier().retry()).toEqual({ retried: 0, sent: 0 });
    expect(standin.sent).toHaveLength(1);
    expect((await rows()).results[0]).toMatchObject({ status: "sent", attempts: 2, sent_as: "ATA" });
  });

  it("another shop's consent, switches and owner number are never used", async () => {
    // beauty's owner has a number and every kind on; the order is picks' (shop 2), whose own has none.
    await new NotifyStore(env.DB).saveSettings(
      1,
      {
        owner_phone: "01012340000",
        kinds: {
          account: true,
          paid: true,
          shipped: true,
          answer: true,
          new_order: true,
          new_message: true,
          payment_canceled: true,
        },
      },
      Date.now(),
    );
    const id = await guestOrder({ agree_notify: "on" });
    const record = (await new OrderStore(env.DB).getForShop(1, id))!;
    await vi.waitFor(() => expect(standin.sent).toHaveLength(2), { timeout: 10_000 });
    // The same order id read as if it were another shop's: that shop has no consent for it, no owner number.
    const picks = await shopInfo(2);
    await notifier().order("placed", { ...record, order: { ...record.order, shop_id: 2 } }, picks);
    await notifier().order("paid", { ...record, order: { ...record.order, shop_id: 2 } }, picks);
    expect(standin.sent).toHaveLength(2);
    expect((await rows()).results.every((r) => r.shop_id === 1)).toBe(true);
    // picks' console shows only picks' sends and settings.
    const owner = Shopper.signedIn(PICKS, await login(PICKS, "owner@picks.example.test"));
    const seen = await owner.api<{ owner_phone: string | null; sends: unknown[] }>("/api/myshp/admin/notify");
    expect(seen.status).toBe(200);
    expect(seen.data).toMatchObject({ owner_phone: null, sends: [] });
  });

  it("the console saves the owner's number as digits and refuses one that is not a mobile number", async () => {
    const owner = Shopper.signedIn(BEAUTY, await login(BEAUTY, BEAUTY_OWNER));
    const saved = await owner.api("/api/myshp/admin/notify/save", { owner_phone: "010-1234-0000", new_order: true });
    expect(saved.status).toBe(200);
    expect(await new NotifyStore(env.DB).settings(1)).toMatchObject({
      owner_phone: "01012340000",
      kinds: { new_order: true, account: false },
    });
    const refused = await owner.api("/api/myshp/admin/notify/save", { owner_phone: "02-123-4567" });
    expect(refused.status).toBe(400);
    const stranger = new Shopper(BEAUTY);
    expect((await stranger.api("/api/myshp/admin/notify")).status).toBe(401);
  });

  it("the order sheet's box is unticked, and the form post records the consent only when ticked", async () => {
    const guest = new Shopper(BEAUTY);
    await guest.add([{ pid2: 13, pid3: 1300 }]);
    const id = (await guest.order([{ pid2: 13, pid3: 1300, qty: 1 }])).data.order_id;
    const page = await (await guest.fetch(`/user/order?id=${id}`)).text();
    const box = /<input[^>]*name="agree_notify"[^>]*>/.exec(page)?.[0];
    expect(box).toBeDefined();
    expect(box).not.toContain("checked");
    const res = await guest.form(`/user/order?id=${id}`, {
      ...ADDRESS,
      orderer_phone: "010-5555-7777",
      pay_method: "bank",
      intent: "pay",
      agree_notify: "on",
    });
    expect(res.status).toBeLessThan(400);
    expect(await new NotifyStore(env.DB).consent(1, id)).toBe(BUYER);
    await vi.waitFor(() => expect(standin.sent.map((m) => m.templateId)).toEqual(["KA01TP_ACCOUNT"]), {
      timeout: 10_000,
    });
  });
});
