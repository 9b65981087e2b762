-- Points on orders (issue 9, point 2; docs/decisions/055): used on the order sheet (held from
-- the earned entries that lapse first), returned when the order is cancelled, spent for good
-- when it is confirmed, and earned then at the shop's rate.

-- A shop's rate (percent of what was paid) and the unit points are used in.
ALTER TABLE shops ADD COLUMN point_rate REAL NOT NULL DEFAULT 1 CHECK (point_rate >= 0 AND point_rate <= 50);
ALTER TABLE shops ADD COLUMN point_unit INTEGER NOT NULL DEFAULT 10 CHECK (point_unit >= 1);

ALTER TABLE orders ADD COLUMN points_used INTEGER NOT NULL DEFAULT 0 CHECK (points_used >= 0);
-- 1 while the order holds the points it uses (from payment until it is cancelled or confirmed).
ALTER TABLE orders ADD COLUMN points_held INTEGER NOT NULL DEFAULT 0 CHECK (points_held IN (0, 1));
ALTER TABLE orders ADD COLUMN points_earned INTEGER NOT NULL DEFAULT 0 CHECK (points_earned >= 0);

-- The order a history entry belongs to: points used for it, returned from it or earned by it.
ALTER TABLE point_history ADD COLUMN order_id INTEGER;
CREATE UNIQUE INDEX point_history_order ON point_history(order_id, reason) WHERE order_id IS NOT NULL;

-- What an order took from which earned entry, so a cancel gives each entry back what it gave.
CREATE TABLE point_holds (
  order_id INTEGER NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  entry_id INTEGER NOT NULL,
  amount INTEGER NOT NULL CHECK (amount > 0),
  PRIMARY KEY (order_id, entry_id)
);

-- A batch guard for points (see 0003, 0005): the balance did not cover what the order uses.
CREATE TRIGGER batch_guard_points BEFORE INSERT ON batch_guard WHEN NEW.reason = 'points'
BEGIN
  SELECT RAISE(ABORT, 'GUARD_POINTS');
END;
DROP TRIGGER batch_guard_state;
CREATE TRIGGER batch_guard_state BEFORE INSERT ON batch_guard
  WHEN NEW.reason NOT IN ('stock', 'cart', 'unpaid', 'rate', 'points')
BEGIN
  SELECT RAISE(ABORT, 'GUARD_STATE');
END;
