-- Issue 35 item 6, decision 105: a restaurant's smart order takes payment first (card or easy pay at
-- the table, through the shop's Toss contract) instead of at the counter after the meal (후불).
-- 0: 후불 (the default, as before); 1: 선결제, where the kitchen gets a table order only once it is paid.
ALTER TABLE shops ADD COLUMN table_pay_first INTEGER NOT NULL DEFAULT 0 CHECK (table_pay_first IN (0, 1));
