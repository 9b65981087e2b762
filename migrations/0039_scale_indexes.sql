-- Issue 39: indexes the page queries of a big shop need (50,000 products, hundreds of thousands of
-- orders), so no list reads the shop's whole catalogue or order book and sorts it per request.
-- The category list in the shop's own order (recommended, the default): walked in order, and a far
-- page's OFFSET skips index entries, not rows. rowid (id) closes the order, as the list's does.
CREATE INDEX products_shop_sort ON products(shop_id, visible, sort);
-- The sitemap reads a shop's products on show by id after the last one it wrote (a keyset pager):
-- with every condition an equality, the rowid range and order come from this index.
CREATE INDEX products_shop_sitemap ON products(shop_id, visible, adult_only);
-- The console's order list without a status, newest first; with the columns that say whether an
-- order sheet was placed, so the far pages' skipped entries need no table row.
CREATE INDEX orders_shop_created ON orders(shop_id, created_at DESC, pay_method, points_used, pay_later);
-- A buyer's orders counted per status (the header's and my page's counts, on every page a member
-- opens): found by shop and owner and grouped in status order without a sort. Without it the
-- planner took (shop, status, created_at) to group by and read the shop's every order.
CREATE INDEX orders_owner_status ON orders(shop_id, owner, status);
-- The console's counts per status (and its list's total without a search) read a shop's whole
-- order book: 400,000 rows in the big shop, seconds. Kept here instead, per shop and status, by
-- triggers on exactly what makes an order placed (sqlPlaced: a payment method chosen, points
-- used, or pay-later) and its status, so a count is one short read however many orders there are.
CREATE TABLE shop_order_counts (
  shop_id INTEGER NOT NULL,
  status TEXT NOT NULL,
  n INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (shop_id, status)
) WITHOUT ROWID;
INSERT INTO shop_order_counts (shop_id, status, n)
  SELECT shop_id, status, COUNT(*) FROM orders
  WHERE pay_method IS NOT NULL OR points_used > 0 OR pay_later = 1 GROUP BY shop_id, status;
CREATE TRIGGER orders_count_insert AFTER INSERT ON orders
  WHEN NEW.pay_method IS NOT NULL OR NEW.points_used > 0 OR NEW.pay_later = 1
BEGIN
  INSERT INTO shop_order_counts (shop_id, status, n) VALUES (NEW.shop_id, NEW.status, 1)
  ON CONFLICT (shop_id, status) DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER orders_count_update AFTER UPDATE OF shop_id, status, pay_method, points_used, pay_later ON orders
BEGIN
  UPDATE shop_order_counts SET n = n - 1
  WHERE shop_id = OLD.shop_id AND status = OLD.status
    AND (OLD.pay_method IS NOT NULL OR OLD.points_used > 0 OR OLD.pay_later = 1);
  INSERT INTO shop_order_counts (shop_id, status, n)
  SELECT NEW.shop_id, NEW.status, 1 WHERE NEW.pay_method IS NOT NULL OR NEW.points_used > 0 OR NEW.pay_later = 1
  ON CONFLICT (shop_id, status) DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER orders_count_delete AFTER DELETE ON orders
  WHEN OLD.pay_method IS NOT NULL OR OLD.points_used > 0 OR OLD.pay_later = 1
BEGIN
  UPDATE shop_order_counts SET n = n - 1 WHERE shop_id = OLD.shop_id AND status = OLD.status;
END;
-- A product page's recommendations: the shop's own goods on show, most liked first (then most
-- commented), walked in order until enough are found rather than all sorted.
CREATE INDEX products_shop_liked ON products(shop_id, visible, ptype, like_count DESC, comment_count DESC);
