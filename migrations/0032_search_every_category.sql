-- Issue 36: search counts every category a product sits in, not only products.category_id (its
-- first). A product joining or leaving a category, and a category renamed or moved, re-index the
-- products product_categories puts in it as well.
CREATE TRIGGER product_categories_search_insert AFTER INSERT ON product_categories BEGIN
  INSERT OR IGNORE INTO search_dirty (product_id) VALUES (NEW.product_id);
END;
CREATE TRIGGER product_categories_search_delete AFTER DELETE ON product_categories BEGIN
  INSERT OR IGNORE INTO search_dirty (product_id) VALUES (OLD.product_id);
END;

DROP TRIGGER categories_search_update;
CREATE TRIGGER categories_search_update AFTER UPDATE OF name, parent_id ON categories BEGIN
  INSERT OR IGNORE INTO search_dirty (product_id)
  SELECT id FROM products WHERE category_id = NEW.id
     OR category_id IN (SELECT id FROM categories WHERE parent_id = NEW.id)
  UNION
  SELECT product_id FROM product_categories WHERE category_id = NEW.id
     OR category_id IN (SELECT id FROM categories WHERE parent_id = NEW.id);
END;

INSERT OR IGNORE INTO search_dirty (product_id) SELECT DISTINCT product_id FROM product_categories;
