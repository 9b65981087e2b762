-- Limits an attack run found missing (issue 33, item 5; decision 095).
--
-- Failed logins and order look-ups are counted per account (or order) and client address
-- together, so a stranger's guesses lock out their own address only; the per-account and per-order
-- counts stay as a much higher ceiling across all addresses. SQLite cannot change a CHECK
-- constraint, so auth_attempts is rebuilt (as in 0006 and 0014).
CREATE TABLE auth_attempts_new (
  id INTEGER PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('login_account', 'login_client', 'reset_account', 'reset_client',
    'join_client', 'token_client', 'lookup_client', 'lookup_order', 'login_pair', 'lookup_pair')),
  key TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
INSERT INTO auth_attempts_new (id, kind, key, created_at) SELECT id, kind, key, created_at FROM auth_attempts;
DROP TABLE auth_attempts;
ALTER TABLE auth_attempts_new RENAME TO auth_attempts;
CREATE INDEX auth_attempts_key ON auth_attempts(kind, key, created_at);
CREATE INDEX auth_attempts_created ON auth_attempts(created_at);

-- A batch guard for a guest's unpaid transfer that would hold more than half of an option's stock
-- (see 0003, 0005, 0009).
CREATE TRIGGER batch_guard_hold BEFORE INSERT ON batch_guard WHEN NEW.reason = 'hold'
BEGIN
  SELECT RAISE(ABORT, 'GUARD_HOLD');
END;
DROP TRIGGER batch_guard_state;
CREATE TRIGGER batch_guard_state BEFORE INSERT ON batch_guard
  WHEN NEW.reason NOT IN ('stock', 'cart', 'unpaid', 'rate', 'points', 'hold')
BEGIN
  SELECT RAISE(ABORT, 'GUARD_STATE');
END;
