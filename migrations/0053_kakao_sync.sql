-- Issue 52 item 4 (decision 177): buyers never retype. Kakao Sync's consent items (phone number,
-- shipping addresses) fill what an account is missing, and a person with an account joins another
-- shop with one tap of consent to what that shop receives. Nothing here is shown on a shop's pages
-- kept at the edge, so no content_version trigger.

-- The account's mobile number, digits only (Kakao's phone_number, or none); never overwritten by a
-- provider once set. Erased with the rest of the account on withdrawal.
ALTER TABLE members ADD COLUMN phone TEXT;
-- When Kakao's shipping addresses were taken into the address book (ms): once per account, so an
-- address the member removed does not come back at the next login.
ALTER TABLE members ADD COLUMN kakao_addresses_at INTEGER;

-- A first login's Kakao Sync details (JSON: phone, addresses) carried from the callback to the
-- sign-up that uses them; deleted with the row by the cron, like the rest of the ticket.
ALTER TABLE oauth_tickets ADD COLUMN sync TEXT;

-- When the person agreed that their account's name, phone and e-mail go to this shop (ms): the
-- one-tap join of a shop with an account made at another (개인정보 제3자 제공 동의, kept as evidence).
ALTER TABLE shop_members ADD COLUMN shared_agreed_at INTEGER;
