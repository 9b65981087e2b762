-- Issue 52 item 5, decision 176: the owner's 판매취소 of one line of a paid order before shipping.
-- A cancelled line is kept here (its place in the order as every page lists it, the option whose
-- stock came back, the reason the buyer reads and the money Toss gave back for it); the order goes
-- on with its other lines. Only whole lines: a line is cancelled once.
CREATE TABLE order_line_cancels (
  order_id INTEGER NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  line_no INTEGER NOT NULL CHECK (line_no >= 0),
  option_id INTEGER NOT NULL,
  qty INTEGER NOT NULL CHECK (qty > 0),
  unit_price INTEGER NOT NULL CHECK (unit_price >= 0),
  reason TEXT NOT NULL,
  amount INTEGER NOT NULL CHECK (amount >= 0),
  created_at INTEGER NOT NULL,
  PRIMARY KEY (order_id, line_no)
);

-- A line's money goes into orders.refund_amount, which now adds up every refund of the order (a
-- line's, then the rest's at 환불완료). The kept sales (app/shared/money.ts `sqlKeptAmount`,
-- decision 167) subtract what went back and, for an accepted return not yet refunded, what it will
-- give back on top of that. Before this an accepted return never had money back already, so every
-- figure is the same under the new rule; the table is recomputed anyway, and the triggers of
-- migration 0050 are written again with it.
DROP TRIGGER orders_daily_insert;
DROP TRIGGER orders_daily_update;
DROP TRIGGER orders_daily_delete;

DELETE FROM shop_daily_orders;
INSERT INTO shop_daily_orders (shop_id, day, orders, sales)
  SELECT shop_id, date((created_at + 32400000) / 1000, 'unixepoch'), COUNT(*),
    SUM(CASE WHEN status IN ('CANCELED', 'REQ_BANK_REFUND') THEN 0 ELSE MAX(0, MAX(0, total_price - points_used) - COALESCE(refund_amount, 0) - CASE WHEN status = 'REFUND_ACCEPTED' THEN COALESCE(return_amount, MAX(0, paid_amount - COALESCE(refund_amount, 0))) ELSE 0 END) END)
  FROM orders WHERE pay_method IS NOT NULL OR points_used > 0 OR pay_later = 1
  GROUP BY 1, 2;

CREATE TRIGGER orders_daily_insert AFTER INSERT ON orders
  WHEN NEW.pay_method IS NOT NULL OR NEW.points_used > 0 OR NEW.pay_later = 1
BEGIN
  INSERT INTO shop_daily_orders (shop_id, day, orders, sales)
  VALUES (NEW.shop_id, date((NEW.created_at + 32400000) / 1000, 'unixepoch'), 1,
    CASE WHEN NEW.status IN ('CANCELED', 'REQ_BANK_REFUND') THEN 0 ELSE MAX(0, MAX(0, NEW.total_price - NEW.points_used) - COALESCE(NEW.refund_amount, 0) - CASE WHEN NEW.status = 'REFUND_ACCEPTED' THEN COALESCE(NEW.return_amount, MAX(0, NEW.paid_amount - COALESCE(NEW.refund_amount, 0))) ELSE 0 END) END)
  ON CONFLICT (shop_id, day) DO UPDATE SET orders = orders + 1, sales = sales + excluded.sales;
END;

CREATE TRIGGER orders_daily_update
  AFTER UPDATE OF shop_id, status, created_at, pay_method, points_used, pay_later, total_price, paid_amount,
    return_amount, refund_amount ON orders
BEGIN
  UPDATE shop_daily_orders SET orders = orders - 1,
    sales = sales - CASE WHEN OLD.status IN ('CANCELED', 'REQ_BANK_REFUND') THEN 0 ELSE MAX(0, MAX(0, OLD.total_price - OLD.points_used) - COALESCE(OLD.refund_amount, 0) - CASE WHEN OLD.status = 'REFUND_ACCEPTED' THEN COALESCE(OLD.return_amount, MAX(0, OLD.paid_amount - COALESCE(OLD.refund_amount, 0))) ELSE 0 END) END
  WHERE shop_id = OLD.shop_id AND day = date((OLD.created_at + 32400000) / 1000, 'unixepoch')
    AND (OLD.pay_method IS NOT NULL OR OLD.points_used > 0 OR OLD.pay_later = 1);
  INSERT INTO shop_daily_orders (shop_id, day, orders, sales)
  SELECT NEW.shop_id, date((NEW.created_at + 32400000) / 1000, 'unixepoch'), 1,
    CASE WHEN NEW.status IN ('CANCELED', 'REQ_BANK_REFUND') THEN 0 ELSE MAX(0, MAX(0, NEW.total_price - NEW.points_used) - COALESCE(NEW.refund_amount, 0) - CASE WHEN NEW.status = 'REFUND_ACCEPTED' THEN COALESCE(NEW.return_amount, MAX(0, NEW.paid_amount - COALESCE(NEW.refund_amount, 0))) ELSE 0 END) END
  WHERE NEW.pay_method IS NOT NULL OR NEW.points_used > 0 OR NEW.pay_later = 1
  ON CONFLICT (shop_id, day) DO UPDATE SET orders = orders + 1, sales = sales + excluded.sales;
END;

CREATE TRIGGER orders_daily_delete AFTER DELETE ON orders
  WHEN OLD.pay_method IS NOT NULL OR OLD.points_used > 0 OR OLD.pay_later = 1
BEGIN
  UPDATE shop_daily_orders SET orders = orders - 1,
    sales = sales - CASE WHEN OLD.status IN ('CANCELED', 'REQ_BANK_REFUND') THEN 0 ELSE MAX(0, MAX(0, OLD.total_price - OLD.points_used) - COALESCE(OLD.refund_amount, 0) - CASE WHEN OLD.status = 'REFUND_ACCEPTED' THEN COALESCE(OLD.return_amount, MAX(0, OLD.paid_amount - COALESCE(OLD.refund_amount, 0))) ELSE 0 END) END
  WHERE shop_id = OLD.shop_id AND day = date((OLD.created_at + 32400000) / 1000, 'unixepoch');
END;
