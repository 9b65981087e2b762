-- Issue 39, the rows of `npm run bench:scale` migration 0039 left short (docs/performance.md "Scale").

-- The console dashboard's 30 days of orders and sales: summed from the orders row by row, the big
-- shop's ≈ 17,000 orders of a month were read on every view of the console. Kept here instead, per
-- shop and Korean calendar day (functions/db/daily.ts KST_DAY), by triggers on exactly what the sum
-- reads: whether the order was placed (sqlPlaced), its status (a cancelled one sells nothing), its
-- amount due (sqlAmountDue: total less points) and its day. The dashboard reads 31 short rows.
CREATE TABLE shop_daily_orders (
  shop_id INTEGER NOT NULL,
  day TEXT NOT NULL,
  orders INTEGER NOT NULL DEFAULT 0,
  sales INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (shop_id, day)
) WITHOUT ROWID;
INSERT INTO shop_daily_orders (shop_id, day, orders, sales)
  SELECT shop_id, date((created_at + 32400000) / 1000, 'unixepoch'), COUNT(*),
    SUM(CASE WHEN status = 'CANCELED' THEN 0 ELSE MAX(0, total_price - points_used) END)
  FROM orders WHERE pay_method IS NOT NULL OR points_used > 0 OR pay_later = 1
  GROUP BY 1, 2;
CREATE TRIGGER orders_daily_insert AFTER INSERT ON orders
  WHEN NEW.pay_method IS NOT NULL OR NEW.points_used > 0 OR NEW.pay_later = 1
BEGIN
  INSERT INTO shop_daily_orders (shop_id, day, orders, sales)
  VALUES (NEW.shop_id, date((NEW.created_at + 32400000) / 1000, 'unixepoch'), 1,
    CASE WHEN NEW.status = 'CANCELED' THEN 0 ELSE MAX(0, NEW.total_price - NEW.points_used) END)
  ON CONFLICT (shop_id, day) DO UPDATE SET orders = orders + 1, sales = sales + excluded.sales;
END;
CREATE TRIGGER orders_daily_update
  AFTER UPDATE OF shop_id, status, created_at, pay_method, points_used, pay_later, total_price ON orders
BEGIN
  UPDATE shop_daily_orders SET orders = orders - 1,
    sales = sales - CASE WHEN OLD.status = 'CANCELED' THEN 0 ELSE MAX(0, OLD.total_price - OLD.points_used) END
  WHERE shop_id = OLD.shop_id AND day = date((OLD.created_at + 32400000) / 1000, 'unixepoch')
    AND (OLD.pay_method IS NOT NULL OR OLD.points_used > 0 OR OLD.pay_later = 1);
  INSERT INTO shop_daily_orders (shop_id, day, orders, sales)
  SELECT NEW.shop_id, date((NEW.created_at + 32400000) / 1000, 'unixepoch'), 1,
    CASE WHEN NEW.status = 'CANCELED' THEN 0 ELSE MAX(0, NEW.total_price - NEW.points_used) END
  WHERE NEW.pay_method IS NOT NULL OR NEW.points_used > 0 OR NEW.pay_later = 1
  ON CONFLICT (shop_id, day) DO UPDATE SET orders = orders + 1, sales = sales + excluded.sales;
END;
CREATE TRIGGER orders_daily_delete AFTER DELETE ON orders
  WHEN OLD.pay_method IS NOT NULL OR OLD.points_used > 0 OR OLD.pay_later = 1
BEGIN
  UPDATE shop_daily_orders SET orders = orders - 1,
    sales = sales - CASE WHEN OLD.status = 'CANCELED' THEN 0 ELSE MAX(0, OLD.total_price - OLD.points_used) END
  WHERE shop_id = OLD.shop_id AND day = date((OLD.created_at + 32400000) / 1000, 'unixepoch');
END;

-- Search (decision 123): the shop goes inside the index's own match, as a token `#{shop id}#` in an
-- indexed column, in place of an unindexed shop id every match's row had to be read for. The big
-- shop's search read 5,677 matching rows of every shop for its 4,086 (30 ms); now the index's
-- lists give only the shop's, and a small shop's search no longer reads the big shop's matches.
-- The words are copied as they are (the initials need functions/db/search.ts, which SQL cannot
-- run); the ids of seeded rows may be stored as reals (10.0), hence the CAST.
ALTER TABLE product_search RENAME TO product_search_0018;
CREATE VIRTUAL TABLE product_search USING fts5(
  shop,
  body,
  initials,
  tokenize = 'trigram'
);
INSERT INTO product_search (rowid, shop, body, initials)
  SELECT rowid, '#' || CAST(shop_id AS INTEGER) || '#', body, initials FROM product_search_0018;
DROP TABLE product_search_0018;
