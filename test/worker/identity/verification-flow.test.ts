import { env } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { readConfig } from "../../../functions/env";
import { outcomeOf } from "../../../functions/identity/provider";
import { PortOneClient, type IdentityVerification } from "../../../functions/identity/portone";
import {
  createPortoneStandin,
  STANDIN_API_SECRET,
  STANDIN_CHANNEL_KEY,
  STANDIN_STORE_ID,
  type PersonaId,
  type PortoneStandin,
} from "../../../scripts/lib/portone-standin.mjs";
import { koIdentity } from "~/shared/messages/identity";
import { joinNew } from "../helpers/auth";
import { BEAUTY, PICKS } from "../helpers/request";
import { Shopper } from "../helpers/shopper";

/**
 * Issue 37 items 1–2 (decision 114): the verification flow through the whole Worker against the
 * PortOne stand-in's handler, and the server-side checks of adult-only (pid 30) and
 * identity-only (pid 8) goods on beauty.
 */

const ADULT = { pid2: 30, pid3: 3000 };
const IDENTITY = { pid2: 8, pid3: 800 };
const BASE = readConfig(env).PORTONE_API_BASE;

let standin: PortoneStandin;

beforeEach(() => {
  standin = createPortoneStandin();
  const network = globalThis.fetch;
  vi.spyOn(globalThis, "fetch").mockImplementation((input, init) => {
    const request = new Request(input, init);
    return request.url.startsWith(BASE) ? standin.handle(request) : network(input, init);
  });
});
afterEach(() => vi.restoreAllMocks());

/** Posts /identity/start as the page's form does; answers the verification id the page opens. */
async function start(
  shopper: Shopper,
  purpose: "adult" | "identity" = "adult",
  back = "/shop/view/30",
): Promise<string> {
  const res = await shopper.form("/identity/start", { purpose, return: back });
  expect(res.status).toBe(200);
  expect(res.headers.get("cache-control")).toContain("no-store");
  const id = /iv-[A-Za-z0-9_-]{22}/.exec(await res.text())?.[0];
  expect(id).toBeTruthy();
  return id!;
}

/** The stand-in's window, a persona pressed: the return address PortOne sends the browser to. */
async function pressWindow(id: string, persona: PersonaId | "cancel", host = BEAUTY): Promise<string> {
  const params = new URLSearchParams({
    storeId: STANDIN_STORE_ID,
    identityVerificationId: id,
    channelKey: STANDIN_CHANNEL_KEY,
    redirectUrl: `http://${host}/identity/return`,
  });
  expect((await standin.handle(`${BASE}/_standin/identity?${params}`)).status).toBe(200);
  params.set("persona", persona);
  const res = await standin.handle(`${BASE}/_standin/identity`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: params.toString(),
  });
  expect(res.status).toBe(303);
  const back = new URL(res.headers.get("location")!);
  return back.pathname + back.search;
}

async function verify(shopper: Shopper, persona: PersonaId, purpose: "adult" | "identity" = "adult") {
  const id = await start(shopper, purpose);
  const res = await shopper.fetch(await pressWindow(id, persona));
  return { id, res };
}

const row = (id: string) =>
  env.DB.prepare("SELECT * FROM identity_verifications WHERE id = ?").bind(id).first<Record<string, unknown>>();

const directOrder = (shopper: Shopper, line: { pid2: number; pid3: number }) =>
  shopper.api<{ order_id: number; error?: { code: string } }>("/api/myshp/make/my/order/v4", {
    list: [{ ...line, qty: 1 }],
    key: crypto.randomUUID(),
    direct: true,
  });

describe("a guest verifies as an adult and orders adult-only goods", () => {
  it("is refused before, at add to cart and the order sheet, and accepted after; the order keeps the verification", async () => {
    const shopper = new Shopper(BEAUTY);
    const refused = await shopper.add([ADULT]);
    expect(refused.status).toBe(403);
    expect(refused.data.error?.code).toBe("AGE19");
    expect((await directOrder(shopper, ADULT)).data.error?.code).toBe("AGE19");

    const { id, res } = await verify(shopper, "adult");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/shop/view/30?verified=1");
    expect(await row(id)).toMatchObject({ status: "VERIFIED", adult: 1, uid: null, device: shopper.device });

    expect((await shopper.add([ADULT])).status).toBe(200);
    const sheet = await shopper.order([{ ...ADULT, qty: 1 }]);
    expect(sheet.status).toBe(200);
    const paid = await shopper.pay(sheet.data.order_id);
    expect(paid.status).toBe(200);
    const order = await env.DB.prepare("SELECT identity_verification_id FROM orders WHERE id = ?")
      .bind(sheet.data.order_id)
      .first<{ identity_verification_id: string }>();
    expect(order!.identity_verification_id).toBe(id);
  });

  it("keeps neither CI nor DI-less CI in plain text anywhere in D1", async () => {
    for (const persona of ["adult", "noDi"] as const) {
      const shopper = new Shopper(BEAUTY);
      const { id } = await verify(shopper, persona);
      const v = await new PortOneClient(
        BASE,
        STANDIN_API_SECRET,
        standin.handle as typeof fetch,
      ).getIdentityVerification(id, STANDIN_STORE_ID);
      if (v.status !== "VERIFIED") throw new Error("expected VERIFIED");
      const kept = JSON.stringify(await row(id));
      expect(kept).not.toContain(v.verifiedCustomer.ci!);
      expect(kept).not.toContain(v.verifiedCustomer.name);
      expect(kept).not.toContain(v.verifiedCustomer.birthDate);
      expect(kept).toContain(persona === "noDi" ? "ci-hmac:" : "di:");
    }
  });
});

describe("a return is used once, by the browser and shop that started it", () => {
  it("refuses a replayed verification id", async () => {
    const shopper = new Shopper(BEAUTY);
    const id = await start(shopper);
    const back = await pressWindow(id, "adult");
    expect((await shopper.fetch(back)).status).toBe(302);
    const again = await shopper.fetch(back);
    expect(again.status).toBe(400);
    expect(await again.text()).toContain(koIdentity.expired);
  });

  it("refuses another browser's id and another shop's, and leaves it to its own browser", async () => {
    const shopper = new Shopper(BEAUTY);
    const id = await start(shopper);
    const back = await pressWindow(id, "adult");

    const stranger = new Shopper(BEAUTY);
    await stranger.add([{ pid2: 18, pid3: 1800 }]);
    const theirs = await stranger.fetch(back);
    expect(theirs.status).toBe(400);
    expect(await theirs.text()).toContain(koIdentity.foreign);

    // The same cookies on another shop's host: no such verification there.
    const elsewhere = Shopper.signedIn(PICKS, shopper.cookie);
    expect((await elsewhere.fetch(back)).status).toBe(400);

    expect((await row(id))!.status).toBe("READY");
    expect((await shopper.fetch(back)).status).toBe(302);
    expect((await shopper.add([ADULT])).status).toBe(200);
    expect((await stranger.add([ADULT])).status).toBe(403);
  });

  it("refuses an expired row", async () => {
    const shopper = new Shopper(BEAUTY);
    const id = await start(shopper);
    const back = await pressWindow(id, "adult");
    await env.DB.prepare("UPDATE identity_verifications SET expires_at = ? WHERE id = ?")
      .bind(Date.now() - 1, id)
      .run();
    const res = await shopper.fetch(back);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(koIdentity.expired);
    expect((await shopper.add([ADULT])).status).toBe(403);
  });

  it("takes any code on return as not verified, even when PortOne has it VERIFIED", async () => {
    const shopper = new Shopper(BEAUTY);
    const cancelled = await shopper.fetch(await pressWindow(await start(shopper), "cancel"));
    expect(cancelled.status).toBe(400);
    expect(await cancelled.text()).toContain(koIdentity.cancelledWith("").slice(0, 10));

    const id = await start(shopper);
    const forged = await shopper.fetch(`${await pressWindow(id, "adult")}&code=FAILURE_TYPE_PG&message=x`);
    expect(forged.status).toBe(400);
    expect((await row(id))!.status).toBe("FAILED");
    expect((await shopper.add([ADULT])).status).toBe(403);
  });
});

describe("a minor", () => {
  it("is told so in Korean and cannot buy adult-only goods; identity-only goods are open to them", async () => {
    const shopper = new Shopper(BEAUTY);
    const { id, res } = await verify(shopper, "minor");
    expect(res.status).toBe(403);
    expect(await res.text()).toContain(koIdentity.minor);
    expect(await row(id)).toMatchObject({ status: "VERIFIED", adult: 0 });
    expect((await shopper.add([ADULT])).data.error?.code).toBe("AGE19");
    expect((await directOrder(shopper, ADULT)).data.error?.code).toBe("AGE19");
    expect((await shopper.add([IDENTITY])).status).toBe(200);
  });
});

describe("a member", () => {
  it("is verified on the account for a year, and asked again when it lapses, also at payment", async () => {
    const account = await joinNew(BEAUTY);
    const member = Shopper.signedIn(BEAUTY, account.cookie);
    expect((await member.add([IDENTITY])).data.error?.code).toBe("AUTH_ONLY");
    const { id, res } = await verify(member, "adult");
    expect(res.status).toBe(302);
    const m = await env.DB.prepare(
      "SELECT adult_verified_at, adult_until, identity_until, identity_provider, identity_verification_id, identity_subject FROM members WHERE uid = ?",
    )
      .bind(account.uid)
      .first<Record<string, number | string>>();
    expect(m).toMatchObject({ identity_provider: "portone", identity_verification_id: id });
    expect(Number(m!.adult_until) - Number(m!.adult_verified_at)).toBe(365 * 24 * 60 * 60);
    expect(String(m!.identity_subject)).toMatch(/^di:/);

    expect((await member.add([ADULT, IDENTITY])).status).toBe(200);
    const sheet = await member.order([{ ...ADULT, qty: 1 }]);
    expect(sheet.status).toBe(200);
    // The year has passed before paying.
    await env.DB.prepare(
      "UPDATE members SET adult_until = unixepoch() - 1, identity_until = unixepoch() - 1 WHERE uid = ?",
    )
      .bind(account.uid)
      .run();
    expect((await member.pay(sheet.data.order_id)).data.error?.code).toBe("AGE19");
    expect((await member.add([IDENTITY])).data.error?.code).toBe("AUTH_ONLY");
  });
});

describe("the adult rule on Korea's calendar year, with the clock injected", () => {
  const record = (birthDate: string): IdentityVerification => ({
    status: "VERIFIED",
    id: "iv-test",
    verifiedCustomer: { name: "테스트", birthDate, di: "di-test", ci: "ci-test" },
  });
  /** 2025-12-31 23:59 and 2026-01-01 00:00 in Korea (UTC+9). */
  const DEC31_2359_KST = Date.UTC(2025, 11, 31, 14, 59);
  const JAN1_0000_KST = Date.UTC(2025, 11, 31, 15, 0);

  it("makes one born in 2007 an adult at 00:00 on 1 January 2026 in Korea, not a minute before", async () => {
    expect(await outcomeOf(record("2007-12-31"), DEC31_2359_KST, "k")).toMatchObject({ verified: true, adult: false });
    expect(await outcomeOf(record("2007-12-31"), JAN1_0000_KST, "k")).toMatchObject({ verified: true, adult: true });
    expect(await outcomeOf(record("2006-01-01"), DEC31_2359_KST, "k")).toMatchObject({ adult: true });
  });

  it("keeps DI, or only an HMAC of CI", async () => {
    expect((await outcomeOf(record("1990-01-01"), JAN1_0000_KST, "k")) as { subject: string }).toMatchObject({
      subject: "di:di-test",
    });
    const noDi = { ...record("1990-01-01"), verifiedCustomer: { name: "x", birthDate: "1990-01-01", ci: "ci-test" } };
    const kept = (await outcomeOf(noDi as IdentityVerification, JAN1_0000_KST, "k")) as { subject: string };
    expect(kept.subject).toMatch(/^ci-hmac:[0-9a-f]{64}$/);
    expect(kept.subject).not.toContain("ci-test");
  });
});
