-- Order sheets that do not consume the cart, stock taken at payment, and limits on unpaid orders
-- (issue 7; docs/decisions/046, 047).

-- 1 while the order holds stock taken from product_options (from payment until it is cancelled
-- and the stock returned). Orders written before this migration took their stock when created.
ALTER TABLE orders ADD COLUMN stock_taken INTEGER NOT NULL DEFAULT 0 CHECK (stock_taken IN (0, 1));
UPDATE orders SET stock_taken = 1 WHERE status <> 'CANCELED';

CREATE INDEX orders_open ON orders(owner, status, pay_method);
CREATE INDEX orders_client ON orders(ip, created_at);

-- A shop may give guests (no account to reach them by) less time to deposit than members.
-- NULL: the platform's deadline (BANK_DEADLINE_DAYS) for everyone.
ALTER TABLE shops ADD COLUMN guest_deposit_hours INTEGER CHECK (guest_deposit_hours BETWEEN 1 AND 72);

-- More batch guards (see 0003): the reason names the D1 error the handler reads.
CREATE TRIGGER batch_guard_cart BEFORE INSERT ON batch_guard WHEN NEW.reason = 'cart'
BEGIN
  SELECT RAISE(ABORT, 'GUARD_CART');
END;
CREATE TRIGGER batch_guard_unpaid BEFORE INSERT ON batch_guard WHEN NEW.reason = 'unpaid'
BEGIN
  SELECT RAISE(ABORT, 'GUARD_UNPAID');
END;
CREATE TRIGGER batch_guard_rate BEFORE INSERT ON batch_guard WHEN NEW.reason = 'rate'
BEGIN
  SELECT RAISE(ABORT, 'GUARD_RATE');
END;
-- The 'state' trigger of 0003 fires for every reason but 'stock'; it must leave these to theirs.
DROP TRIGGER batch_guard_state;
CREATE TRIGGER batch_guard_state BEFORE INSERT ON batch_guard
  WHEN NEW.reason NOT IN ('stock', 'cart', 'unpaid', 'rate')
BEGIN
  SELECT RAISE(ABORT, 'GUARD_STATE');
END;
