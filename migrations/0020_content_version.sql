-- Issue 15, decision 077: every shop has a content version, bumped by any change to what its
-- pages show (the shop's settings and theme, categories, notices, products, their options, stock
-- and pictures). The edge page cache keys pages by it, so a change shows at once. Triggers, so
-- that no write path can forget it: the owner's console, the seed and the order batches alike.
-- Only likes and comment counts move without a bump (shoppers' clicks; the cache's short life
-- bounds how stale they are).
ALTER TABLE shops ADD COLUMN content_version INTEGER NOT NULL DEFAULT 0;

CREATE TRIGGER shops_content AFTER UPDATE ON shops WHEN NEW.content_version = OLD.content_version BEGIN
  UPDATE shops SET content_version = OLD.content_version + 1 WHERE id = NEW.id;
END;

-- A product's change also shows in the shops that pick it (their copy shows the origin's price,
-- options and stock).
CREATE TRIGGER products_content_insert AFTER INSERT ON products BEGIN
  UPDATE shops SET content_version = content_version + 1 WHERE id = NEW.shop_id;
END;
CREATE TRIGGER products_content_update AFTER UPDATE ON products
  WHEN NEW.like_count IS OLD.like_count AND NEW.comment_count IS OLD.comment_count BEGIN
  UPDATE shops SET content_version = content_version + 1
  WHERE id IN (OLD.shop_id, NEW.shop_id) OR id IN (SELECT shop_id FROM products WHERE origin_product_id = NEW.id);
END;
CREATE TRIGGER products_content_delete AFTER DELETE ON products BEGIN
  UPDATE shops SET content_version = content_version + 1
  WHERE id = OLD.shop_id OR id IN (SELECT shop_id FROM products WHERE origin_product_id = OLD.id);
END;

CREATE TRIGGER options_content_insert AFTER INSERT ON product_options BEGIN
  UPDATE shops SET content_version = content_version + 1
  WHERE id IN (SELECT shop_id FROM products WHERE id = NEW.product_id OR origin_product_id = NEW.product_id);
END;
CREATE TRIGGER options_content_update AFTER UPDATE ON product_options BEGIN
  UPDATE shops SET content_version = content_version + 1
  WHERE id IN (SELECT shop_id FROM products WHERE id = NEW.product_id OR origin_product_id = NEW.product_id);
END;
CREATE TRIGGER options_content_delete AFTER DELETE ON product_options BEGIN
  UPDATE shops SET content_version = content_version + 1
  WHERE id IN (SELECT shop_id FROM products WHERE id = OLD.product_id OR origin_product_id = OLD.product_id);
END;

CREATE TRIGGER images_content_insert AFTER INSERT ON product_images BEGIN
  UPDATE shops SET content_version = content_version + 1
  WHERE id IN (SELECT shop_id FROM products WHERE id = NEW.product_id OR origin_product_id = NEW.product_id);
END;
CREATE TRIGGER images_content_update AFTER UPDATE ON product_images BEGIN
  UPDATE shops SET content_version = content_version + 1
  WHERE id IN (SELECT shop_id FROM products WHERE id = NEW.product_id OR origin_product_id = NEW.product_id);
END;
CREATE TRIGGER images_content_delete AFTER DELETE ON product_images BEGIN
  UPDATE shops SET content_version = content_version + 1
  WHERE id IN (SELECT shop_id FROM products WHERE id = OLD.product_id OR origin_product_id = OLD.product_id);
END;

CREATE TRIGGER extras_content_insert AFTER INSERT ON menu_extras BEGIN
  UPDATE shops SET content_version = content_version + 1
  WHERE id IN (SELECT shop_id FROM products WHERE id = NEW.product_id);
END;
CREATE TRIGGER extras_content_update AFTER UPDATE ON menu_extras BEGIN
  UPDATE shops SET content_version = content_version + 1
  WHERE id IN (SELECT shop_id FROM products WHERE id = NEW.product_id);
END;
CREATE TRIGGER extras_content_delete AFTER DELETE ON menu_extras BEGIN
  UPDATE shops SET content_version = content_version + 1
  WHERE id IN (SELECT shop_id FROM products WHERE id = OLD.product_id);
END;

CREATE TRIGGER categories_content_insert AFTER INSERT ON categories BEGIN
  UPDATE shops SET content_version = content_version + 1 WHERE id = NEW.shop_id;
END;
CREATE TRIGGER categories_content_update AFTER UPDATE ON categories BEGIN
  UPDATE shops SET content_version = content_version + 1 WHERE id IN (OLD.shop_id, NEW.shop_id);
END;
CREATE TRIGGER categories_content_delete AFTER DELETE ON categories BEGIN
  UPDATE shops SET content_version = content_version + 1 WHERE id = OLD.shop_id;
END;

CREATE TRIGGER notices_content_insert AFTER INSERT ON notices BEGIN
  UPDATE shops SET content_version = content_version + 1 WHERE id = NEW.shop_id;
END;
CREATE TRIGGER notices_content_update AFTER UPDATE ON notices BEGIN
  UPDATE shops SET content_version = content_version + 1 WHERE id IN (OLD.shop_id, NEW.shop_id);
END;
CREATE TRIGGER notices_content_delete AFTER DELETE ON notices BEGIN
  UPDATE shops SET content_version = content_version + 1 WHERE id = OLD.shop_id;
END;
