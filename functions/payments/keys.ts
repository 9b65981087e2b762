/**
 * A shop's Toss Payments keys (issue 35 item 1, decision 101). The secret key is sealed with
 * AES-GCM under a key derived from the platform's secret (`PAYMENT_KEYS_SECRET`) and bound to the
 * shop (additional data), so a sealed value copied to another shop's row does not open. Nothing
 * here logs or returns a secret in the clear but `openSecret`, whose caller sends it to Toss only.
 */

/** Toss's key families and modes, read from a key's prefix (docs/integrations.md §1.1). */
export type KeyFamily = "widget" | "api";
export type KeyMode = "test" | "live";

const CLIENT = /^(test|live)_(gck|ck)_[A-Za-z0-9_]{8,120}$/;
const SECRET = /^(test|live)_(gsk|sk)_[A-Za-z0-9_]{8,120}$/;

export type KeyProblem = "clientFormat" | "secretFormat" | "mixedFamily" | "mixedMode";

/** The keys' family and mode, or why they cannot be a pair (a widget client key with an API secret…). */
export function readTossKeys(
  clientKey: string,
  secretKey: string,
): { family: KeyFamily; mode: KeyMode } | { problem: KeyProblem } {
  const c = CLIENT.exec(clientKey);
  if (!c) return { problem: "clientFormat" };
  const s = SECRET.exec(secretKey);
  if (!s) return { problem: "secretFormat" };
  const family = (kind: string): KeyFamily => (kind.startsWith("g") ? "widget" : "api");
  if (family(c[2]!) !== family(s[2]!)) return { problem: "mixedFamily" };
  if (c[1] !== s[1]) return { problem: "mixedMode" };
  return { family: family(c[2]!), mode: c[1] as KeyMode };
}

const VERSION = "v1";
const encoder = new TextEncoder();

const base64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const unbase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

/** The AES key for sealing secrets, derived from the platform secret (HKDF, so its format is free). */
async function sealingKey(platformSecret: string, usage: KeyUsage): Promise<CryptoKey> {
  if (platformSecret.length < 16) throw new Error("PAYMENT_KEYS_SECRET is too short to seal payment keys");
  const material = await crypto.subtle.importKey("raw", encoder.encode(platformSecret), "HKDF", false, ["deriveKey"]);
  return crypto.subtle.deriveKey(
    { name: "HKDF", hash: "SHA-256", salt: encoder.encode("shop-payment-keys"), info: encoder.encode(VERSION) },
    material,
    { name: "AES-GCM", length: 256 },
    false,
    [usage],
  );
}

const boundTo = (shopId: number) => encoder.encode(`shop:${shopId}`);

/** `v1.{iv}.{ciphertext}`: the secret sealed for one shop. */
export async function sealSecret(platformSecret: string, shopId: number, secret: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const key = await sealingKey(platformSecret, "encrypt");
  const sealed = await crypto.subtle.encrypt(
    { name: "AES-GCM", iv, additionalData: boundTo(shopId) },
    key,
    encoder.encode(secret),
  );
  return `${VERSION}.${base64(iv)}.${base64(new Uint8Array(sealed))}`;
}

/** The secret sealed for this shop; throws if it was sealed for another shop or under another key. */
export async function openSecret(platformSecret: string, shopId: number, sealed: string): Promise<string> {
  const [version, iv, data] = sealed.split(".");
  if (version !== VERSION || !iv || !data) throw new Error("not a sealed payment key");
  const key = await sealingKey(platformSecret, "decrypt");
  const opened = await crypto.subtle.decrypt(
    { name: "AES-GCM", iv: unbase64(iv), additionalData: boundTo(shopId) },
    key,
    unbase64(data),
  );
  return new TextDecoder().decode(opened);
}
