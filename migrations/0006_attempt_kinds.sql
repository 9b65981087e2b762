-- Throttling counts attempts before they are checked (issue 7, decision 044), and two more kinds:
-- failed one-time codes (custom-domain login) and reset links per client. SQLite cannot change a
-- CHECK constraint, so the table is rebuilt with its rows.
CREATE TABLE auth_attempts_new (
  id INTEGER PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('login_account', 'login_client', 'reset_account', 'reset_client',
    'join_client', 'token_client')),
  key TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
INSERT INTO auth_attempts_new (id, kind, key, created_at) SELECT id, kind, key, created_at FROM auth_attempts;
DROP TABLE auth_attempts;
ALTER TABLE auth_attempts_new RENAME TO auth_attempts;
CREATE INDEX auth_attempts_key ON auth_attempts(kind, key, created_at);
CREATE INDEX auth_attempts_created ON auth_attempts(created_at);
