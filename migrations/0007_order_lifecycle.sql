-- The order's whole life (issue 9; docs/decisions/054): claims, shipment, refunds and a timeline.
-- Every status change goes through functions/db/order-transitions.ts.

-- An open claim (취소/반품/교환 요청): which, why, and the status a refusal returns to.
ALTER TABLE orders ADD COLUMN claim TEXT CHECK (claim IN ('cancel', 'refund', 'change'));
ALTER TABLE orders ADD COLUMN claim_from TEXT;
ALTER TABLE orders ADD COLUMN claim_reason TEXT;
-- 입금확인, 발송, 배송완료, 구매확정 (ms)
ALTER TABLE orders ADD COLUMN paid_at INTEGER;
ALTER TABLE orders ADD COLUMN paid_amount INTEGER NOT NULL DEFAULT 0 CHECK (paid_amount >= 0);
ALTER TABLE orders ADD COLUMN courier TEXT;
ALTER TABLE orders ADD COLUMN tracking_no TEXT;
ALTER TABLE orders ADD COLUMN shipped_at INTEGER;
ALTER TABLE orders ADD COLUMN delivered_at INTEGER;
ALTER TABLE orders ADD COLUMN done_at INTEGER;
-- The buyer's account for a bank refund, and the refund once sent.
ALTER TABLE orders ADD COLUMN refund_bank TEXT;
ALTER TABLE orders ADD COLUMN refund_account TEXT;
ALTER TABLE orders ADD COLUMN refund_holder TEXT;
ALTER TABLE orders ADD COLUMN refund_amount INTEGER;
ALTER TABLE orders ADD COLUMN refunded_at INTEGER;
-- When the status last changed (ms): the console sorts and the crons select by it.
ALTER TABLE orders ADD COLUMN status_at INTEGER;
UPDATE orders SET status_at = COALESCE(canceled_at, created_at);

CREATE INDEX orders_shop_status ON orders(shop_id, status, created_at DESC);
CREATE INDEX orders_shipped ON orders(status, shipped_at);
CREATE INDEX orders_delivered ON orders(status, delivered_at);

-- The timeline: one row per transition, who made it, from and to, and an optional note.
CREATE TABLE order_events (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  order_id INTEGER NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  actor TEXT NOT NULL CHECK (actor IN ('buyer', 'owner', 'admin', 'system')),
  actor_uid INTEGER,
  action TEXT NOT NULL,
  from_status TEXT NOT NULL,
  to_status TEXT NOT NULL,
  note TEXT,
  created_at INTEGER NOT NULL
);
CREATE INDEX order_events_order ON order_events(order_id, id);
