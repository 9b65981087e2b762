-- Reviews of order lines (issue 38 items 1–3, 5; decision 117). A review belongs to the shop the
-- order was placed in (its points ledger pays the reward, its owner replies) and to the ORIGIN
-- product of the line (a pick's review is the goods' review, shown wherever they are sold).

ALTER TABLE shops ADD COLUMN review_days INTEGER NOT NULL DEFAULT 30 CHECK (review_days BETWEEN 1 AND 365);
ALTER TABLE shops ADD COLUMN review_point_text INTEGER NOT NULL DEFAULT 100 CHECK (review_point_text >= 0);
ALTER TABLE shops ADD COLUMN review_point_photo INTEGER NOT NULL DEFAULT 500 CHECK (review_point_photo >= 0);
ALTER TABLE shops ADD COLUMN review_point_month INTEGER NOT NULL DEFAULT 300 CHECK (review_point_month >= 0);
ALTER TABLE shops ADD COLUMN review_min_length INTEGER NOT NULL DEFAULT 20 CHECK (review_min_length >= 0);

CREATE TABLE reviews (
  id INTEGER PRIMARY KEY,
  shop_id INTEGER NOT NULL,
  product_id INTEGER NOT NULL,                  -- the origin product of a pick
  order_id INTEGER NOT NULL REFERENCES orders(id),
  line_product_id INTEGER NOT NULL,             -- the order line's key, as in order_lines
  option_id INTEGER NOT NULL,
  extras TEXT NOT NULL DEFAULT '',
  uid INTEGER NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('NORMAL', 'MONTH')),
  rating INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 5),
  body TEXT NOT NULL,
  option_label TEXT NOT NULL DEFAULT '',
  is_repurchase INTEGER NOT NULL DEFAULT 0,
  reward_points INTEGER NOT NULL DEFAULT 0,
  status TEXT NOT NULL DEFAULT 'VISIBLE' CHECK (status IN ('VISIBLE', 'BLINDED', 'DELETED')),
  blind_reason TEXT,
  helpful_count INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
-- One review of each kind per line, ever: a deleted one keeps its row, so deleting and writing
-- again cannot earn the reward twice.
CREATE UNIQUE INDEX reviews_line_kind ON reviews(order_id, line_product_id, option_id, extras, kind);
CREATE INDEX reviews_product ON reviews(product_id, status, created_at DESC);
CREATE INDEX reviews_shop ON reviews(shop_id, created_at DESC);
CREATE INDEX reviews_member ON reviews(shop_id, uid, created_at);

CREATE TABLE review_photos (
  review_id INTEGER NOT NULL REFERENCES reviews(id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  image TEXT NOT NULL,
  PRIMARY KEY (review_id, position)
);

CREATE TABLE review_replies (
  review_id INTEGER PRIMARY KEY REFERENCES reviews(id) ON DELETE CASCADE,
  uid INTEGER NOT NULL,
  body TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);

CREATE TABLE review_reports (
  id INTEGER PRIMARY KEY,
  review_id INTEGER NOT NULL REFERENCES reviews(id) ON DELETE CASCADE,
  shop_id INTEGER NOT NULL,
  uid INTEGER NOT NULL,
  reason TEXT NOT NULL CHECK (reason IN ('abuse', 'personal', 'ad', 'unrelated', 'copyright')),
  note TEXT,
  created_at INTEGER NOT NULL,
  resolved_at INTEGER,
  UNIQUE (review_id, uid)
);

CREATE TABLE review_helpful (
  review_id INTEGER NOT NULL REFERENCES reviews(id) ON DELETE CASCADE,
  uid INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (review_id, uid)
);

-- A review's reward is a point_history entry of its own (reason 'review_reward'), taken back once
-- ('review_revoke'); the order's unique (order_id, reason) cannot hold two lines of one order.
ALTER TABLE point_history ADD COLUMN review_id INTEGER;
CREATE UNIQUE INDEX point_history_review ON point_history(review_id, reason) WHERE review_id IS NOT NULL;

-- The product page's cached copy follows a review at once, in every shop that shows the goods
-- (decision 077). Only helpful_count moves without a bump (shoppers' clicks).
CREATE TRIGGER reviews_content_insert AFTER INSERT ON reviews BEGIN
  UPDATE shops SET content_version = content_version + 1
  WHERE id IN (SELECT shop_id FROM products WHERE id = NEW.product_id OR origin_product_id = NEW.product_id);
END;
CREATE TRIGGER reviews_content_update AFTER UPDATE ON reviews
  WHEN NEW.helpful_count IS OLD.helpful_count BEGIN
  UPDATE shops SET content_version = content_version + 1
  WHERE id IN (SELECT shop_id FROM products WHERE id = NEW.product_id OR origin_product_id = NEW.product_id);
END;
CREATE TRIGGER review_replies_content AFTER INSERT ON review_replies BEGIN
  UPDATE shops SET content_version = content_version + 1
  WHERE id IN (SELECT p.shop_id FROM reviews r JOIN products p ON p.id = r.product_id OR p.origin_product_id = r.product_id
               WHERE r.id = NEW.review_id);
END;
CREATE TRIGGER review_replies_content_update AFTER UPDATE ON review_replies BEGIN
  UPDATE shops SET content_version = content_version + 1
  WHERE id IN (SELECT p.shop_id FROM reviews r JOIN products p ON p.id = r.product_id OR p.origin_product_id = r.product_id
               WHERE r.id = NEW.review_id);
END;
