-- Accounts: platform-wide members, their sessions (bound to the host they were made on),
-- password-reset tokens, single-use login codes for custom domains, failed-login counters and
-- the local mail outbox. Secrets (session keys, tokens, codes) are stored only as SHA-256 hashes.

CREATE TABLE members (
  uid INTEGER PRIMARY KEY,                      -- user id; a shop's owner has shops.uid = members.uid
  email TEXT NOT NULL UNIQUE,                   -- trimmed and lower-cased before it gets here
  password_hash TEXT NOT NULL,                  -- 'pbkdf2-sha256$iterations$salt$hash' (base64url)
  name TEXT NOT NULL,                           -- as entered (Hangul, emoji)
  profile TEXT,                                 -- R2 key of the profile image, under members/{uid}/
  admin INTEGER NOT NULL DEFAULT 0 CHECK (admin IN (0, 1)),
  -- identity and adult verification (set only by a real verification provider)
  identity_verified_at INTEGER,
  adult_verified_at INTEGER,
  created_at INTEGER NOT NULL DEFAULT (unixepoch()),
  updated_at INTEGER NOT NULL DEFAULT (unixepoch())
);

-- Demo owners use uid 1001–1004. Members who sign up get an id above every member's and every
-- shop's uid and above 100000 (functions/db/members.ts), so a new account never owns a shop by
-- chance.

CREATE TABLE sessions (
  sid TEXT PRIMARY KEY,                         -- cookie 'sid': 128 random bits, base64url
  skey_hash TEXT NOT NULL,                      -- SHA-256 of cookie 'skey' (hex)
  uid INTEGER NOT NULL REFERENCES members(uid) ON DELETE CASCADE,
  host TEXT NOT NULL,                           -- the host the session was made on; valid only there
  keep INTEGER NOT NULL DEFAULT 0 CHECK (keep IN (0, 1)),
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
);
CREATE INDEX sessions_uid ON sessions(uid, expires_at);

CREATE TABLE password_resets (
  token_hash TEXT PRIMARY KEY,                  -- SHA-256 of the token mailed to the member (hex)
  uid INTEGER NOT NULL REFERENCES members(uid) ON DELETE CASCADE,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  used_at INTEGER
);
CREATE INDEX password_resets_uid ON password_resets(uid);

-- A login carried to a shop's custom domain: issued on the shop's sub-domain for one target host
-- and one state (a cookie on the target), exchanged once, within a minute.
CREATE TABLE login_codes (
  code_hash TEXT PRIMARY KEY,
  uid INTEGER NOT NULL REFERENCES members(uid) ON DELETE CASCADE,
  host TEXT NOT NULL,
  state_hash TEXT NOT NULL,
  keep INTEGER NOT NULL DEFAULT 0 CHECK (keep IN (0, 1)),
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  used_at INTEGER
);

-- Failed logins (and password-reset requests), counted per account and per client address.
CREATE TABLE auth_attempts (
  id INTEGER PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('login_account', 'login_client', 'reset_account', 'reset_client', 'join_client')),
  key TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX auth_attempts_key ON auth_attempts(kind, key, created_at);
CREATE INDEX auth_attempts_created ON auth_attempts(created_at);

-- The default mail provider writes here; README shows how to read it.
CREATE TABLE mail_outbox (
  id INTEGER PRIMARY KEY,
  to_addr TEXT NOT NULL,
  subject TEXT NOT NULL,
  body TEXT NOT NULL,
  created_at INTEGER NOT NULL DEFAULT (unixepoch())
);
