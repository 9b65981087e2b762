-- Messaging with the shop (issue 12, decision 064): D1 keeps every conversation and message (the
-- lists, the unread counts and catching up after a reconnect read it); the live room only relays.

-- One conversation between a member and one shop, about the shop, a product or an order.
CREATE TABLE tickets (
  id INTEGER PRIMARY KEY,
  shop_id INTEGER NOT NULL REFERENCES shops(id) ON DELETE CASCADE,
  uid INTEGER NOT NULL REFERENCES members(uid) ON DELETE CASCADE,
  product_id INTEGER REFERENCES products(id) ON DELETE SET NULL,  -- 이 상품 문의
  order_id INTEGER,                                                -- 이 주문 문의 (orders.id)
  last_id INTEGER NOT NULL DEFAULT 0,           -- the newest message's id
  last_text TEXT NOT NULL DEFAULT '',           -- its first 100 characters, for the lists
  last_at INTEGER NOT NULL,                     -- ms
  member_unread INTEGER NOT NULL DEFAULT 0 CHECK (member_unread >= 0),  -- the shop's messages the member has not read
  shop_unread INTEGER NOT NULL DEFAULT 0 CHECK (shop_unread >= 0),      -- the member's messages the owner has not read
  created_at INTEGER NOT NULL                   -- ms
);
CREATE INDEX tickets_member ON tickets (shop_id, uid, last_at DESC);
CREATE INDEX tickets_shop ON tickets (shop_id, last_at DESC);

CREATE TABLE messages (
  id INTEGER PRIMARY KEY,                       -- increasing: a client catches up with "after id"
  ticket_id INTEGER NOT NULL REFERENCES tickets(id) ON DELETE CASCADE,
  sender TEXT NOT NULL CHECK (sender IN ('member', 'shop')),
  body TEXT NOT NULL,                           -- plain text, at most 1,000 characters
  created_at INTEGER NOT NULL                   -- ms
);
CREATE INDEX messages_ticket ON messages (ticket_id, id);
