/**
 * Seals shops' payment keys on this machine only (decision 101): a deploy sets its own with
 * `wrangler secret put PAYMENT_KEYS_SECRET`. Public, so a key entered locally is a test key. Its own
 * module so the seed (scripts/seed-local.mjs) seals the demo shops' keys without loading Miniflare.
 */
export const LOCAL_PAYMENT_KEYS_SECRET = "local-only-payment-keys-secret-not-for-production";
