-- Issue 37 items 1–2 (decision 114): identity and adult verification through PortOne V2.
-- One row per window opened. The browser that opened it holds the binding in a host-only cookie;
-- only its SHA-256 is kept. READY until the return consumes it once (a conditional UPDATE), then
-- VERIFIED (adult or not) or FAILED. A guest's VERIFIED row is their device's verification for
-- this shop until valid_until; a member's result goes onto members.
CREATE TABLE identity_verifications (
  id TEXT PRIMARY KEY,                        -- 'iv-' + random; also PortOne's identityVerificationId
  shop_id INTEGER NOT NULL,
  purpose TEXT NOT NULL CHECK (purpose IN ('adult', 'identity')),
  uid INTEGER,                                -- the member who started it, or NULL
  device TEXT,                                -- the guest's device id, or NULL
  binding_hash TEXT NOT NULL,                 -- SHA-256 (hex) of the browser's binding cookie
  return_path TEXT NOT NULL,                  -- relative path on this host
  status TEXT NOT NULL DEFAULT 'READY' CHECK (status IN ('READY', 'VERIFIED', 'FAILED')),
  adult INTEGER NOT NULL DEFAULT 0 CHECK (adult IN (0, 1)),
  subject TEXT,                               -- DI, or an HMAC of CI (never CI itself)
  created_at INTEGER NOT NULL,                -- ms
  expires_at INTEGER NOT NULL,                -- ms: the window must come back before this
  completed_at INTEGER,                       -- ms
  valid_until INTEGER,                        -- ms: re-verification after a year
  CHECK ((uid IS NULL) <> (device IS NULL))
);
CREATE INDEX identity_verifications_device ON identity_verifications (shop_id, device, status, valid_until);
CREATE INDEX identity_verifications_created ON identity_verifications (created_at);

-- A member's verification (seconds, as the other members columns): the existing
-- identity_verified_at / adult_verified_at say when; these say until when and by whom.
ALTER TABLE members ADD COLUMN identity_until INTEGER;
ALTER TABLE members ADD COLUMN adult_until INTEGER;
ALTER TABLE members ADD COLUMN identity_provider TEXT;
ALTER TABLE members ADD COLUMN identity_verification_id TEXT;
ALTER TABLE members ADD COLUMN identity_subject TEXT;

-- A guest's verification kept on the order it allowed (the shop may be asked to show it).
ALTER TABLE orders ADD COLUMN identity_verification_id TEXT;
