import { requestHost } from "../host";
import type { SessionStore } from "../db/sessions";
import { randomToken, sha256Hex } from "./crypto";
import { readCookie } from "~/shared/cookies";

/** 'Keep me logged in': a persistent cookie and a 30-day session. */
export const KEEP_SECONDS = 30 * 24 * 60 * 60;
/** Otherwise a browser-session cookie, and the server forgets the session after a day at most. */
export const SESSION_SECONDS = 24 * 60 * 60;

export const SID_COOKIE = "sid";
export const SKEY_COOKIE = "skey";

export const nowSeconds = () => Math.floor(Date.now() / 1000);

/** name → value of a Cookie header; the first of duplicate names wins (as browsers order them). */
export function isSecureRequest(request: Request): boolean {
  return new URL(request.url).protocol === "https:";
}

/**
 * A cookie for this host only (no Domain attribute, so sibling shop sub-domains never receive
 * it), unreadable by scripts, not sent on cross-site sub-requests, https-only when on https.
 */
export function cookie(name: string, value: string, opts: { secure: boolean; maxAge?: number; path?: string }): string {
  const parts = [`${name}=${value}`, `Path=${opts.path ?? "/"}`, "HttpOnly", "SameSite=Lax"];
  if (opts.secure) parts.push("Secure");
  if (opts.maxAge !== undefined) parts.push(`Max-Age=${opts.maxAge}`);
  return parts.join("; ");
}

export function clearSessionCookies(secure: boolean): string[] {
  return [cookie(SID_COOKIE, "", { secure, maxAge: 0 }), cookie(SKEY_COOKIE, "", { secure, maxAge: 0 })];
}

/**
 * A session id names the member it was made for before its random part (`{uid}.{random}`), so a
 * page filled in at the edge can read the session and the member's counts in one batch (decision
 * 123). The name is only a claim: the session row, checked in that batch, is what counts. Sessions
 * made before have the random part alone, and are read first, as before.
 */
const SID_SHAPE = /^(?:([1-9][0-9]{0,14})\.)?[A-Za-z0-9_-]{22}$/;
const SKEY_SHAPE = /^[A-Za-z0-9_-]{22}$/;

/** Both halves of the session from the request, when both are there and look like ours. */
export function sessionFromRequest(request: Request): { sid: string; skey: string } | null {
  const header = request.headers.get("cookie");
  const sid = readCookie(header, SID_COOKIE);
  const skey = readCookie(header, SKEY_COOKIE);
  return sid && skey && SID_SHAPE.test(sid) && SKEY_SHAPE.test(skey) ? { sid, skey } : null;
}

/** The member a session id says it was made for (unchecked), or null for an id of the old shape. */
export function claimedUid(sid: string): number | null {
  const uid = SID_SHAPE.exec(sid)?.[1];
  return uid ? Number(uid) : null;
}

/**
 * Starts a new session for `uid` on the request's host: fresh 128-bit sid and skey, only the
 * hash of skey stored. Any session the request still carries is revoked (rotation). `alongside`
 * are statements that must happen with the login or not at all (the guest-cart merge); all of it
 * is one D1 batch. Returns the Set-Cookie values.
 */
export async function startSession(
  store: SessionStore,
  request: Request,
  uid: number,
  keep: boolean,
  host: string | null = requestHost(request),
  alongside: D1PreparedStatement[] = [],
): Promise<string[]> {
  if (!host) throw new Error("no host to bind the session to");
  const previous = sessionFromRequest(request);
  const sid = `${uid}.${randomToken(16)}`;
  const skey = randomToken(16);
  const now = nowSeconds();
  await store.batch([
    ...(previous ? [store.revokeStatement(previous.sid, await sha256Hex(previous.skey))] : []),
    ...store.createStatements({
      sid,
      skeyHash: await sha256Hex(skey),
      uid,
      host,
      keep,
      now,
      expiresAt: now + (keep ? KEEP_SECONDS : SESSION_SECONDS),
    }),
    ...alongside,
  ]);
  const secure = isSecureRequest(request);
  const maxAge = keep ? KEEP_SECONDS : undefined;
  return [cookie(SID_COOKIE, sid, { secure, maxAge }), cookie(SKEY_COOKIE, skey, { secure, maxAge })];
}

/** Ends the request's session on the server (if any) and returns the cookies that delete it. */
export async function endSession(store: SessionStore, request: Request): Promise<string[]> {
  const session = sessionFromRequest(request);
  if (session) await store.revoke(session.sid, await sha256Hex(session.skey));
  return clearSessionCookies(isSecureRequest(request));
}
