-- Server-side commerce events (issue 14, decision 070): the purchase (and add-to-cart) events the
-- Worker sends beside the browser's tags, with the same event id so that an ad platform counts
-- them once. One row per shop and event id: a repeated call is no second event.
CREATE TABLE server_events (
  id INTEGER PRIMARY KEY,
  shop_id INTEGER NOT NULL REFERENCES shops(id) ON DELETE CASCADE,
  event_id TEXT NOT NULL,
  event TEXT NOT NULL CHECK (event IN ('purchase', 'add_to_cart')),
  -- The cart owner ('d:…' device, 'm:…' member) who caused it: add-to-cart events are capped per owner.
  owner TEXT NOT NULL,
  order_id INTEGER,
  payload TEXT NOT NULL CHECK (length(payload) <= 8000),
  -- pending: not handed over yet (retried by the scheduled job); sent: the endpoint took it;
  -- logged: no endpoint configured, kept here for the owner to see; failed: gave up.
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'logged', 'failed')),
  attempts INTEGER NOT NULL DEFAULT 0,
  next_at INTEGER NOT NULL,
  last_error TEXT,
  created_at INTEGER NOT NULL,
  sent_at INTEGER,
  UNIQUE (shop_id, event_id)
);

CREATE INDEX server_events_due ON server_events (next_at) WHERE status = 'pending';
CREATE INDEX server_events_shop ON server_events (shop_id, id);
CREATE INDEX server_events_owner ON server_events (shop_id, owner, event, created_at);
