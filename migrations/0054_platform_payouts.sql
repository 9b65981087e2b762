-- Issue 52 item 1 (decision 178): cards on day one through the platform's own Toss contract.
-- How a shop is paid: 'platform' (the platform's contract; the shop is a seller paid out by Toss's
-- 지급대행) or 'own' (its own Toss keys, decision 101). NULL: a shop from before, paid as its keys say.
ALTER TABLE shops ADD COLUMN pay_via TEXT CHECK (pay_via IN ('platform', 'own'));

-- Which contract took an attempt's money, and the platform's fee on it then (1/100 of a percent):
-- a later change of the shop's way or of the fee never rewrites a payment's share.
ALTER TABLE payment_attempts ADD COLUMN via TEXT NOT NULL DEFAULT 'own' CHECK (via IN ('own', 'platform'));
ALTER TABLE payment_attempts ADD COLUMN fee_bps INTEGER NOT NULL DEFAULT 0 CHECK (fee_bps >= 0);
ALTER TABLE provider_payments ADD COLUMN via TEXT NOT NULL DEFAULT 'own' CHECK (via IN ('own', 'platform'));
ALTER TABLE provider_payments ADD COLUMN fee_bps INTEGER NOT NULL DEFAULT 0 CHECK (fee_bps >= 0);
CREATE INDEX provider_payments_platform ON provider_payments (shop_id, created_at) WHERE via = 'platform';

-- The shop as Toss's seller: Toss's id and status, and what the console shows of the account
-- (bank and last four digits; the number itself only goes to Toss, sealed).
CREATE TABLE payout_sellers (
  shop_id INTEGER PRIMARY KEY REFERENCES shops(id) ON DELETE CASCADE,
  seller_id TEXT NOT NULL UNIQUE,
  ref_seller_id TEXT NOT NULL UNIQUE,
  business_type TEXT NOT NULL CHECK (business_type IN ('INDIVIDUAL', 'INDIVIDUAL_BUSINESS', 'CORPORATE')),
  status TEXT NOT NULL CHECK (status IN ('APPROVAL_REQUIRED', 'PARTIALLY_APPROVED', 'KYC_REQUIRED', 'APPROVED')),
  name TEXT NOT NULL,
  bank_code TEXT NOT NULL,
  account_last4 TEXT NOT NULL,
  holder TEXT NOT NULL,
  registered_by INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);

-- One payout a shop a Korean day, requested from Toss by the daily job; its state comes back by
-- Toss's signed webhook (payout.changed). 'held': not sent (nothing requested at Toss yet).
CREATE TABLE payouts (
  id INTEGER PRIMARY KEY,
  shop_id INTEGER NOT NULL REFERENCES shops(id) ON DELETE CASCADE,
  day TEXT NOT NULL,
  ref_payout_id TEXT NOT NULL UNIQUE,
  payout_id TEXT UNIQUE,
  amount INTEGER NOT NULL CHECK (amount > 0),
  status TEXT NOT NULL CHECK (status IN ('REQUESTING', 'REQUESTED', 'IN_PROGRESS', 'COMPLETED', 'FAILED', 'CANCELED')),
  error_code TEXT,
  error_message TEXT,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  UNIQUE (shop_id, day)
);
CREATE INDEX payouts_shop ON payouts (shop_id, day);
