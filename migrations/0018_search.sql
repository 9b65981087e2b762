-- On-site search (issue 14, decision 067): a full-text index of each product's words (title,
-- options, categories) with SQLite's trigram tokenizer, so part of a word matches, and a column
-- of the Hangul initials (초성) so "ㅅㅋ" finds 스킨. rowid = products.id.
CREATE VIRTUAL TABLE product_search USING fts5(
  shop_id UNINDEXED,
  body,
  initials,
  tokenize = 'trigram'
);

-- Products whose words changed: the index is brought up to date from here before each search
-- (functions/db/search.ts computes the initials, which SQL cannot). Triggers keep it filled, so
-- no writer of the catalogue can forget the index.
CREATE TABLE search_dirty (product_id INTEGER PRIMARY KEY);

CREATE TRIGGER products_search_insert AFTER INSERT ON products BEGIN
  INSERT OR IGNORE INTO search_dirty (product_id) VALUES (NEW.id);
END;
CREATE TRIGGER products_search_update AFTER UPDATE OF title, summary, category_id, visible, ptype, origin_product_id, shop_id
  ON products BEGIN
  INSERT OR IGNORE INTO search_dirty (product_id) VALUES (NEW.id);
END;
CREATE TRIGGER products_search_delete AFTER DELETE ON products BEGIN
  INSERT OR IGNORE INTO search_dirty (product_id) VALUES (OLD.id);
END;
-- A pick's options are its origin's: a change of options marks the origin and its picks.
CREATE TRIGGER options_search_insert AFTER INSERT ON product_options BEGIN
  INSERT OR IGNORE INTO search_dirty (product_id)
  SELECT id FROM products WHERE id = NEW.product_id OR origin_product_id = NEW.product_id;
END;
CREATE TRIGGER options_search_update AFTER UPDATE OF name ON product_options BEGIN
  INSERT OR IGNORE INTO search_dirty (product_id)
  SELECT id FROM products WHERE id = NEW.product_id OR origin_product_id = NEW.product_id;
END;
CREATE TRIGGER options_search_delete AFTER DELETE ON product_options BEGIN
  INSERT OR IGNORE INTO search_dirty (product_id)
  SELECT id FROM products WHERE id = OLD.product_id OR origin_product_id = OLD.product_id;
END;
CREATE TRIGGER categories_search_update AFTER UPDATE OF name, parent_id ON categories BEGIN
  INSERT OR IGNORE INTO search_dirty (product_id)
  SELECT id FROM products WHERE category_id = NEW.id
     OR category_id IN (SELECT id FROM categories WHERE parent_id = NEW.id);
END;

INSERT OR IGNORE INTO search_dirty (product_id) SELECT id FROM products;

-- Sorting the lists (신상품순, 낮은가격순, 높은가격순, 인기순) within a shop.
CREATE INDEX products_shop_created ON products(shop_id, visible, created_at);
