-- Account settings at /user/info (issue 10, point 8): marketing consent with its date, the
-- address book the order sheet fills from, and closed accounts (회원탈퇴, decision 059).

-- When the member agreed to marketing mail (ms); null: not agreed, or withdrawn.
ALTER TABLE members ADD COLUMN marketing_agreed_at INTEGER;
-- When the account was closed (ms): personal data erased, sign-in impossible, orders kept.
ALTER TABLE members ADD COLUMN withdrawn_at INTEGER;

-- Saved delivery addresses of a member (platform-wide, like the account): at most 10, one default.
CREATE TABLE member_addresses (
  id INTEGER PRIMARY KEY,
  uid INTEGER NOT NULL REFERENCES members(uid) ON DELETE CASCADE,
  receiver_name TEXT NOT NULL,
  receiver_phone TEXT NOT NULL,
  postcode TEXT NOT NULL,
  address TEXT NOT NULL,
  detail TEXT NOT NULL DEFAULT '',
  is_default INTEGER NOT NULL DEFAULT 0 CHECK (is_default IN (0, 1)),
  created_at INTEGER NOT NULL                   -- ms
);
CREATE INDEX member_addresses_uid ON member_addresses(uid, created_at);
CREATE UNIQUE INDEX member_addresses_default ON member_addresses(uid) WHERE is_default = 1;
