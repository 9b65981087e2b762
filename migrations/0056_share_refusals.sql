-- Issue 52 item 4 (decision 180): an account that is a member of one shop, logging in at another,
-- is asked once whether that shop may receive its name, phone and e-mail (the one-tap join of
-- decision 177). A "yes" is the membership (shop_members.shared_agreed_at); a "no" — or leaving
-- the shop's membership later — is kept here, so the same shop never asks the account again.
-- Joining later at /shop/member_point stays open. Nothing here is shown on a shop's pages kept at
-- the edge, so no content_version trigger. Deleted with the rest of the account on withdrawal.
CREATE TABLE shop_share_refusals (
  shop_id INTEGER NOT NULL REFERENCES shops(id) ON DELETE CASCADE,
  uid INTEGER NOT NULL REFERENCES members(uid) ON DELETE CASCADE,
  -- 'declined': said no to the question; 'left': cancelled this shop's membership.
  reason TEXT NOT NULL CHECK (reason IN ('declined', 'left')),
  refused_at INTEGER NOT NULL,                  -- ms
  PRIMARY KEY (shop_id, uid)
);
