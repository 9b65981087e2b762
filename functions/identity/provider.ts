/**
 * Identity and adult verification (본인인증 / 성인인증). The Korean services (PASS, the carriers'
 * and card companies' verification) need a contract and cannot be reached from here, so no
 * provider ships: `identityProvider()` answers null and the pages say plainly that verification
 * is not available. A real provider implements this interface and is returned from there.
 */
import { MemberStore, type Verification } from "../db/members";
import type { Db } from "../db/session";

export type VerificationPurpose = "identity" | "adult";

export type VerificationResult =
  { ok: true; name: string; birthdate: string /* YYYY-MM-DD */ } | { ok: false; reason: string };

export interface IdentityProvider {
  readonly name: string;
  /** Where to send the shopper to verify; `callbackUrl` receives them back with the provider's answer. */
  start(input: { purpose: VerificationPurpose; state: string; callbackUrl: string }): Promise<{ redirectUrl: string }>;
  /** Checks the provider's answer (signature, state) on the callback and returns what it confirmed. */
  complete(input: { params: URLSearchParams; state: string }): Promise<VerificationResult>;
}

/** The configured provider, or null when there is none (the case in this repository). */
export function identityProvider(_env: unknown): IdentityProvider | null {
  return null;
}

/**
 * Adult under the Youth Protection Act: 19 or older by calendar year (a person is no longer a
 * youth from 1 January of the year they turn 19).
 */
export function isAdult(birthdate: string, today: Date): boolean {
  const year = Number(/^(\d{4})-\d{2}-\d{2}$/.exec(birthdate)?.[1]);
  return Number.isInteger(year) && today.getUTCFullYear() - year >= 19;
}

/** Stores what a provider confirmed. Nothing is recorded for a failed or refused verification. */
export async function recordVerification(
  db: Db,
  uid: number,
  result: VerificationResult,
  today = new Date(),
): Promise<Verification | null> {
  if (!result.ok) return null;
  const members = new MemberStore(db);
  await members.recordVerification(
    uid,
    { adult: isAdult(result.birthdate, today) },
    Math.floor(today.getTime() / 1000),
  );
  return members.verification(uid);
}

/** What the cart and order features ask before selling adult-only or verified-only products. */
export function readVerification(db: Db, uid: number): Promise<Verification> {
  return new MemberStore(db).verification(uid);
}
