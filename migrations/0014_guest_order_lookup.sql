-- 비회원 주문조회 (issue 10, point 7, decision 058): a guest who proves an order with its number and
-- the orderer's phone gets a browser token that opens that order; wrong guesses are counted per
-- client and per order. SQLite cannot change a CHECK constraint, so auth_attempts is rebuilt.
CREATE TABLE auth_attempts_new (
  id INTEGER PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('login_account', 'login_client', 'reset_account', 'reset_client',
    'join_client', 'token_client', 'lookup_client', 'lookup_order')),
  key TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
INSERT INTO auth_attempts_new (id, kind, key, created_at) SELECT id, kind, key, created_at FROM auth_attempts;
DROP TABLE auth_attempts;
ALTER TABLE auth_attempts_new RENAME TO auth_attempts;
CREATE INDEX auth_attempts_key ON auth_attempts(kind, key, created_at);
CREATE INDEX auth_attempts_created ON auth_attempts(created_at);

-- Orders a browser may open without being their owner: only the token's hash is stored.
CREATE TABLE order_grants (
  token_hash TEXT NOT NULL,
  order_id INTEGER NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  shop_id INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,                  -- ms
  PRIMARY KEY (token_hash, order_id)
) WITHOUT ROWID;
CREATE INDEX order_grants_expiry ON order_grants(expires_at);
