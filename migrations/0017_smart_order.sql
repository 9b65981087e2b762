-- Smart order (issue 13, decision 066): a restaurant's tables, the meals at them, the table's
-- shared cart, and menu add-ons. A table order is an ordinary order (same stock, keys, state
-- machine) that names its table and meal.

-- What an item's options choose, shown above them (맵기, 양); NULL: '옵션'.
ALTER TABLE products ADD COLUMN option_label TEXT;

-- Add-ons of a menu item (추가 토핑): any number of them, each with its own price.
CREATE TABLE menu_extras (
  id INTEGER PRIMARY KEY,
  product_id INTEGER NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  price INTEGER NOT NULL DEFAULT 0 CHECK (price >= 0),
  sold_out INTEGER NOT NULL DEFAULT 0,
  sort INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX menu_extras_product ON menu_extras(product_id, sort);

-- A table of a shop. The hash is what its QR code opens (/smartorder/{hash}); a retired table's
-- hash opens nothing, and a new code for the same table is a new row.
CREATE TABLE shop_tables (
  id INTEGER PRIMARY KEY,
  shop_id INTEGER NOT NULL REFERENCES shops(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  hash TEXT NOT NULL UNIQUE,
  sort INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL,
  retired_at INTEGER
);
CREATE INDEX shop_tables_shop ON shop_tables(shop_id, retired_at, sort);

-- A meal at a table: opened by the first scan, joined by every phone that scans the same code
-- while it is open (their cookie names it), ended by the owner or by time (expires_at, ms).
CREATE TABLE table_visits (
  id TEXT PRIMARY KEY,                          -- 128 random bits: the table cookie's value
  shop_id INTEGER NOT NULL REFERENCES shops(id) ON DELETE CASCADE,
  table_id INTEGER NOT NULL REFERENCES shop_tables(id) ON DELETE CASCADE,
  opened_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  closed_at INTEGER
);
CREATE INDEX table_visits_table ON table_visits(table_id, closed_at, expires_at);

-- The table's cart: what every phone at the table added. `extras` is the add-ons' ids, sorted,
-- comma-separated ('' for none), so the same dish made the same way is one line.
CREATE TABLE table_cart_lines (
  id INTEGER PRIMARY KEY,
  visit_id TEXT NOT NULL REFERENCES table_visits(id) ON DELETE CASCADE,
  product_id INTEGER NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  option_id INTEGER NOT NULL REFERENCES product_options(id) ON DELETE CASCADE,
  extras TEXT NOT NULL DEFAULT '',
  qty INTEGER NOT NULL CHECK (qty BETWEEN 1 AND 99),
  added_at INTEGER NOT NULL,
  UNIQUE (visit_id, product_id, option_id, extras)
);

ALTER TABLE orders ADD COLUMN table_id INTEGER;
ALTER TABLE orders ADD COLUMN table_name TEXT;
ALTER TABLE orders ADD COLUMN visit_id TEXT;
-- 후불: paid at the counter after the meal; the kitchen starts without a payment.
ALTER TABLE orders ADD COLUMN pay_later INTEGER NOT NULL DEFAULT 0 CHECK (pay_later IN (0, 1));
CREATE INDEX orders_visit ON orders(visit_id) WHERE visit_id IS NOT NULL;
CREATE INDEX orders_kitchen ON orders(shop_id, status) WHERE table_id IS NOT NULL;

-- The same dish made two ways (with and without an add-on) is two lines of one order: the add-ons
-- join the key. SQLite cannot change a primary key, so the table is rebuilt, in its row order.
CREATE TABLE order_lines_new (
  order_id INTEGER NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  product_id INTEGER NOT NULL,
  option_id INTEGER NOT NULL,
  extras TEXT NOT NULL DEFAULT '',
  sid TEXT NOT NULL,
  uid INTEGER NOT NULL,
  origin_uid INTEGER NOT NULL,
  name TEXT NOT NULL,
  opt_name TEXT NOT NULL,
  image TEXT,
  unit_price INTEGER NOT NULL CHECK (unit_price >= 0),
  qty INTEGER NOT NULL CHECK (qty > 0),
  PRIMARY KEY (order_id, product_id, option_id, extras)
);
INSERT INTO order_lines_new (order_id, product_id, option_id, extras, sid, uid, origin_uid, name, opt_name, image,
  unit_price, qty)
SELECT order_id, product_id, option_id, '', sid, uid, origin_uid, name, opt_name, image, unit_price, qty
FROM order_lines ORDER BY rowid;
DROP TABLE order_lines;
ALTER TABLE order_lines_new RENAME TO order_lines;
