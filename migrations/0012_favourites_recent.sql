-- Favourites (찜) and recently viewed products (issue 10, points 4 and 5). Both belong to a shop
-- host and an owner, like carts: 'm:' + uid for a member, 'd:' + device id for a guest (decision
-- 020); a guest's rows move to the member at login, in the login's batch (decision 056).

-- product_id is the product row this shop sells (pid2: its own goods or a pick). Liking it counts
-- on the goods behind it (products.like_count of COALESCE(origin_product_id, id)), in the same
-- batch as the row, so a replay never counts twice.
CREATE TABLE favourites (
  shop_id INTEGER NOT NULL REFERENCES shops(id) ON DELETE CASCADE,
  owner TEXT NOT NULL,
  product_id INTEGER NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL,                  -- ms
  PRIMARY KEY (shop_id, owner, product_id)
) WITHOUT ROWID;
CREATE INDEX favourites_newest ON favourites(shop_id, owner, created_at DESC);

-- At most RECENT_LIMIT rows per (shop, owner): each view rewrites its row's time and trims the rest.
CREATE TABLE recent_views (
  shop_id INTEGER NOT NULL REFERENCES shops(id) ON DELETE CASCADE,
  owner TEXT NOT NULL,
  product_id INTEGER NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  viewed_at INTEGER NOT NULL,                   -- ms
  PRIMARY KEY (shop_id, owner, product_id)
) WITHOUT ROWID;
CREATE INDEX recent_views_newest ON recent_views(shop_id, owner, viewed_at DESC);
