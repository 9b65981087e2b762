-- Issue 38 item 6, decision 118: 상품문의. A question belongs to the goods behind the page: a pick's
-- questions are its origin product's, kept in the origin's shop (whose owner answers them), as
-- reviews are. status: WAITING (editable by its asker), ANSWERED (locked), DELETED (kept, so that
-- deleting does not refill the hourly allowance).
CREATE TABLE product_questions (
  id INTEGER PRIMARY KEY,
  shop_id INTEGER NOT NULL REFERENCES shops(id) ON DELETE CASCADE,
  product_id INTEGER NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  uid INTEGER NOT NULL REFERENCES members(uid) ON DELETE CASCADE,
  type TEXT NOT NULL CHECK (type IN ('product', 'delivery', 'return', 'etc')),
  is_secret INTEGER NOT NULL DEFAULT 0 CHECK (is_secret IN (0, 1)),
  body TEXT NOT NULL,
  answer TEXT,
  answered_at INTEGER,
  answered_by INTEGER,
  created_at INTEGER NOT NULL DEFAULT (unixepoch()),
  updated_at INTEGER NOT NULL DEFAULT (unixepoch()),
  status TEXT NOT NULL DEFAULT 'WAITING' CHECK (status IN ('WAITING', 'ANSWERED', 'DELETED'))
);
-- The product page and /shop/qna: a product's questions, newest first.
CREATE INDEX product_questions_product ON product_questions(product_id, created_at DESC, id DESC)
  WHERE status <> 'DELETED';
-- The console: a shop's questions, unanswered first, newest first within each.
CREATE INDEX product_questions_console ON product_questions(shop_id, status, created_at DESC, id DESC);
-- The hourly allowance per member and shop.
CREATE INDEX product_questions_asker ON product_questions(uid, shop_id, created_at);

-- The product page shows them (a secret one as "비밀글입니다" with its state), in the origin's shop
-- and every shop that picks it: those shops' cached pages follow at once (decision 077), and no other.
CREATE TRIGGER product_questions_content_insert AFTER INSERT ON product_questions BEGIN
  UPDATE shops SET content_version = content_version + 1
  WHERE id IN (SELECT shop_id FROM products WHERE id = NEW.product_id OR origin_product_id = NEW.product_id);
END;
CREATE TRIGGER product_questions_content_update AFTER UPDATE ON product_questions BEGIN
  UPDATE shops SET content_version = content_version + 1
  WHERE id IN (SELECT shop_id FROM products WHERE id = NEW.product_id OR origin_product_id = NEW.product_id);
END;
