/**
 * A browser that once proved an account (a login) or an order (비회원 주문조회) carries a signed
 * cookie saying so (decision 157), so strangers' guesses from many addresses, which close an
 * account or an order to everybody at the ceiling (decision 095), do not close it to that browser.
 *
 * The cookie holds a random device id and, for each account or order it proved (the last few), an
 * expiry and an HMAC under KNOWN_DEVICE_SECRET of purpose, device, expiry and the account's
 * address (or the order): the address and the order are never in it. Only the Worker can make one,
 * and only after a success, so a stranger cannot mint the way around the ceiling.
 */
import { readCookie } from "~/shared/cookies";
import { api } from "~/shared/contracts";
import { hmacSha256Hex } from "../identity/subject";
import { randomToken, timingSafeEqualText } from "./crypto";
import { cookie, isSecureRequest } from "./session";

export type KnownPurpose = "login" | "lookup";

const COOKIE: Record<KnownPurpose, string> = { login: "known_login", lookup: "known_lookup" };
/**
 * Sent only where it is read: the pages under /user (/user/login, /user/order_lookup, and their
 * `.data` posts with scripts on, which a path of the page itself would not match), which forward
 * the browser's cookies to the API, and the API's own call. Never to the pages the edge keeps or
 * fills in for everybody (decisions 077, 122): any other cookie would make them the visitor's own.
 */
const PATHS: Record<KnownPurpose, string[]> = {
  login: ["/user", api.login.path],
  lookup: ["/user", api.lookupOrder.path],
};
/** How long a proof lasts, and the cookie with it. */
export const KNOWN_DEVICE_SECONDS = 90 * 24 * 60 * 60;
/** Accounts (or orders) one browser is known for: a shared family computer, a few orders. */
const MAX_PROOFS = 4;

const DEVICE = /^[A-Za-z0-9_-]{22}$/;
const PROOF = /^([0-9a-z]{1,8})\.([0-9a-f]{32})$/;

type Proof = { expires: number; mac: string };
type Known = { device: string; proofs: Proof[] };

/** 128 bits of the HMAC: enough that no guess matches, short enough for a cookie of four. */
async function sign(secret: string, purpose: KnownPurpose, device: string, expires: number, subject: string) {
  return (await hmacSha256Hex(secret, `${purpose}\n${device}\n${expires}\n${subject}`)).slice(0, 32);
}

/** The cookie as it came, when it has our shape: `{device}~{expires}.{mac}~…`. */
function read(request: Request, purpose: KnownPurpose): Known | null {
  const value = readCookie(request.headers.get("cookie"), COOKIE[purpose]);
  if (!value) return null;
  const [device = "", ...rest] = value.split("~");
  if (!DEVICE.test(device) || rest.length > MAX_PROOFS) return null;
  const proofs: Proof[] = [];
  for (const part of rest) {
    const m = PROOF.exec(part);
    if (!m) return null;
    proofs.push({ expires: parseInt(m[1]!, 36), mac: m[2]! });
  }
  return { device, proofs };
}

/** Whether this proof names `subject`: its MAC recomputed and compared in constant time. */
async function names(secret: string, purpose: KnownPurpose, device: string, proof: Proof, subject: string) {
  return timingSafeEqualText(await sign(secret, purpose, device, proof.expires, subject), proof.mac);
}

/**
 * The device id when the request's cookie proves `subject` (an account's address, or an order)
 * for `purpose` and has not expired; null otherwise, and always without a secret.
 */
export async function knownDevice(
  request: Request,
  purpose: KnownPurpose,
  subject: string,
  secret: string,
  nowSeconds: number,
): Promise<string | null> {
  if (!secret) return null;
  const known = read(request, purpose);
  if (!known) return null;
  for (const proof of known.proofs) {
    if (proof.expires > nowSeconds && (await names(secret, purpose, known.device, proof, subject))) {
      return known.device;
    }
  }
  return null;
}

/**
 * The Set-Cookie lines after a success for `subject` (one for each of the purpose's paths): the
 * same device (a new one if it had none), this proof first, then the others still valid that name
 * something else, at most MAX_PROOFS. Host-only and HttpOnly (`cookie`), Secure on https. None
 * when no secret is configured.
 */
export async function rememberDevice(
  request: Request,
  purpose: KnownPurpose,
  subject: string,
  secret: string,
  nowSeconds: number,
): Promise<string[]> {
  if (!secret) return [];
  const known = read(request, purpose);
  const device = known?.device ?? randomToken(16);
  const expires = nowSeconds + KNOWN_DEVICE_SECONDS;
  const kept: Proof[] = [];
  for (const proof of known?.proofs ?? []) {
    if (proof.expires <= nowSeconds || (await names(secret, purpose, device, proof, subject))) continue;
    kept.push(proof);
  }
  const proofs = [{ expires, mac: await sign(secret, purpose, device, expires, subject) }, ...kept].slice(
    0,
    MAX_PROOFS,
  );
  const value = [device, ...proofs.map((p) => `${p.expires.toString(36)}.${p.mac}`)].join("~");
  const secure = isSecureRequest(request);
  return PATHS[purpose].map((path) => cookie(COOKIE[purpose], value, { secure, maxAge: KNOWN_DEVICE_SECONDS, path }));
}
