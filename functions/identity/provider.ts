/**
 * Identity and adult verification (본인인증 / 성인인증) through PortOne V2's identity verification:
 * one platform contract, the shop is not involved (issue 37, decision 114). The window is opened
 * by PortOne's browser SDK; the result is always read from PortOne by id on the server.
 */
import { hmacSha256Hex } from "./subject";
import { PortOneClient, isAdultInKorea, type IdentityVerification } from "./portone";
import type { Config } from "../env";
import type { IdentityOutcome } from "../db/identity";
import { MemberStore, type Verification } from "../db/members";
import type { Db } from "../db/session";

export type { IdentityPurpose as VerificationPurpose } from "../db/identity";
export { isAdultInKorea };

export type IdentityProvider = {
  readonly name: "portone";
  client: PortOneClient;
  storeId: string;
  channelKey: string;
  sdkUrl: string;
  subjectSecret: string;
};

/** The configured provider, or null when its secret, store or channel is missing. */
export function identityProvider(
  config: Pick<
    Config,
    | "PORTONE_API_BASE"
    | "PORTONE_SDK_URL"
    | "PORTONE_API_SECRET"
    | "PORTONE_STORE_ID"
    | "PORTONE_CHANNEL_KEY"
    | "IDENTITY_SUBJECT_SECRET"
  >,
  fetcher?: typeof fetch,
): IdentityProvider | null {
  if (!config.PORTONE_API_SECRET || !config.PORTONE_STORE_ID || !config.PORTONE_CHANNEL_KEY) return null;
  return {
    name: "portone",
    client: new PortOneClient(config.PORTONE_API_BASE, config.PORTONE_API_SECRET, fetcher),
    storeId: config.PORTONE_STORE_ID,
    channelKey: config.PORTONE_CHANNEL_KEY,
    sdkUrl: config.PORTONE_SDK_URL,
    subjectSecret: config.IDENTITY_SUBJECT_SECRET,
  };
}

/**
 * What is kept of a PortOne answer: verified or not, adult by the youth protection law's
 * calendar-year rule at `nowMs`, and who (DI, or CI only as an HMAC under the platform's secret).
 * Name, birth date, phone and CI itself are dropped here and go nowhere.
 */
export async function outcomeOf(
  v: IdentityVerification,
  nowMs: number,
  subjectSecret: string,
): Promise<IdentityOutcome> {
  if (v.status !== "VERIFIED") return { verified: false };
  const c = v.verifiedCustomer;
  const subject = c.di
    ? `di:${c.di}`
    : c.ci && subjectSecret
      ? `ci-hmac:${await hmacSha256Hex(subjectSecret, c.ci)}`
      : null;
  return { verified: true, adult: isAdultInKorea(c.birthDate, nowMs), subject, provider: "portone" };
}

/** What the cart and order features ask before selling adult-only or verified-only products. */
export function readVerification(db: Db, uid: number, nowMs = Date.now()): Promise<Verification> {
  return new MemberStore(db).verification(uid, nowMs);
}
