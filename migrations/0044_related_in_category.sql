-- Issue 39: a product page's first recommendations are its category's own goods, most liked first.
-- They were found by the category and sorted (products_shop_category), which a category of the
-- big shop's 1,000 products made 11 ms of SQLite on every product page. With this index they are
-- walked in order of likes (ties by id, the index's last key) until enough are found.
CREATE INDEX products_shop_category_liked ON products(shop_id, visible, category_id, ptype, like_count DESC);
