-- Issue 37 item 3 (decision 115): Kakao and Naver login through one registered redirect address on
-- the platform's host. Nothing here is shown on a shop's pages kept at the edge, so no
-- content_version trigger.

-- A login (or link) started on a shop's host. Only the state's hash is kept; the return host and
-- path are decided here, never read back from the provider's redirect.
CREATE TABLE oauth_states (
  state_hash TEXT PRIMARY KEY,
  shop_id INTEGER NOT NULL,
  provider TEXT NOT NULL CHECK (provider IN ('kakao', 'naver')),
  purpose TEXT NOT NULL CHECK (purpose IN ('login', 'link')),
  uid INTEGER,                                  -- the member linking (purpose 'link')
  return_origin TEXT NOT NULL,                  -- scheme://host[:port], one of the shop's own hosts
  return_path TEXT NOT NULL,                    -- same-host path
  client TEXT NOT NULL,                         -- the starting client's key: starts are limited per client
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  used_at INTEGER
);
CREATE INDEX oauth_states_client ON oauth_states (client, created_at);
CREATE INDEX oauth_states_expires ON oauth_states (expires_at);

-- What the platform's callback found, handed to the shop's host once (a 60 s ticket), and a
-- first login's pending sign-up (a longer row the consent form consumes).
CREATE TABLE oauth_tickets (
  ticket_hash TEXT PRIMARY KEY,
  state_hash TEXT NOT NULL,                     -- only the browser holding this state may redeem it
  shop_id INTEGER NOT NULL,
  return_origin TEXT NOT NULL,
  return_path TEXT NOT NULL,
  outcome TEXT NOT NULL CHECK (outcome IN ('login', 'linked', 'signup', 'pending', 'exists', 'taken')),
  uid INTEGER,
  provider TEXT NOT NULL CHECK (provider IN ('kakao', 'naver')),
  provider_user_id TEXT,
  name TEXT,
  claim TEXT,                                   -- set by the one consumption that wins
  expires_at INTEGER NOT NULL,
  used_at INTEGER
);
CREATE INDEX oauth_tickets_expires ON oauth_tickets (expires_at);

-- A member's Kakao or Naver identity in one shop. Kakao's and Naver's ids are per platform app,
-- the same person's in every shop: the shop id keeps shops' member bases apart.
CREATE TABLE member_identities (
  shop_id INTEGER NOT NULL,
  provider TEXT NOT NULL CHECK (provider IN ('kakao', 'naver')),
  provider_user_id TEXT NOT NULL,
  uid INTEGER NOT NULL,
  linked_at INTEGER NOT NULL,
  PRIMARY KEY (shop_id, provider, provider_user_id)
);
CREATE UNIQUE INDEX member_identities_member ON member_identities (uid, shop_id, provider);
CREATE INDEX member_identities_provider ON member_identities (provider, provider_user_id);
