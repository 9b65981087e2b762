-- Issue 50 item 4, decision 156: a custom domain claimed without proof no longer blocks its real
-- owner. A claim is proved once Cloudflare reports the hostname `active` (its ownership verified by
-- the TXT record _cf-custom-hostname.{hostname} or a CNAME to the zone): `proved_at`. Until then
-- it holds the name for a day, may then be taken over by another shop, and is released after three
-- days or when Cloudflare fails its validation: its row stays as `released` (the owner reads why)
-- and no longer holds the name. The name's uniqueness therefore covers rows not released only, a
-- partial index the column's UNIQUE cannot become: the table is rebuilt (as auth_attempts was in
-- 0006, 0014 and 0022).
CREATE TABLE custom_domains_new (
  id INTEGER PRIMARY KEY,
  shop_id INTEGER NOT NULL UNIQUE REFERENCES shops(id),
  -- As DNS knows it: lower case, punycode for a Korean domain.
  hostname TEXT NOT NULL COLLATE NOCASE,
  -- Cloudflare's custom hostname id; null while it is being registered, and for a domain connected
  -- by hand before 0021 (the demo's shop.example.test).
  cf_id TEXT,
  -- creating: reserved here, Cloudflare not answered yet; then what Cloudflare's status means;
  -- released: an unproved claim given up (its reason says why), kept for its owner to read.
  state TEXT NOT NULL CHECK (state IN ('creating', 'pending', 'active', 'failed', 'released')),
  status TEXT,
  ssl_status TEXT,
  reason TEXT,
  records TEXT NOT NULL DEFAULT '[]',
  created_at INTEGER NOT NULL,
  checked_at INTEGER NOT NULL,
  -- When Cloudflare first reported the hostname active: from then on the name is this shop's alone.
  proved_at INTEGER
);
INSERT INTO custom_domains_new
  (id, shop_id, hostname, cf_id, state, status, ssl_status, reason, records, created_at, checked_at, proved_at)
SELECT id, shop_id, hostname, cf_id, state, status, ssl_status, reason, records, created_at, checked_at,
  CASE WHEN state = 'active' OR status = 'active' THEN checked_at END
FROM custom_domains;
DROP TABLE custom_domains;
ALTER TABLE custom_domains_new RENAME TO custom_domains;

-- One live claim per name; released rows do not count.
CREATE UNIQUE INDEX custom_domains_claim ON custom_domains(hostname) WHERE state <> 'released';
-- The scheduled job's look for hostnames still waiting, the least recently asked first.
CREATE INDEX custom_domains_waiting ON custom_domains(state, checked_at);
-- Its look for unproved claims past their deadline, the oldest first.
CREATE INDEX custom_domains_unproved ON custom_domains(created_at) WHERE proved_at IS NULL AND state <> 'released';
