-- Issue 36 (decision 108): people open their own shops, and may own several. shops.uid stays the
-- shop's key in the spec's sense (cart lines, fees and curation name a shop by it) and stays
-- UNIQUE, so who owns a shop moves to owner_uid; NULL (a row made before this, or by the demo
-- seed) means the owner is uid, as before.
ALTER TABLE shops ADD COLUMN owner_uid INTEGER;
-- A platform admin's suspension (seconds since the epoch): shoppers get a closed page, the owner
-- still reaches the console. NULL: open as the owner set it.
ALTER TABLE shops ADD COLUMN suspended_at INTEGER;
UPDATE shops SET owner_uid = uid WHERE owner_uid IS NULL;
CREATE INDEX shops_owner_uid ON shops (owner_uid);

-- Opening shops is counted per account and per client address (open_account, open_client).
-- SQLite cannot change a CHECK constraint, so auth_attempts is rebuilt (as in 0006, 0014, 0022).
CREATE TABLE auth_attempts_new (
  id INTEGER PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('login_account', 'login_client', 'reset_account', 'reset_client',
    'join_client', 'token_client', 'lookup_client', 'lookup_order', 'login_pair', 'lookup_pair',
    'open_account', 'open_client')),
  key TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
INSERT INTO auth_attempts_new (id, kind, key, created_at) SELECT id, kind, key, created_at FROM auth_attempts;
DROP TABLE auth_attempts;
ALTER TABLE auth_attempts_new RENAME TO auth_attempts;
CREATE INDEX auth_attempts_key ON auth_attempts(kind, key, created_at);
CREATE INDEX auth_attempts_created ON auth_attempts(created_at);
