/**
 * Toss's ENCRYPTION security mode for 지급대행 (payouts v2; docs/integrations.md §1.8,
 * docs.tosspayments.com/guides/v2/payouts): a request body is a compact JWE, `alg: dir`,
 * `enc: A256GCM`, with the custom headers `iat` (ISO 8601 with offset) and `nonce`, under the
 * security key (64 hex characters, used as the 32 key bytes); the answer comes back the same way.
 * Also the webhooks' signature: HMAC-SHA256 of `{raw body}:{transmission time}` under the same key.
 * The key never leaves this module's callers; nothing here logs.
 */

const encoder = new TextEncoder();
const decoder = new TextDecoder();

function b64url(bytes: Uint8Array): string {
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function unb64url(text: string): Uint8Array<ArrayBuffer> {
  const s = text.replace(/-/g, "+").replace(/_/g, "/");
  return Uint8Array.from(atob(s + "=".repeat((4 - (s.length % 4)) % 4)), (c) => c.charCodeAt(0));
}

/** The security key's bytes: 64 hexadecimal characters, or an error naming the setting (never its value). */
export function securityKeyBytes(hex: string): Uint8Array<ArrayBuffer> {
  if (!/^[0-9a-fA-F]{64}$/.test(hex)) throw new Error("the payouts security key must be 64 hexadecimal characters");
  return Uint8Array.from(hex.match(/../g)!, (h) => parseInt(h, 16));
}

const aes = (hex: string, usage: KeyUsage) =>
  crypto.subtle.importKey("raw", securityKeyBytes(hex), "AES-GCM", false, [usage]);

/** Korea's time with its offset, as Toss writes `iat`. */
export function kstIso(ms: number): string {
  return new Date(ms + 9 * 3_600_000).toISOString().replace(/\.\d{3}Z$/, "+09:00");
}

/** The body sealed as a compact JWE (header.encryptedKey(empty).iv.ciphertext.tag). */
export async function sealJwe(hex: string, payload: unknown, now = Date.now()): Promise<string> {
  const header = b64url(
    encoder.encode(JSON.stringify({ alg: "dir", enc: "A256GCM", iat: kstIso(now), nonce: crypto.randomUUID() })),
  );
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = new Uint8Array(
    await crypto.subtle.encrypt(
      { name: "AES-GCM", iv, additionalData: encoder.encode(header), tagLength: 128 },
      await aes(hex, "encrypt"),
      encoder.encode(JSON.stringify(payload)),
    ),
  );
  const cipher = sealed.slice(0, sealed.length - 16);
  const tag = sealed.slice(sealed.length - 16);
  return `${header}..${b64url(iv)}.${b64url(cipher)}.${b64url(tag)}`;
}

/** A compact JWE opened; throws when it is not one sealed under this key. */
export async function openJwe(hex: string, jwe: string): Promise<unknown> {
  const parts = jwe.trim().split(".");
  if (parts.length !== 5 || parts[1] !== "") throw new Error("not a compact JWE with a direct key");
  const [header, , iv, cipher, tag] = parts as [string, string, string, string, string];
  const h = JSON.parse(decoder.decode(unb64url(header))) as { alg?: string; enc?: string };
  if (h.alg !== "dir" || h.enc !== "A256GCM") throw new Error("unexpected JWE algorithms");
  const body = new Uint8Array([...unb64url(cipher), ...unb64url(tag)]);
  const opened = await crypto.subtle.decrypt(
    { name: "AES-GCM", iv: unb64url(iv), additionalData: encoder.encode(header), tagLength: 128 },
    await aes(hex, "decrypt"),
    body,
  );
  return JSON.parse(decoder.decode(opened));
}

/**
 * A payout or seller webhook signed by Toss: `tosspayments-webhook-signature: v1:<b64>,v1:<b64>`
 * (two while a key rotates), each the HMAC-SHA256 of `{raw body}:{transmission time}`.
 */
export async function webhookSigned(hex: string, rawBody: string, transmissionTime: string, header: string) {
  const key = await crypto.subtle.importKey("raw", securityKeyBytes(hex), { name: "HMAC", hash: "SHA-256" }, false, [
    "verify",
  ]);
  const data = encoder.encode(`${rawBody}:${transmissionTime}`);
  for (const part of header.split(",")) {
    const value = part.trim().replace(/^v1:/, "");
    if (!value || value === part.trim()) continue;
    let mac: Uint8Array<ArrayBuffer>;
    try {
      mac = Uint8Array.from(atob(value), (c) => c.charCodeAt(0));
    } catch {
      continue;
    }
    // verify() compares in constant time.
    if (await crypto.subtle.verify("HMAC", key, mac, data)) return true;
  }
  return false;
}
