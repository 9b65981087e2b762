-- Shop membership (subscription) and points (spec §3 Membership / points, §5, §7 join, cancel,
-- ismember). Membership is per shop and per platform account; see docs/decisions/030, 031.

-- A member of a shop. id is what /api/myshp/ismember answers as `id`.
CREATE TABLE shop_members (
  id INTEGER PRIMARY KEY,
  shop_id INTEGER NOT NULL REFERENCES shops(id) ON DELETE CASCADE,
  uid INTEGER NOT NULL REFERENCES members(uid) ON DELETE CASCADE,
  -- When the member agreed to the privacy policy on joining (ms). Joining requires it.
  privacy_agreed_at INTEGER NOT NULL,
  joined_at INTEGER NOT NULL,                   -- ms
  UNIQUE (shop_id, uid)
);
CREATE INDEX shop_members_uid ON shop_members(uid);

-- Points earned (amount > 0) and, later, used (amount < 0). rem_value is what is left of an
-- earned entry and lapses at expires_at; the balance is the sum of rem_value of entries not yet
-- expired (decision 031), so nothing has to run when points expire. Cancelling a membership
-- deletes its history (the points are forfeited).
CREATE TABLE point_history (
  id INTEGER PRIMARY KEY,
  shop_id INTEGER NOT NULL,
  uid INTEGER NOT NULL,
  amount INTEGER NOT NULL CHECK (amount <> 0),
  reason TEXT NOT NULL,                         -- 'join' (sign-up bonus); later: order, use, admin
  created_at INTEGER NOT NULL,                  -- ms
  expires_at INTEGER,                           -- ms; null for entries that do not lapse
  rem_value INTEGER NOT NULL DEFAULT 0 CHECK (rem_value >= 0 AND rem_value <= max(amount, 0)),
  FOREIGN KEY (shop_id, uid) REFERENCES shop_members(shop_id, uid) ON DELETE CASCADE
);
CREATE INDEX point_history_member ON point_history(shop_id, uid, created_at DESC);

-- A shop's sign-up bonus (shops.join_point) is granted once per account and shop, ever:
-- cancelling and joining again earns nothing more. Kept when the membership is cancelled.
CREATE TABLE shop_join_bonus (
  shop_id INTEGER NOT NULL REFERENCES shops(id) ON DELETE CASCADE,
  uid INTEGER NOT NULL REFERENCES members(uid) ON DELETE CASCADE,
  amount INTEGER NOT NULL CHECK (amount > 0),
  granted_at INTEGER NOT NULL,                  -- ms
  PRIMARY KEY (shop_id, uid)
);
