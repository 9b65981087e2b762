import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { readConfig } from "../../../functions/env";
import {
  isAdultInKorea,
  koreanYear,
  PortOneClient,
  PortOneError,
  type IdentityVerification,
} from "../../../functions/identity/portone";
import {
  createPortoneStandin,
  STANDIN_API_SECRET,
  type PersonaId,
  type PortoneStandin,
} from "../../../scripts/lib/portone-standin.mjs";

/**
 * Issue 37, item 5: the stand-in for PortOne V2's identity verification, its window pressed as a
 * browser posts it and its API read by the storefront's client (functions/identity/portone.ts)
 * with the stand-in's handler as the fetcher. No server: everything goes through `handle`.
 */

const ORIGIN = readConfig(env).PORTONE_API_BASE;
const STORE = "store-test-0001";
const OTHER_STORE = "store-test-0002";
const SHOP = "http://beauty.localhost:3333";
/** 2025-12-31 23:59 and 2026-01-01 00:00 in Korea (UTC+9). */
const DEC31_2359_KST = Date.UTC(2025, 11, 31, 14, 59);
const JAN1_0000_KST = Date.UTC(2025, 11, 31, 15, 0);

let standin: PortoneStandin;
let clock: number;
const seen: string[] = [];
const handle = async (input: RequestInfo | URL, init?: RequestInit) => {
  const res = await standin.handle(input, init);
  seen.push(await res.clone().text(), JSON.stringify([...res.headers]));
  return res;
};
const client = (secret = STANDIN_API_SECRET) => new PortOneClient(ORIGIN, secret, handle as unknown as typeof fetch);

beforeEach(() => {
  clock = Date.UTC(2026, 4, 10, 3, 0);
  standin = createPortoneStandin({ now: () => clock });
});

let ids = 0;
const windowParams = (o: { id?: string; storeId?: string; redirectUrl?: string } = {}) =>
  new URLSearchParams({
    storeId: o.storeId ?? STORE,
    identityVerificationId: o.id ?? `iv-${Date.now()}-${++ids}`,
    channelKey: "channel-key-test",
    redirectUrl: o.redirectUrl ?? `${SHOP}/identity/return?from=order`,
  });

const open = (params: URLSearchParams) => handle(`${ORIGIN}/_standin/identity?${params}`);
const choose = (params: URLSearchParams, persona: PersonaId | "cancel") => {
  const form = new URLSearchParams(params);
  form.set("persona", persona);
  return handle(`${ORIGIN}/_standin/identity`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: form.toString(),
  });
};

/** Opens the window, picks a persona and reads the result as the Worker would. */
async function verify(persona: PersonaId, o: { storeId?: string } = {}) {
  const params = windowParams(o);
  expect((await open(params)).status).toBe(200);
  const res = await choose(params, persona);
  expect(res.status).toBe(303);
  const back = new URL(res.headers.get("location")!);
  const id = params.get("identityVerificationId")!;
  return { id, back, result: await client().getIdentityVerification(id, params.get("storeId")!) };
}

const verified = (v: IdentityVerification) => {
  if (v.status !== "VERIFIED") throw new Error(`expected VERIFIED, got ${v.status}`);
  return v.verifiedCustomer;
};

const refused = async (call: Promise<unknown>) => {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PortOneError);
  return error as PortOneError;
};

describe("the window", () => {
  it("serves the SDK, which sends the page to the window", async () => {
    const js = await (await handle(`${ORIGIN}/v2/browser-sdk.js`)).text();
    expect(js).toContain("requestIdentityVerification");
    expect(js).toContain(`${ORIGIN}/_standin/identity`);
  });

  it("shows the five personas and 취소 as plain form buttons, and creates the verification READY", async () => {
    const params = windowParams();
    const page = await (await open(params)).text();
    for (const label of ["성인", "올해 19세", "미성년자", "외국인", "DI 없음", "취소"]) expect(page).toContain(label);
    expect(page).toContain('<form method="post"');
    expect(page).not.toContain("<script");
    const ready = await client().getIdentityVerification(params.get("identityVerificationId")!, STORE);
    expect(ready.status).toBe("READY");
  });

  it("escapes what it is given", async () => {
    const page = await (await open(windowParams({ redirectUrl: `${SHOP}/r?x="><script>` }))).text();
    expect(page).not.toContain('"><script>');
  });

  it("refuses a missing or non-http redirectUrl", async () => {
    expect((await open(windowParams({ redirectUrl: "javascript:alert(1)" }))).status).toBe(400);
  });

  it("returns to redirectUrl with the id (its own query kept) and refuses to open a VERIFIED id again", async () => {
    const params = windowParams();
    await open(params);
    const res = await choose(params, "adult");
    const back = new URL(res.headers.get("location")!);
    expect(back.origin + back.pathname).toBe(`${SHOP}/identity/return`);
    expect(back.searchParams.get("from")).toBe("order");
    expect(back.searchParams.get("identityVerificationId")).toBe(params.get("identityVerificationId"));
    expect(back.searchParams.get("code")).toBeNull();
    expect((await open(params)).status).toBe(409);
    expect((await choose(params, "minor")).status).toBe(409);
  });

  it("a cancel returns with PortOne's failure code and message, and the verification is FAILED", async () => {
    const params = windowParams();
    await open(params);
    const back = new URL((await choose(params, "cancel")).headers.get("location")!);
    expect(back.searchParams.get("identityVerificationId")).toBe(params.get("identityVerificationId"));
    expect(back.searchParams.get("code")).toBe("FAILURE_TYPE_PG");
    expect(back.searchParams.get("message")).toContain("취소");
    const failed = await client().getIdentityVerification(params.get("identityVerificationId")!, STORE);
    expect(failed.status).toBe("FAILED");
  });

  it("a persona posted for a window never opened is refused", async () => {
    expect((await choose(windowParams(), "adult")).status).toBe(404);
  });
});

describe("the personas", () => {
  it("성인: adult by the Korean year, with CI and DI", async () => {
    const c = verified((await verify("adult")).result);
    expect(c.birthDate).toMatch(/^\d{4}-\d\d-\d\d$/);
    expect(isAdultInKorea(c.birthDate, clock)).toBe(true);
    expect(c.ci).toHaveLength(88);
    expect(c.di).toHaveLength(88);
    expect(c.isForeigner).toBe(false);
    expect(c.phoneNumber).toMatch(/^010\d{8}$/);
    expect(c.operator).toBe("SKT");
  });

  it("올해 19세: born 31 December of (this Korean year − 19), adult though not yet 19 by birthday", async () => {
    const c = verified((await verify("turns19")).result);
    expect(c.birthDate).toBe(`${koreanYear(clock) - 19}-12-31`);
    expect(isAdultInKorea(c.birthDate, clock)).toBe(true);
  });

  it("미성년자: not an adult", async () => {
    const c = verified((await verify("minor")).result);
    expect(isAdultInKorea(c.birthDate, clock)).toBe(false);
  });

  it("외국인: isForeigner", async () => {
    const c = verified((await verify("foreigner")).result);
    expect(c.isForeigner).toBe(true);
    expect(isAdultInKorea(c.birthDate, clock)).toBe(true);
  });

  it("DI 없음 (Inicis): CI but no DI", async () => {
    const c = verified((await verify("noDi")).result);
    expect(c.di ?? null).toBeNull();
    expect(c.ci).toHaveLength(88);
  });

  it("one person has the same CI in every store and a DI per store", async () => {
    const a = verified((await verify("adult", { storeId: STORE })).result);
    const b = verified((await verify("adult", { storeId: OTHER_STORE })).result);
    expect(b.ci).toBe(a.ci);
    expect(b.di).not.toBe(a.di);
    expect(verified((await verify("adult")).result).di).toBe(a.di);
  });
});

describe("the Korean-year boundary of 올해 19세", () => {
  it("on 31 December 23:59 KST the persona is born 19 years before that year, and adult", async () => {
    clock = DEC31_2359_KST;
    expect(koreanYear(clock)).toBe(2025);
    const c = verified((await verify("turns19")).result);
    expect(c.birthDate).toBe("2006-12-31");
    expect(isAdultInKorea(c.birthDate, clock)).toBe(true);
    // One born a year later is still a youth for one more minute …
    expect(isAdultInKorea("2007-01-01", clock)).toBe(false);
    // … and an adult from 1 January 00:00 KST, though in UTC it is still 31 December.
    expect(isAdultInKorea("2007-01-01", JAN1_0000_KST)).toBe(true);
    expect(new Date(JAN1_0000_KST).getUTCFullYear()).toBe(2025);
  });

  it("on 1 January 00:00 KST the persona is born in the next year", async () => {
    clock = JAN1_0000_KST;
    expect(koreanYear(clock)).toBe(2026);
    const c = verified((await verify("turns19")).result);
    expect(c.birthDate).toBe("2007-12-31");
    expect(isAdultInKorea(c.birthDate, clock)).toBe(true);
  });
});

describe("the API", () => {
  it("a wrong secret is 401 with PortOne's error body, a config error for the client", async () => {
    const { id } = await verify("adult");
    const res = await handle(`${ORIGIN}/identity-verifications/${id}`, { headers: { authorization: "PortOne wrong" } });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ type: "UNAUTHORIZED", message: expect.any(String) });
    const error = await refused(client("wrong-secret").getIdentityVerification(id, STORE));
    expect(error.kind).toBe("config");
    expect(error.message).not.toContain("wrong-secret");
    const none = await handle(`${ORIGIN}/identity-verifications/${id}`);
    expect(none.status).toBe(401);
  });

  it("an unknown id is 404 IDENTITY_VERIFICATION_NOT_FOUND", async () => {
    const res = await handle(`${ORIGIN}/identity-verifications/iv-nobody`, {
      headers: { authorization: `PortOne ${STANDIN_API_SECRET}` },
    });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ type: "IDENTITY_VERIFICATION_NOT_FOUND" });
    const error = await refused(client().getIdentityVerification("iv-nobody"));
    expect(error.kind).toBe("not_found");
    expect(error.type).toBe("IDENTITY_VERIFICATION_NOT_FOUND");
  });

  it("another store's id is not found for this store", async () => {
    const { id } = await verify("adult", { storeId: OTHER_STORE });
    expect((await refused(client().getIdentityVerification(id, STORE))).kind).toBe("not_found");
  });

  it("a 5xx or an unreadable answer is unavailable", async () => {
    const broken = new PortOneClient(
      ORIGIN,
      STANDIN_API_SECRET,
      (async () => new Response("<html>", { status: 502 })) as unknown as typeof fetch,
    );
    expect((await refused(broken.getIdentityVerification("iv-1"))).kind).toBe("unavailable");
  });

  it("no answer carries the secret", () => {
    for (const text of seen) expect(text).not.toContain(STANDIN_API_SECRET);
  });
});
