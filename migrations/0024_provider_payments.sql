-- Issue 35: orders paid through Toss Payments (card, easy pay, virtual account).
-- One row per order: the attempt, recorded by 결제하기 before the payment window opens (the amount
-- read from D1, the points it will use, the method chosen), then what Toss confirmed. A new
-- attempt on the same order sheet (the window closed, then 결제하기 again) replaces the row with a
-- new provider_order_id: Toss wants an orderId unique per shop contract forever.
CREATE TABLE provider_payments (
  order_id INTEGER PRIMARY KEY REFERENCES orders(id) ON DELETE CASCADE,
  shop_id INTEGER NOT NULL,
  provider TEXT NOT NULL CHECK (provider IN ('toss')),
  -- The shop's keys when the attempt was made: test payments are marked as such everywhere.
  mode TEXT NOT NULL CHECK (mode IN ('test', 'live')),
  -- What the shopper chose on the order sheet.
  choice TEXT NOT NULL CHECK (choice IN ('card', 'kakaopay', 'naverpay', 'tosspay', 'vbank')),
  -- Toss's orderId for this attempt: "{order id}-{attempt}".
  provider_order_id TEXT NOT NULL UNIQUE,
  attempt INTEGER NOT NULL DEFAULT 1,
  -- What the window is opened for: the order's total less the points below, from D1.
  amount INTEGER NOT NULL CHECK (amount > 0),
  points INTEGER NOT NULL DEFAULT 0 CHECK (points >= 0),
  -- The shopper asked for the purchase-safety service (에스크로) on a cash-like method.
  escrow INTEGER NOT NULL DEFAULT 0,
  -- Toss's payment status: READY (attempt only), DONE, WAITING_FOR_DEPOSIT, CANCELED,
  -- PARTIAL_CANCELED, ABORTED, EXPIRED.
  status TEXT NOT NULL DEFAULT 'READY',
  payment_key TEXT UNIQUE,
  -- Toss's method as it answered (카드, 간편결제, 가상계좌), and the details the receipt shows.
  method TEXT,
  approved_at TEXT,
  card_company TEXT,
  card_number TEXT,
  installment_months INTEGER,
  easy_pay TEXT,
  receipt_url TEXT,
  balance_amount INTEGER,
  -- A virtual account's bank, number, holder and due date (ISO, KST) as issued.
  va_bank TEXT,
  va_account TEXT,
  va_holder TEXT,
  va_due TEXT,
  -- SHA-256 (hex) of the secret Toss gives once, in the confirm answer of a virtual account: its
  -- deposit callback carries it back. Only the hash is kept.
  secret_hash TEXT,
  -- The last refusal (window or confirm), for the owner.
  failure_code TEXT,
  failure_message TEXT,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX provider_payments_shop ON provider_payments (shop_id, status);

-- Each cancel Toss made of a payment (full or partial), once per transaction.
CREATE TABLE provider_cancels (
  order_id INTEGER NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  transaction_key TEXT NOT NULL,
  amount INTEGER NOT NULL,
  reason TEXT NOT NULL,
  canceled_at TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (order_id, transaction_key)
);

-- Deposit callbacks taken (idempotent on the order and Toss's transaction).
CREATE TABLE provider_deposits (
  order_id INTEGER NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  transaction_key TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (order_id, transaction_key)
);
