/**
 * Password hashing and random secrets with WebCrypto only, so the same code runs in workerd and
 * in Node (the demo seed hashes its accounts through getPlatformProxy).
 */

/** workerd refuses PBKDF2 above 100 000 iterations; this is the most it allows. */
export const PBKDF2_ITERATIONS = 100_000;
const SALT_BYTES = 16;
const KEY_BITS = 256;
const SCHEME = "pbkdf2-sha256";

export function toBase64Url(bytes: Uint8Array): string {
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const b64 = text.replace(/-/g, "+").replace(/_/g, "/");
  const binary = atob(b64 + "=".repeat((4 - (b64.length % 4)) % 4));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** A random secret of `bytes` bytes (16 = 128 bits), base64url without padding. */
export function randomToken(bytes = 16): string {
  return toBase64Url(crypto.getRandomValues(new Uint8Array(bytes)));
}

export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** Compares two byte strings in time that depends only on their length. */
export function timingSafeEqual(a: Uint8Array, b: Uint8Array): boolean {
  let diff = a.length ^ b.length;
  const n = Math.max(a.length, b.length);
  for (let i = 0; i < n; i++) diff |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return diff === 0;
}

export function timingSafeEqualText(a: string, b: string): boolean {
  return timingSafeEqual(new TextEncoder().encode(a), new TextEncoder().encode(b));
}

async function derive(password: string, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(password), "PBKDF2", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations }, key, KEY_BITS);
  return new Uint8Array(bits);
}

/** 'pbkdf2-sha256$100000$<salt>$<hash>': the scheme and count travel with the hash, so they can change. */
/** Passwords are hashed as NFC text: the same characters typed anywhere are the same password. */
export async function hashPassword(password: string, iterations = PBKDF2_ITERATIONS): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES));
  const hash = await derive(password.normalize("NFC"), salt, iterations);
  return `${SCHEME}$${iterations}$${toBase64Url(salt)}$${toBase64Url(hash)}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, count, salt, hash] = stored.split("$");
  const iterations = Number(count);
  if (scheme !== SCHEME || !salt || !hash || !Number.isInteger(iterations) || iterations < 1) return false;
  if (iterations > PBKDF2_ITERATIONS) return false;
  const expected = fromBase64Url(hash);
  const nfc = password.normalize("NFC");
  if (timingSafeEqual(await derive(nfc, fromBase64Url(salt), iterations), expected)) return true;
  // A hash made before passwords were normalised may be of the text as it was typed.
  return nfc !== password && timingSafeEqual(await derive(password, fromBase64Url(salt), iterations), expected);
}

/**
 * A hash of a password nobody has: verifying against it when an e-mail is unknown costs the same
 * time as a real check, so response times do not tell which addresses have accounts.
 */
let dummy: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  return (dummy ??= hashPassword(randomToken(24)));
}
