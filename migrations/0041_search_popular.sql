-- Issue 40 (decision 129): search that finds what Koreans type.

-- Goods whose sale has ended (판매종료, products.sold_out) or that are hidden leave the search index
-- (functions/db/search.ts refresh): a shopper searching finds what can be bought. A pick follows
-- its origin goods, so a change of either flag marks the goods and every pick of them; the
-- index's own trigger (0018) already marks the product itself for `visible`.
CREATE TRIGGER products_search_sale AFTER UPDATE OF sold_out, visible ON products BEGIN
  INSERT OR IGNORE INTO search_dirty (product_id)
  SELECT id FROM products WHERE id = NEW.id OR origin_product_id = NEW.id;
END;
-- Today's ended goods and their picks are taken out at the next search.
INSERT OR IGNORE INTO search_dirty (product_id)
  SELECT id FROM products WHERE sold_out = 1 OR visible = 0
  UNION SELECT p.id FROM products p JOIN products g ON g.id = p.origin_product_id
  WHERE g.sold_out = 1 OR g.visible = 0;

-- The shop's popular searches (the empty search page): how often each query that found something
-- was searched, per shop and Korean calendar day. Only the normalised words and a count: no
-- shopper, device or address. Read over the last days through the key; old days are dropped by
-- the writer (functions/db/search.ts SearchCounts).
CREATE TABLE search_counts (
  shop_id INTEGER NOT NULL,
  day TEXT NOT NULL,
  query TEXT NOT NULL,
  n INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (shop_id, day, query)
) WITHOUT ROWID;

-- Counting a search is rate-limited per client address like the logins (search_client, kept 15
-- minutes by functions/auth/throttle.ts): one client cannot make its words the shop's popular
-- ones. SQLite cannot change a CHECK constraint, so auth_attempts is rebuilt (as in 0030).
CREATE TABLE auth_attempts_new (
  id INTEGER PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('login_account', 'login_client', 'reset_account', 'reset_client',
    'join_client', 'token_client', 'lookup_client', 'lookup_order', 'login_pair', 'lookup_pair',
    'open_account', 'open_client', 'search_client')),
  key TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
INSERT INTO auth_attempts_new (id, kind, key, created_at) SELECT id, kind, key, created_at FROM auth_attempts;
DROP TABLE auth_attempts;
ALTER TABLE auth_attempts_new RENAME TO auth_attempts;
CREATE INDEX auth_attempts_key ON auth_attempts(kind, key, created_at);
CREATE INDEX auth_attempts_created ON auth_attempts(created_at);
