-- Reviews on cards (issue 38 item 4; decision 119). A list of a big shop must not count reviews
-- per card per request: the goods (the origin product) keep their visible reviews' count and
-- star sum, read with the card row. Triggers keep them; a pick reads its origin's.

ALTER TABLE products ADD COLUMN review_count INTEGER NOT NULL DEFAULT 0;
ALTER TABLE products ADD COLUMN review_sum INTEGER NOT NULL DEFAULT 0;

UPDATE products SET
  review_count = (SELECT COUNT(*) FROM reviews r WHERE r.product_id = products.id AND r.status = 'VISIBLE'),
  review_sum = (SELECT COALESCE(SUM(rating), 0) FROM reviews r WHERE r.product_id = products.id AND r.status = 'VISIBLE')
WHERE id IN (SELECT product_id FROM reviews);

CREATE TRIGGER reviews_counter_insert AFTER INSERT ON reviews WHEN NEW.status = 'VISIBLE' BEGIN
  UPDATE products SET review_count = review_count + 1, review_sum = review_sum + NEW.rating WHERE id = NEW.product_id;
END;
-- An edit of the stars, a blind, a delete: take the old out and put the new in. helpful_count
-- moves often and changes neither, so it writes nothing here.
CREATE TRIGGER reviews_counter_update AFTER UPDATE OF status, rating ON reviews
  WHEN NEW.status IS NOT OLD.status OR NEW.rating IS NOT OLD.rating BEGIN
  UPDATE products SET
    review_count = review_count - (OLD.status = 'VISIBLE') + (NEW.status = 'VISIBLE'),
    review_sum = review_sum - (CASE WHEN OLD.status = 'VISIBLE' THEN OLD.rating ELSE 0 END)
                            + (CASE WHEN NEW.status = 'VISIBLE' THEN NEW.rating ELSE 0 END)
  WHERE id = NEW.product_id;
END;
CREATE TRIGGER reviews_counter_delete AFTER DELETE ON reviews WHEN OLD.status = 'VISIBLE' BEGIN
  UPDATE products SET review_count = review_count - 1, review_sum = review_sum - OLD.rating WHERE id = OLD.product_id;
END;

-- The product page's 추천순 and 최신순 read a product's reviews in these orders.
CREATE INDEX reviews_product_helpful ON reviews(product_id, status, helpful_count DESC, created_at DESC);
CREATE INDEX reviews_product_rating ON reviews(product_id, status, rating, created_at DESC);
