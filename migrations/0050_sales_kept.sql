-- Issue 52 item 5 (decision 167): the console's sales are the money the shop keeps. Migration 0040
-- kept per shop and Korean day the orders' amount due, leaving out only CANCELED: a 판매취소 of a
-- paid transfer waiting for its refund (REQ_BANK_REFUND), a refunded order (REFUNDED) and a
-- partial return all stayed in 오늘 매출. The kept sales are now app/shared/money.ts `keptAmount`
-- (`sqlKeptAmount`, written out below; test/worker/console/kept-sales.test.ts holds the two
-- together): nothing for CANCELED and REQ_BANK_REFUND, else the amount due less the money a refund
-- gave back (refund_amount) or, for an accepted return not yet refunded, what it will give back
-- (COALESCE(return_amount, paid_amount)). The triggers also follow the columns a refund writes.
DROP TRIGGER orders_daily_insert;
DROP TRIGGER orders_daily_update;
DROP TRIGGER orders_daily_delete;

DELETE FROM shop_daily_orders;
INSERT INTO shop_daily_orders (shop_id, day, orders, sales)
  SELECT shop_id, date((created_at + 32400000) / 1000, 'unixepoch'), COUNT(*),
    SUM(CASE WHEN status IN ('CANCELED', 'REQ_BANK_REFUND') THEN 0 ELSE MAX(0, MAX(0, total_price - points_used) - COALESCE(refund_amount, CASE WHEN status = 'REFUND_ACCEPTED' THEN COALESCE(return_amount, paid_amount) ELSE 0 END)) END)
  FROM orders WHERE pay_method IS NOT NULL OR points_used > 0 OR pay_later = 1
  GROUP BY 1, 2;

CREATE TRIGGER orders_daily_insert AFTER INSERT ON orders
  WHEN NEW.pay_method IS NOT NULL OR NEW.points_used > 0 OR NEW.pay_later = 1
BEGIN
  INSERT INTO shop_daily_orders (shop_id, day, orders, sales)
  VALUES (NEW.shop_id, date((NEW.created_at + 32400000) / 1000, 'unixepoch'), 1,
    CASE WHEN NEW.status IN ('CANCELED', 'REQ_BANK_REFUND') THEN 0 ELSE MAX(0, MAX(0, NEW.total_price - NEW.points_used) - COALESCE(NEW.refund_amount, CASE WHEN NEW.status = 'REFUND_ACCEPTED' THEN COALESCE(NEW.return_amount, NEW.paid_amount) ELSE 0 END)) END)
  ON CONFLICT (shop_id, day) DO UPDATE SET orders = orders + 1, sales = sales + excluded.sales;
END;

CREATE TRIGGER orders_daily_update
  AFTER UPDATE OF shop_id, status, created_at, pay_method, points_used, pay_later, total_price, paid_amount,
    return_amount, refund_amount ON orders
BEGIN
  UPDATE shop_daily_orders SET orders = orders - 1,
    sales = sales - CASE WHEN OLD.status IN ('CANCELED', 'REQ_BANK_REFUND') THEN 0 ELSE MAX(0, MAX(0, OLD.total_price - OLD.points_used) - COALESCE(OLD.refund_amount, CASE WHEN OLD.status = 'REFUND_ACCEPTED' THEN COALESCE(OLD.return_amount, OLD.paid_amount) ELSE 0 END)) END
  WHERE shop_id = OLD.shop_id AND day = date((OLD.created_at + 32400000) / 1000, 'unixepoch')
    AND (OLD.pay_method IS NOT NULL OR OLD.points_used > 0 OR OLD.pay_later = 1);
  INSERT INTO shop_daily_orders (shop_id, day, orders, sales)
  SELECT NEW.shop_id, date((NEW.created_at + 32400000) / 1000, 'unixepoch'), 1,
    CASE WHEN NEW.status IN ('CANCELED', 'REQ_BANK_REFUND') THEN 0 ELSE MAX(0, MAX(0, NEW.total_price - NEW.points_used) - COALESCE(NEW.refund_amount, CASE WHEN NEW.status = 'REFUND_ACCEPTED' THEN COALESCE(NEW.return_amount, NEW.paid_amount) ELSE 0 END)) END
  WHERE NEW.pay_method IS NOT NULL OR NEW.points_used > 0 OR NEW.pay_later = 1
  ON CONFLICT (shop_id, day) DO UPDATE SET orders = orders + 1, sales = sales + excluded.sales;
END;

CREATE TRIGGER orders_daily_delete AFTER DELETE ON orders
  WHEN OLD.pay_method IS NOT NULL OR OLD.points_used > 0 OR OLD.pay_later = 1
BEGIN
  UPDATE shop_daily_orders SET orders = orders - 1,
    sales = sales - CASE WHEN OLD.status IN ('CANCELED', 'REQ_BANK_REFUND') THEN 0 ELSE MAX(0, MAX(0, OLD.total_price - OLD.points_used) - COALESCE(OLD.refund_amount, CASE WHEN OLD.status = 'REFUND_ACCEPTED' THEN COALESCE(OLD.return_amount, OLD.paid_amount) ELSE 0 END)) END
  WHERE shop_id = OLD.shop_id AND day = date((OLD.created_at + 32400000) / 1000, 'unixepoch');
END;
