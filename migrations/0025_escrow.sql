-- Issue 35 item 5, decision 103: the purchase-safety service (구매안전서비스, 에스크로) a shop has
-- through its own Toss Payments contract. Kept on the keys' row: escrow rides on that contract, so
-- removing the keys takes it with them and no shop shows an escrow mark it cannot honour.
-- escrow_mid: the shop's Toss 상점아이디, which names it on Toss's verification page (the footer's link).
-- escrow_vbank: 1 when the shop offers escrow on virtual-account payments (Toss's useEscrow).
ALTER TABLE shop_payment_keys ADD COLUMN escrow_mid TEXT;
ALTER TABLE shop_payment_keys ADD COLUMN escrow_vbank INTEGER NOT NULL DEFAULT 0 CHECK (escrow_vbank IN (0, 1));

-- Every page's footer shows the escrow mark (decision 077: a table whose rows pages show bumps the
-- shop's content version), so any change to the keys' row draws the shop and its pages anew.
CREATE TRIGGER payment_keys_content_insert AFTER INSERT ON shop_payment_keys BEGIN
  UPDATE shops SET content_version = content_version + 1 WHERE id = NEW.shop_id;
END;
CREATE TRIGGER payment_keys_content_update AFTER UPDATE ON shop_payment_keys BEGIN
  UPDATE shops SET content_version = content_version + 1 WHERE id IN (OLD.shop_id, NEW.shop_id);
END;
CREATE TRIGGER payment_keys_content_delete AFTER DELETE ON shop_payment_keys BEGIN
  UPDATE shops SET content_version = content_version + 1 WHERE id = OLD.shop_id;
END;
