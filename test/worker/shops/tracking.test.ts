import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { BEAUTY, STUDIO_CUSTOM } from "../helpers/request";
import { Shopper } from "../helpers/shopper";
import { login } from "../helpers/auth";
import { trackingCsp, trackingIds } from "~/shared/tracking";
import { TrackingIdsBody } from "~/shared/forms/admin";
import { ServerEventStore, MAX_EVENT_ATTEMPTS, type ServerEventRow } from "../../../functions/db/server-events";
import { HttpEventSink, deliverEvent, retryServerEvents } from "../../../functions/events/provider";
import { gaClientId } from "~/lib/server-events.server";
import { koAdmin } from "~/shared/messages/admin";
import { koTrackingErrors } from "~/shared/messages/tracking";

/** Issue 14, points 2 and 3: the shop's tags, the shopper's consent, and server-side events. */

const MUG = { pid2: 401, pid3: 40101 }; // studio's mug, 28,000원
const PIXEL = "100000000000001";

type EventAnswer = { event_id: string; status: string; duplicate: boolean; error?: { code: string; message: string } };

function consenting(host = STUDIO_CUSTOM): Shopper {
  const shopper = new Shopper(host);
  shopper.cookies.set("mkt_consent", "granted");
  shopper.cookies.set("_fbp", "fb.1.1700000000000.1234567890");
  shopper.cookies.set("_ga", "GA1.1.987654321.1700000000");
  shopper.ip = "203.0.113.77";
  return shopper;
}

/** A placed (bank transfer chosen) order of one mug on studio. */
async function placedOrder(shopper: Shopper, qty = 2): Promise<number> {
  await shopper.add([{ ...MUG, qty }]);
  const made = await shopper.order([{ ...MUG, qty }]);
  expect(made.status, JSON.stringify(made.data)).toBe(200);
  expect((await shopper.pay(made.data.order_id)).status).toBe(200);
  return made.data.order_id;
}

const rowsOf = (eventId: string) =>
  env.DB.prepare("SELECT * FROM server_events WHERE event_id = ?").bind(eventId).all<ServerEventRow>();

/** The row a page's waitUntil writes after the response: waited for, briefly. */
async function eventuallyRow(eventId: string): Promise<ServerEventRow | undefined> {
  for (let i = 0; i < 100; i++) {
    const row = (await rowsOf(eventId)).results[0];
    if (row) return row;
    await new Promise((r) => setTimeout(r, 20));
  }
  return undefined;
}

describe("the shop's tag ids", () => {
  it("keeps only ids that match their provider's pattern", () => {
    expect(
      trackingIds({
        facebook_pixel: PIXEL,
        facebook_moco_pixel: '1"><script>alert(1)</script>',
        g_tagid: "G-DEMO00001",
        agency_g_tagid: "g-lowercase1",
        agency_gtag_id: "AW-123456789",
      }),
    ).toEqual({ pixels: [PIXEL], gtags: ["G-DEMO00001", "AW-123456789"] });
    expect(trackingIds({ facebook_pixel: "123", g_tagid: "UA-1234-1" })).toBeNull();
    expect(trackingIds({})).toBeNull();
    // Only the configured kind's origins join the policy.
    expect(trackingCsp({ pixels: [PIXEL], gtags: [] }).script).toEqual(["https://connect.facebook.net"]);
    expect(trackingCsp(null).script).toEqual([]);
  });

  it("the owner's form normalises spaces and case, and says in Korean what is wrong", () => {
    const ok = TrackingIdsBody.safeParse({
      facebook_pixel: " 1000 0000 0000 001 ",
      g_tagid: "g-demo00001",
      agency_g_tagid: "",
    });
    expect(ok.success && ok.data).toEqual({
      facebook_pixel: "100000000000001",
      facebook_moco_pixel: null,
      g_tagid: "G-DEMO00001",
      agency_g_tagid: null,
      agency_gtag_id: null,
    });
    const bad = TrackingIdsBody.safeParse({ facebook_pixel: "abc", g_tagid: "UA-12345-1" });
    expect(bad.success).toBe(false);
    const messages = bad.error!.issues.map((i) => i.message);
    expect(messages).toContain(koAdmin.errors.pixel);
    expect(messages.some((m) => m.startsWith("구글 태그 ID는"))).toBe(true);
  });

  it("a shop with tags allows their origins in its pages' policy; a shop without has none", async () => {
    const studio = await new Shopper(STUDIO_CUSTOM).fetch("/");
    const csp = studio.headers.get("content-security-policy")!;
    expect(csp).toMatch(/script-src [^;]*https:\/\/connect\.facebook\.net/);
    expect(csp).toMatch(/script-src [^;]*https:\/\/www\.googletagmanager\.com/);
    expect(csp).toMatch(/connect-src [^;]*https:\/\/\*\.google-analytics\.com/);
    const html = await studio.text();
    // The ids reach the page's data; the consent bar and the tags are the browser's to add.
    expect(html).toContain(PIXEL);
    expect(html).toContain('\\"pixels\\"');
    expect(html).not.toContain("connect.facebook.net/en_US/fbevents.js");
    // The consent bar is in the page as sent: no late paint, and a form without scripts.
    expect(html).toContain('data-testid="consent-bar"');
    expect(html).toContain('action="/consent"');
    const beauty = await new Shopper(BEAUTY).fetch("/");
    expect(beauty.headers.get("content-security-policy")).not.toContain("facebook");
    expect(beauty.headers.get("content-security-policy")).not.toContain("googletagmanager");
    expect(await beauty.text()).not.toContain('\\"pixels\\"');
  });

  it("asks only until answered, never on data saver, and takes the answer as a plain form", async () => {
    const answered = new Shopper(STUDIO_CUSTOM);
    answered.cookies.set("mkt_consent", "denied");
    expect(await (await answered.fetch("/")).text()).not.toContain('data-testid="consent-bar"');
    const saver = await new Shopper(STUDIO_CUSTOM).fetch("/", { headers: { "save-data": "on" } });
    expect(await saver.text()).not.toContain('data-testid="consent-bar"');

    const shopper = new Shopper(STUDIO_CUSTOM);
    const yes = await shopper.form("/consent", { consent: "granted", back: "/shop/view/s0001?x=1" });
    expect(yes.status).toBe(303);
    expect(yes.headers.get("location")).toBe("/shop/view/s0001?x=1");
    // Host-only, a year, readable by the page's own script (it writes the same cookie).
    expect(yes.headers.getSetCookie()).toContain("mkt_consent=granted; Max-Age=31536000; Path=/; SameSite=Lax");
    expect(await (await shopper.fetch("/")).text()).not.toContain('data-testid="consent-bar"');

    shopper.cookies.set("_fbp", "fb.1.1.1");
    const no = await shopper.form("/consent", { consent: "denied", back: "//evil.example/" });
    expect(no.headers.get("location")).toBe("/");
    expect(no.headers.getSetCookie()).toContain("mkt_consent=denied; Max-Age=31536000; Path=/; SameSite=Lax");
    expect(no.headers.getSetCookie()).toContain("_fbp=; Max-Age=0; Path=/");
    const reset = await shopper.form("/consent", { consent: "reset", back: "/" });
    expect(reset.headers.getSetCookie()).toContain("mkt_consent=; Max-Age=0; Path=/; SameSite=Lax");
    expect((await shopper.form("/consent", { consent: "maybe" })).status).toBe(400);
  });

  it("reads the Google Analytics client id from the _ga cookie", () => {
    expect(gaClientId("a=1; _ga=GA1.1.987654321.1700000000")).toBe("987654321.1700000000");
    expect(gaClientId("_ga=bogus")).toBe("");
    expect(gaClientId(null)).toBe("");
  });
});

describe("server events (POST /api/ext/dom/sync/event)", () => {
  it("sends a placed order's purchase once, from the stored order, with the browser's event id", async () => {
    const shopper = consenting();
    const id = await placedOrder(shopper);
    const path = `/api/ext/dom/sync/event?client_id=987654321.1700000000&event=purchase&order_id=${id}`;
    const first = await shopper.api<EventAnswer>(path, {});
    expect(first.status).toBe(200);
    // No endpoint configured: kept here as logged, not silently dropped.
    expect(first.data).toEqual({ event_id: `purchase-${id}`, status: "logged", duplicate: false });
    const again = await shopper.api<EventAnswer>(path, { event_id: "something-else-1234" });
    expect(again.data).toEqual({ event_id: `purchase-${id}`, status: "logged", duplicate: true });
    const { results } = await rowsOf(`purchase-${id}`);
    expect(results).toHaveLength(1);
    const payload = JSON.parse(results[0]!.payload);
    expect(payload).toMatchObject({
      event_name: "purchase",
      action_source: "website",
      destinations: { pixels: [PIXEL], gtags: ["G-DEMO00001"] },
      user_data: {
        fbp: "fb.1.1700000000000.1234567890",
        client_ip_address: "203.0.113.77",
        ga_client_id: "987654321.1700000000",
      },
      custom_data: {
        currency: "KRW",
        value: 56000,
        shipping: 0,
        order_id: String(id),
        contents: [{ id: expect.any(String), quantity: 2, item_price: 28000 }],
        num_items: 2,
      },
    });
    // The stored order's value, whatever a caller would claim.
    const order = await env.DB.prepare("SELECT total_price FROM orders WHERE id = ?")
      .bind(id)
      .first<{ total_price: number }>();
    expect(payload.custom_data.value).toBe(order!.total_price);
  });

  it("refuses without consent, for a shop without tags, for another's order and for an unplaced sheet", async () => {
    const shopper = consenting();
    const id = await placedOrder(shopper, 1);
    const path = `/api/ext/dom/sync/event?event=purchase&order_id=${id}`;

    const undecided = new Shopper(STUDIO_CUSTOM);
    undecided.cookies.set("uuid_value", shopper.cookies.get("uuid_value")!);
    const noConsent = await undecided.api<EventAnswer>(path, {});
    expect(noConsent.status).toBe(403);
    expect(noConsent.data.error).toMatchObject({
      code: "NO_CONSENT",
      message: koTrackingErrors.noConsent,
    });
    shopper.cookies.set("mkt_consent", "denied");
    expect((await shopper.api<EventAnswer>(path, {})).status).toBe(403);
    shopper.cookies.set("mkt_consent", "granted");

    const stranger = consenting();
    await stranger.add([MUG]);
    const foreign = await stranger.api<EventAnswer>(path, {});
    expect(foreign.status).toBe(404);

    const beauty = consenting(BEAUTY);
    const off = await beauty.api<EventAnswer>(`/api/ext/dom/sync/event?event=purchase&order_id=${id}`, {});
    expect(off.status).toBe(409);
    expect(off.data.error!.code).toBe("TRACKING_OFF");

    await shopper.add([{ ...MUG, qty: 1 }]);
    const sheet = await shopper.order([{ ...MUG, qty: 1 }]);
    expect(sheet.status).toBe(200);
    const unplaced = await shopper.api<EventAnswer>(
      `/api/ext/dom/sync/event?event=purchase&order_id=${sheet.data.order_id}`,
      {},
    );
    expect(unplaced.status).toBe(409);
    expect(unplaced.data.error!.code).toBe("NOT_PLACED");
    expect((await rowsOf(`purchase-${sheet.data.order_id}`)).results).toHaveLength(0);
  });

  it("prices an add-to-cart from the catalogue, refuses another shop's product, and caps each shopper", async () => {
    const shopper = consenting();
    await shopper.add([MUG]);
    const eventId = `atc-${crypto.randomUUID()}`;
    const added = await shopper.api<EventAnswer>("/api/ext/dom/sync/event?event=add_to_cart", {
      event_id: eventId,
      items: [{ ...MUG, qty: 3 }],
    });
    expect(added.data).toEqual({ event_id: eventId, status: "logged", duplicate: false });
    const payload = JSON.parse((await rowsOf(eventId)).results[0]!.payload);
    expect(payload.custom_data).toMatchObject({ value: 84000, num_items: 3 });

    const foreign = await shopper.api<EventAnswer>("/api/ext/dom/sync/event?event=add_to_cart", {
      event_id: `atc-${crypto.randomUUID()}`,
      items: [{ pid2: 13, pid3: 1300, qty: 1 }], // beauty's
    });
    expect(foreign.status).toBe(400);
    expect(foreign.data.error!.code).toBe("INVALID_PRODUCT");
    const noId = await shopper.api<EventAnswer>("/api/ext/dom/sync/event?event=add_to_cart", { items: [MUG] });
    expect(noId.status).toBe(400);

    // Past 60 in an hour nothing more is recorded for this shopper.
    const owner = (await rowsOf(eventId)).results[0]!.owner;
    const now = Date.now();
    await env.DB.batch(
      Array.from({ length: 59 }, (_, i) =>
        env.DB.prepare(
          "INSERT INTO server_events (shop_id, event_id, event, owner, payload, status, next_at, created_at) VALUES (4, ?, 'add_to_cart', ?, '{}', 'logged', ?, ?)",
        ).bind(`filler-${eventId}-${i}`, owner, now, now),
      ),
    );
    const capped = await shopper.api<EventAnswer>("/api/ext/dom/sync/event?event=add_to_cart", {
      event_id: `atc-${crypto.randomUUID()}`,
      items: [MUG],
    });
    expect(capped.status).toBe(429);
  });

  it("the completion page sends the purchase after the response, only with consent", async () => {
    const shopper = consenting();
    const id = await placedOrder(shopper, 1);
    const page = await shopper.fetch(`/user/order_complete?id=${id}`);
    expect(page.status).toBe(200);
    const row = await eventuallyRow(`purchase-${id}`);
    expect(row).toMatchObject({ event: "purchase", status: "logged", order_id: id });
    // The address without its query: a guest's carries their device id.
    expect(JSON.parse(row!.payload).event_source_url).toBe(`http://${STUDIO_CUSTOM}/user/order_complete`);

    const private_ = new Shopper(STUDIO_CUSTOM);
    const other = await placedOrder(private_, 1);
    expect((await private_.fetch(`/user/order_complete?id=${other}`)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
    expect((await rowsOf(`purchase-${other}`)).results).toHaveLength(0);
  });

  it("장바구니 담기 answers with the event id the server's add-to-cart carries", async () => {
    const shopper = consenting();
    await shopper.fetch("/");
    const res = await shopper.form("/shop/view/s0001.data", { pid2: "401", option: "40101", qty: "1", js: "1" });
    expect(res.status).toBe(200);
    const body = await res.text();
    expect(body).toContain("eventId");
    const eventId = /"([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})"/.exec(body)![1]!;
    expect(await eventuallyRow(eventId)).toMatchObject({ event: "add_to_cart", status: "logged" });
    // Without consent: the same answer, and no server event.
    const undecided = new Shopper(STUDIO_CUSTOM);
    const plain = await undecided.form("/shop/view/s0001.data", { pid2: "401", option: "40101", qty: "1", js: "1" });
    const otherId = /"([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})"/.exec(await plain.text())![1]!;
    await new Promise((r) => setTimeout(r, 300));
    expect((await rowsOf(otherId)).results).toHaveLength(0);
  });
});

describe("handing events over", () => {
  async function pendingRow(): Promise<{ store: ServerEventStore; row: ServerEventRow }> {
    const store = new ServerEventStore(env.DB);
    const row = await store.add(
      {
        shopId: 4,
        eventId: `purchase-test-${crypto.randomUUID()}`,
        event: "purchase",
        owner: "d:test",
        orderId: null,
        payload: JSON.stringify({ custom_data: { value: 1000 } }),
      },
      Date.now(),
    );
    return { store, row: row! };
  }

  it("posts to the configured endpoint with the token; a failure is retried later, then given up", async () => {
    const seen: { url: string; auth: string | null; body: Record<string, unknown> }[] = [];
    let answer = 500;
    const sink = new HttpEventSink("https://events.example.test/in", "secret-token", async (input, init) => {
      seen.push({
        url: String(input),
        auth: new Headers(init?.headers).get("authorization"),
        body: JSON.parse(String(init?.body)),
      });
      return new Response("no", { status: answer });
    });
    const { store, row } = await pendingRow();
    const t0 = Date.now();
    await deliverEvent(store, sink, row, t0);
    let after = (await store.byEventId(4, row.event_id))!;
    expect(after).toMatchObject({ status: "pending", attempts: 1 });
    expect(after.last_error).toContain("500");
    expect(after.next_at).toBe(t0 + 60_000);
    expect(seen[0]).toMatchObject({
      url: "https://events.example.test/in",
      auth: "Bearer secret-token",
      body: { shop_id: 4, event: "purchase", event_id: row.event_id, custom_data: { value: 1000 } },
    });

    // Not due yet: the scheduled job leaves it.
    await retryServerEvents(store, sink, t0 + 30_000);
    expect(seen).toHaveLength(1);
    // Due: tried again, and the endpoint takes it.
    answer = 200;
    await retryServerEvents(store, sink, t0 + 61_000);
    after = (await store.byEventId(4, row.event_id))!;
    expect(after).toMatchObject({ status: "sent", attempts: 2, last_error: null });

    // An endpoint that keeps failing: given up after the last attempt, still listed.
    answer = 503;
    const { row: doomed } = await pendingRow();
    for (let i = 0; i < MAX_EVENT_ATTEMPTS; i++)
      await deliverEvent(store, sink, (await store.byEventId(4, doomed.event_id))!, t0);
    expect(await store.byEventId(4, doomed.event_id)).toMatchObject({ status: "failed", attempts: MAX_EVENT_ATTEMPTS });
  });

  it("the owner sets the ids from the console and sees the events; nobody else can", async () => {
    const owner = Shopper.signedIn(STUDIO_CUSTOM, await login(STUDIO_CUSTOM, "owner@studio.example.test"));
    const page = await owner.fetch("/admin/marketing");
    expect(page.status).toBe(200);
    const html = (await page.text()).replace(/<!-- -->/g, "");
    expect(html).toContain(koAdmin.marketing.title);
    expect(html).toContain(`value="${PIXEL}"`);
    expect(html).toContain(koAdmin.marketing.statuses.logged);

    const bad = await owner.form("/admin/marketing", { facebook_pixel: "12ab", g_tagid: "G-DEMO00001" });
    expect(bad.status).toBe(400);
    expect((await bad.text()).replace(/<!-- -->/g, "")).toContain(koAdmin.errors.pixel);

    const saved = await owner.form("/admin/marketing", {
      facebook_pixel: PIXEL,
      facebook_moco_pixel: "",
      g_tagid: "g-demo00001",
      agency_g_tagid: "",
      agency_gtag_id: "AW-1234567890",
    });
    expect(saved.status).toBe(303);
    const stored = await env.DB.prepare("SELECT g_tagid, agency_gtag_id FROM shops WHERE id = 4").first();
    expect(stored).toEqual({ g_tagid: "G-DEMO00001", agency_gtag_id: "AW-1234567890" });

    const shopper = Shopper.signedIn(STUDIO_CUSTOM, await login(STUDIO_CUSTOM));
    expect((await shopper.fetch("/admin/marketing")).status).toBe(404);
    expect((await shopper.api("/api/myshp/admin/events")).status).toBe(403);
    expect((await shopper.api("/api/myshp/admin/tracking", { facebook_pixel: "99999999" })).status).toBe(403);
    await env.DB.prepare("UPDATE shops SET agency_gtag_id = NULL WHERE id = 4").run();
  });
});
