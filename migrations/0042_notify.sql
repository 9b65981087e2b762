-- Issue 40 item 4, decision 131: 알림톡 (SMS when it fails) to buyers and shop owners.

-- The buyer's consent, per order: the number (digits) the order sheet's unticked [선택] box was
-- ticked for. No row, no message to the buyer. Beside the order rather than a column of it, so
-- the orders row's triggers (daily sums, content) never run for it.
CREATE TABLE order_notify_consents (
  shop_id INTEGER NOT NULL,
  order_id INTEGER NOT NULL,
  phone TEXT NOT NULL CHECK (phone GLOB '01[016789][0-9]*' AND length(phone) BETWEEN 10 AND 11),
  agreed_at INTEGER NOT NULL,
  PRIMARY KEY (shop_id, order_id)
) WITHOUT ROWID;

-- The shop's switches (1 on, 0 off) and the owner's number; no row: every kind on, no owner number.
CREATE TABLE shop_notify_settings (
  shop_id INTEGER PRIMARY KEY,
  owner_phone TEXT CHECK (owner_phone IS NULL OR (owner_phone GLOB '01[016789][0-9]*' AND length(owner_phone) BETWEEN 10 AND 11)),
  account INTEGER NOT NULL DEFAULT 1 CHECK (account IN (0, 1)),
  paid INTEGER NOT NULL DEFAULT 1 CHECK (paid IN (0, 1)),
  shipped INTEGER NOT NULL DEFAULT 1 CHECK (shipped IN (0, 1)),
  answer INTEGER NOT NULL DEFAULT 1 CHECK (answer IN (0, 1)),
  new_order INTEGER NOT NULL DEFAULT 1 CHECK (new_order IN (0, 1)),
  new_message INTEGER NOT NULL DEFAULT 1 CHECK (new_message IN (0, 1)),
  updated_at INTEGER NOT NULL
);

-- Every message, recorded before it is sent. One row per (shop, kind, subject, phone): a second
-- event for the same thing (a double click, a retried request, the deposit callback twice) finds
-- the row and sends nothing. `subject_id` is the order's, the question's or the message's id.
CREATE TABLE notify_sends (
  id INTEGER PRIMARY KEY,
  shop_id INTEGER NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('account', 'paid', 'shipped', 'answer', 'new_order', 'new_message')),
  subject_id INTEGER NOT NULL,
  phone TEXT NOT NULL,
  template TEXT NOT NULL,
  variables TEXT NOT NULL,          -- JSON: the template's #{…} values, kept for the retries
  text TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sent', 'failed')),
  attempts INTEGER NOT NULL DEFAULT 0,
  provider_message_id TEXT,
  sent_as TEXT,                     -- ATA (알림톡) or LMS/SMS (the fallback), as the provider said
  last_error TEXT,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  UNIQUE (shop_id, kind, subject_id, phone)
);
CREATE INDEX notify_sends_retry ON notify_sends (status, attempts, updated_at);
CREATE INDEX notify_sends_shop ON notify_sends (shop_id, id DESC);
