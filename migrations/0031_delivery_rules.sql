-- Issue 36 items 2 and 4, decision 110: a product's own delivery rule, and the 제주/도서산간 extra
-- charged per parcel once the receiver's postcode is known.
-- 'shop': the shop's fee and free-delivery threshold (its shipping group); 'free': adds no fee;
-- 'fixed': ships in its own box for delivery_fee won, or per every delivery_per_qty pieces (수량별).
ALTER TABLE products ADD COLUMN delivery_rule TEXT NOT NULL DEFAULT 'shop'
  CHECK (delivery_rule IN ('shop', 'free', 'fixed'));
ALTER TABLE products ADD COLUMN delivery_fee INTEGER NOT NULL DEFAULT 0
  CHECK (delivery_fee BETWEEN 0 AND 1000000);
ALTER TABLE products ADD COLUMN delivery_per_qty INTEGER NOT NULL DEFAULT 0
  CHECK (delivery_per_qty BETWEEN 0 AND 9999);

-- An order group stays one row per shipping shop (the spec's unit, its primary key); a product with
-- a fixed rule is another parcel of it. parcels: the boxes the group ships (the extra is per box);
-- remote_fee: the 제주/도서산간 extra of those boxes, set when the sheet is paid. delivery_fee stays
-- the ordinary fee; orders.delivery_price is their sum over the groups.
ALTER TABLE order_groups ADD COLUMN parcels INTEGER NOT NULL DEFAULT 1 CHECK (parcels >= 0);
ALTER TABLE order_groups ADD COLUMN remote_fee INTEGER NOT NULL DEFAULT 0 CHECK (remote_fee >= 0);

-- The sheet is paid only at the amount the buyer was shown: a postcode that changes the extra
-- after the page was drawn fails the batch with its own reason, and the sheet is shown again.
CREATE TRIGGER batch_guard_amount BEFORE INSERT ON batch_guard WHEN NEW.reason = 'amount'
BEGIN
  SELECT RAISE(ABORT, 'GUARD_AMOUNT');
END;
DROP TRIGGER batch_guard_state;
CREATE TRIGGER batch_guard_state BEFORE INSERT ON batch_guard
  WHEN NEW.reason NOT IN ('stock', 'cart', 'unpaid', 'rate', 'points', 'hold', 'amount')
BEGIN
  SELECT RAISE(ABORT, 'GUARD_STATE');
END;
