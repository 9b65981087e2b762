-- Issue 52 item 2 (decision 175): the law's seller details before selling.
-- seller_type: who sells. 'individual' 개인 판매자 (not a business), 'sole' 개인사업자, 'corporate'
-- 법인사업자 — the names Toss's payout-seller registration maps to INDIVIDUAL / INDIVIDUAL_BUSINESS /
-- CORPORATE (app/shared/seller.ts). NULL: not chosen yet. A shop that already has a 사업자등록번호 is
-- taken as 개인사업자 (its owner may change it to 법인사업자); the others choose.
ALTER TABLE shops ADD COLUMN seller_type TEXT CHECK (seller_type IN ('individual', 'sole', 'corporate'));
UPDATE shops SET seller_type = 'sole' WHERE COALESCE(idnum, '') <> '';

-- delivery_set_at: when the owner first saved the 배송비 section (unix seconds); NULL: never, so the
-- fees are still the platform's defaults and the dashboard's set-up asks for them. Shops that
-- already sell (a product) have been selling on those fees: taken as set.
ALTER TABLE shops ADD COLUMN delivery_set_at INTEGER;
UPDATE shops SET delivery_set_at = unixepoch() WHERE EXISTS (SELECT 1 FROM products p WHERE p.shop_id = shops.id);
