-- Issue 35 item 1, decision 101: each shop's own Toss Payments keys, entered in the console.
-- The client key is public (the payment window's SDK takes it in the page); the secret key is kept
-- only sealed (AES-GCM under the platform's PAYMENT_KEYS_SECRET, bound to the shop), never shown
-- again; its last four characters let the owner tell which key is in.
CREATE TABLE shop_payment_keys (
  shop_id INTEGER PRIMARY KEY REFERENCES shops(id),
  provider TEXT NOT NULL CHECK (provider IN ('toss')),
  -- Toss's two key families: the payment widget's (gck/gsk) and the API's own window (ck/sk).
  family TEXT NOT NULL CHECK (family IN ('widget', 'api')),
  -- test_… keys take test payments only; live_… keys real ones.
  mode TEXT NOT NULL CHECK (mode IN ('test', 'live')),
  client_key TEXT NOT NULL,
  secret_sealed TEXT NOT NULL,
  secret_last4 TEXT NOT NULL,
  updated_by INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
