-- Issue 50, decision 142: a payment's life is recorded before it can be lost. One row per Toss
-- payment window ever opened (its orderId is Toss's key for it, unique per contract forever), moving
-- through states that survive any fault:
--   window      the attempt, written before the window opens; no money can move yet (Toss captures
--               only when we confirm)
--   confirming  written, with the window's paymentKey and the order's stock and points reserved,
--               before the confirm call: from here Toss may hold money, so only the reconciler (or
--               the same confirm) may end it
--   approved    Toss answered with a payment; the order is not marked paid yet
--   recorded    the order carries this payment (provider_payments): the end of a good attempt
--   canceled    Toss took money the order could not take, and gave it back (automatically)
--   failed      no money was taken (refused, expired, closed)
--   superseded  a newer window of the same sheet: its return is refused, so never confirmed
-- At most one attempt of an order is confirming, approved or recorded (the unique index below): a
-- second window's confirm while one is under way fails in D1, not in a race of two requests.
CREATE TABLE payment_attempts (
  provider_order_id TEXT PRIMARY KEY,
  order_id INTEGER NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  shop_id INTEGER NOT NULL,
  attempt INTEGER NOT NULL,
  provider TEXT NOT NULL DEFAULT 'toss' CHECK (provider IN ('toss')),
  mode TEXT NOT NULL CHECK (mode IN ('test', 'live')),
  choice TEXT NOT NULL CHECK (choice IN ('card', 'kakaopay', 'naverpay', 'tosspay', 'vbank')),
  -- What the window was opened for (the order's total less the points, read from D1), and the points.
  amount INTEGER NOT NULL CHECK (amount > 0),
  points INTEGER NOT NULL DEFAULT 0 CHECK (points >= 0),
  escrow INTEGER NOT NULL DEFAULT 0,
  state TEXT NOT NULL DEFAULT 'window'
    CHECK (state IN ('window', 'confirming', 'approved', 'recorded', 'canceled', 'failed', 'superseded')),
  -- The window's paymentKey, known from its return (confirming on).
  payment_key TEXT,
  -- Toss's status of the payment as last read (DONE, WAITING_FOR_DEPOSIT, CANCELED, EXPIRED …).
  toss_status TEXT,
  -- Won Toss took for this attempt, and won our automatic cancel gave back.
  captured INTEGER NOT NULL DEFAULT 0,
  refunded INTEGER NOT NULL DEFAULT 0,
  -- Why it failed or was cancelled (a code the pages word), and Toss's own words for the owner.
  reason TEXT,
  failure_message TEXT,
  -- When the buyer was told (알림톡, mail) of an automatic cancel: once.
  told_at INTEGER,
  -- The reconciler's looks at Toss so far, and when it looks next (null: nothing left to do).
  checks INTEGER NOT NULL DEFAULT 0,
  next_check_at INTEGER,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  UNIQUE (order_id, attempt)
);
CREATE UNIQUE INDEX payment_attempts_one_payment ON payment_attempts (order_id)
  WHERE state IN ('confirming', 'approved', 'recorded');
CREATE INDEX payment_attempts_due ON payment_attempts (next_check_at) WHERE next_check_at IS NOT NULL;
CREATE INDEX payment_attempts_shop_day ON payment_attempts (shop_id, created_at);
-- 정산 대사's daily job: the shops whose payments moved on a day.
CREATE INDEX payment_attempts_updated ON payment_attempts (updated_at) WHERE payment_key IS NOT NULL;

-- A batch that would open or confirm a window while another of the same sheet is being confirmed.
CREATE TRIGGER batch_guard_pending BEFORE INSERT ON batch_guard WHEN NEW.reason = 'pending'
BEGIN
  SELECT RAISE(ABORT, 'GUARD_PENDING');
END;
DROP TRIGGER batch_guard_state;
CREATE TRIGGER batch_guard_state BEFORE INSERT ON batch_guard
  WHEN NEW.reason NOT IN ('stock', 'cart', 'unpaid', 'rate', 'points', 'hold', 'amount', 'pending')
BEGIN
  SELECT RAISE(ABORT, 'GUARD_STATE');
END;

-- What provider_payments held until now, as attempts: an open window (no paymentKey yet), a
-- payment Toss confirmed and cancelled at once because the order could not take it, or one the
-- order carries.
INSERT INTO payment_attempts (provider_order_id, order_id, shop_id, attempt, provider, mode, choice, amount, points,
  escrow, state, payment_key, toss_status, captured, refunded, reason, failure_message, created_at, updated_at)
SELECT p.provider_order_id, p.order_id, p.shop_id, p.attempt, p.provider, p.mode, p.choice, p.amount, p.points,
  p.escrow,
  CASE WHEN p.payment_key IS NULL THEN 'window'
       WHEN p.failure_code = 'AUTO_CANCELED' AND o.pay_method IS NULL THEN 'canceled'
       ELSE 'recorded' END,
  p.payment_key, CASE WHEN p.payment_key IS NULL THEN NULL ELSE p.status END,
  CASE WHEN p.payment_key IS NOT NULL AND p.status <> 'WAITING_FOR_DEPOSIT' THEN p.amount ELSE 0 END,
  CASE WHEN p.failure_code = 'AUTO_CANCELED' AND o.pay_method IS NULL THEN p.amount ELSE 0 END,
  p.failure_code, p.failure_message, p.created_at, p.updated_at
FROM provider_payments p JOIN orders o ON o.id = p.order_id;

-- provider_payments is now the payment an order carries, written when it is recorded, never an attempt.
DELETE FROM provider_payments
WHERE payment_key IS NULL
   OR (failure_code = 'AUTO_CANCELED' AND (SELECT pay_method FROM orders WHERE id = provider_payments.order_id) IS NULL);

-- The shop's 정산 대사 (reconciliation) of one Korean day: what Toss took and gave back against the
-- orders, as the daily job found it. `report` is JSON: the sums and each difference named.
CREATE TABLE payment_reconciliations (
  shop_id INTEGER NOT NULL,
  day TEXT NOT NULL,
  differences INTEGER NOT NULL,
  report TEXT NOT NULL,
  checked_at INTEGER NOT NULL,
  PRIMARY KEY (shop_id, day)
) WITHOUT ROWID;

-- 알림톡 to the buyer when a payment Toss took is given back because the order could not take it.
ALTER TABLE shop_notify_settings ADD COLUMN payment_canceled INTEGER NOT NULL DEFAULT 1 CHECK (payment_canceled IN (0, 1));
CREATE TABLE notify_sends_new (
  id INTEGER PRIMARY KEY,
  shop_id INTEGER NOT NULL,
  kind TEXT NOT NULL
    CHECK (kind IN ('account', 'paid', 'shipped', 'answer', 'new_order', 'new_message', 'payment_canceled')),
  subject_id INTEGER NOT NULL,
  phone TEXT NOT NULL,
  template TEXT NOT NULL,
  variables TEXT NOT NULL,
  text TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sent', 'failed')),
  attempts INTEGER NOT NULL DEFAULT 0,
  provider_message_id TEXT,
  sent_as TEXT,
  last_error TEXT,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  UNIQUE (shop_id, kind, subject_id, phone)
);
INSERT INTO notify_sends_new SELECT * FROM notify_sends;
DROP TABLE notify_sends;
ALTER TABLE notify_sends_new RENAME TO notify_sends;
CREATE INDEX notify_sends_retry ON notify_sends (status, attempts, updated_at);
CREATE INDEX notify_sends_shop ON notify_sends (shop_id, id DESC);
