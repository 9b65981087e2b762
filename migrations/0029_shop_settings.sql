-- Issue 36 item 4, decision 107: what /admin/settings adds to a shop. The footer's
-- 개인정보관리책임자 (the privacy law wants them named), and the extra delivery fee for 제주 and for
-- 도서산간 postcodes (app/shared/remote-areas.ts names the ranges). The shops_content trigger of
-- migration 0020 bumps content_version on every change to these columns too.
ALTER TABLE shops ADD COLUMN privacy_officer TEXT;
ALTER TABLE shops ADD COLUMN jeju_fee INTEGER NOT NULL DEFAULT 0 CHECK (jeju_fee BETWEEN 0 AND 100000);
ALTER TABLE shops ADD COLUMN island_fee INTEGER NOT NULL DEFAULT 0 CHECK (island_fee BETWEEN 0 AND 100000);
