-- Issue 33 item 3, decision 092: custom domains connected from the owner's console through
-- Cloudflare for SaaS. One row per shop (a shop has one custom domain) and per host name (a domain
-- belongs to one shop). shops.dom3, which the tenant resolver and every shop address read, is set
-- in the same batch that records the row `active`, and cleared when it stops being so or is removed.
CREATE TABLE custom_domains (
  id INTEGER PRIMARY KEY,
  shop_id INTEGER NOT NULL UNIQUE REFERENCES shops(id),
  -- As DNS knows it: lower case, punycode for a Korean domain.
  hostname TEXT NOT NULL UNIQUE COLLATE NOCASE,
  -- Cloudflare's custom hostname id; null while it is being registered, and for a domain connected
  -- by hand before this table (the demo's shop.example.test).
  cf_id TEXT,
  -- creating: reserved here, Cloudflare not answered yet; then what Cloudflare's status means.
  state TEXT NOT NULL CHECK (state IN ('creating', 'pending', 'active', 'failed')),
  -- Cloudflare's own words: the hostname's and the certificate's status, and why it is not active.
  status TEXT,
  ssl_status TEXT,
  reason TEXT,
  -- The TXT records Cloudflare waits for, as JSON [{name, value, purpose}].
  records TEXT NOT NULL DEFAULT '[]',
  created_at INTEGER NOT NULL,
  checked_at INTEGER NOT NULL
);
-- The scheduled job's look for hostnames still waiting, the least recently asked first.
CREATE INDEX custom_domains_waiting ON custom_domains(state, checked_at);

-- Attempts to connect a domain, counted per shop over an hour (the console's rate limit).
CREATE TABLE custom_domain_attempts (
  id INTEGER PRIMARY KEY,
  shop_id INTEGER NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX custom_domain_attempts_shop ON custom_domain_attempts(shop_id, created_at);

-- Custom domains set before this table were connected by hand: they stay connected.
INSERT INTO custom_domains (shop_id, hostname, state, status, ssl_status, created_at, checked_at)
SELECT id, lower(dom3), 'active', 'active', 'active', unixepoch() * 1000, unixepoch() * 1000
FROM shops WHERE dom3 IS NOT NULL AND dom3 <> '';
