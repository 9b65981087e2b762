-- Consents kept as evidence (issue 11): when a member accepted the terms, the collection and use
-- of personal data and confirmed being 14 or older at sign-up; when a buyer agreed to the order's
-- terms and, for an order another shop ships part of, to handing the delivery details to that shop.
-- All in ms; null on rows made before consents were recorded.
ALTER TABLE members ADD COLUMN terms_agreed_at INTEGER;
ALTER TABLE members ADD COLUMN privacy_agreed_at INTEGER;
ALTER TABLE members ADD COLUMN age_confirmed_at INTEGER;
ALTER TABLE orders ADD COLUMN order_agreed_at INTEGER;
ALTER TABLE orders ADD COLUMN third_party_agreed_at INTEGER;
