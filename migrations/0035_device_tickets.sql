-- Issue 37 item 4 (decision 116): a guest's device carried between a shop's sub-domain and its
-- custom domain. A ticket is a one-minute, single-use secret (stored as a hash) that the sending
-- host mints for the device in its cookie, bound to the shop, the receiving host and the hash of
-- the state cookie the receiving host set first. Rows are kept 15 minutes, past their minute, so
-- that the count of recent tickets per device and per client address limits the minting.
CREATE TABLE device_tickets (
  ticket_hash TEXT PRIMARY KEY,
  shop_id INTEGER NOT NULL REFERENCES shops(id) ON DELETE CASCADE,
  device TEXT NOT NULL,
  host TEXT NOT NULL,
  state_hash TEXT NOT NULL,
  client TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  used_at INTEGER
);
CREATE INDEX device_tickets_device ON device_tickets (device, created_at);
CREATE INDEX device_tickets_client ON device_tickets (client, created_at);
CREATE INDEX device_tickets_created ON device_tickets (created_at);
