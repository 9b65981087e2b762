-- Issue 36 items 2 and 3, decision 106: the owner's console edits the catalogue.
-- A category may be hidden (kept with its products, out of the shop's menu), and a product may sit
-- in several categories: products.category_id stays its first (recommendations, the smart order
-- menu read it), product_categories holds the others.
ALTER TABLE categories ADD COLUMN visible INTEGER NOT NULL DEFAULT 1;

CREATE TABLE product_categories (
  product_id INTEGER NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  category_id INTEGER NOT NULL REFERENCES categories(id) ON DELETE CASCADE,
  PRIMARY KEY (product_id, category_id)
);
CREATE INDEX product_categories_category ON product_categories(category_id, product_id);

-- The lists read it, so its changes move the shop's content version (decision 077) like the rest.
CREATE TRIGGER product_categories_content_insert AFTER INSERT ON product_categories BEGIN
  UPDATE shops SET content_version = content_version + 1
  WHERE id IN (SELECT shop_id FROM products WHERE id = NEW.product_id);
END;
CREATE TRIGGER product_categories_content_delete AFTER DELETE ON product_categories BEGIN
  UPDATE shops SET content_version = content_version + 1
  WHERE id IN (SELECT shop_id FROM products WHERE id = OLD.product_id);
END;

-- "Was it ever ordered?" (an ordered product or option is hidden or kept, never deleted): asked
-- by product and by option, so both are indexed.
CREATE INDEX order_lines_product ON order_lines(product_id);
CREATE INDEX order_lines_option ON order_lines(option_id);
