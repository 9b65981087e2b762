-- Shops, their catalogue and notices. Column defaults are the spec's Shop info defaults (§3),
-- so a shop created with nothing but a domain already renders as 'my shop' in the default theme.

CREATE TABLE shops (
  id INTEGER PRIMARY KEY,                       -- shopid
  uid INTEGER NOT NULL UNIQUE,                  -- owner's user id; one shop per owner
  dom TEXT NOT NULL UNIQUE COLLATE NOCASE,      -- sub-domain label: {dom}.{PLATFORM_DOMAIN}
  dom3 TEXT UNIQUE COLLATE NOCASE,              -- custom domain, host name only
  status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'preparing', 'closed')),
  shop_type TEXT NOT NULL DEFAULT 'shop' CHECK (shop_type IN ('shop', 'restaurant')),
  name TEXT NOT NULL DEFAULT '내 상점',
  -- colours
  mcolor TEXT NOT NULL DEFAULT '#3C91E6',
  mcolor2 TEXT,
  scolor TEXT NOT NULL DEFAULT '#ffffff',
  scolor2 TEXT,
  btn_color TEXT,
  theme_color TEXT,
  -- appearance
  bgimg TEXT NOT NULL DEFAULT '/bg.png',
  font_name TEXT NOT NULL DEFAULT 'NanumBarunGothic',
  font_size INTEGER NOT NULL DEFAULT 12,
  header_height INTEGER NOT NULL DEFAULT 56,
  logo TEXT,
  use_logo INTEGER NOT NULL DEFAULT 0,
  logo_height INTEGER NOT NULL DEFAULT 32,
  show_link INTEGER NOT NULL DEFAULT 0,
  design_skin TEXT NOT NULL DEFAULT 'prod1',
  design_value TEXT NOT NULL DEFAULT '{}',      -- JSON; missing keys take the skin detail defaults
  -- content and links
  notice TEXT,
  linkpage TEXT,
  naver TEXT,
  youtube TEXT,
  instagram TEXT,
  link1 TEXT,
  help_email TEXT,
  kakao_cs TEXT,
  kakao_link TEXT,
  profile TEXT,
  -- tracking and points
  facebook_pixel TEXT,
  facebook_moco_pixel TEXT,
  rat TEXT,
  g_tagid TEXT,
  agency_g_tagid TEXT,
  agency_gtag_id TEXT,
  point INTEGER NOT NULL DEFAULT 0,
  join_point INTEGER NOT NULL DEFAULT 0,
  -- footer business information
  corp TEXT,
  corpname TEXT,
  ceo TEXT,
  idnum TEXT,
  idnum_singo TEXT,
  zipcode TEXT,
  address TEXT,
  tel TEXT,
  email TEXT,
  kcp_code TEXT,
  -- delivery (§9 defaults; the server is the authority on fees)
  free_delivery_threshold INTEGER NOT NULL DEFAULT 30000 CHECK (free_delivery_threshold >= 0),
  delivery_fee INTEGER NOT NULL DEFAULT 3000 CHECK (delivery_fee >= 0),
  created_at INTEGER NOT NULL DEFAULT (unixepoch())
);

CREATE TABLE categories (
  id INTEGER PRIMARY KEY,
  shop_id INTEGER NOT NULL REFERENCES shops(id) ON DELETE CASCADE,
  parent_id INTEGER REFERENCES categories(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  sort INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX categories_shop ON categories(shop_id, parent_id, sort);

CREATE TABLE products (
  id INTEGER PRIMARY KEY,                       -- pid (pid2 in cart lines)
  sid TEXT NOT NULL UNIQUE,                     -- public id used in /shop/view/{sid}
  shop_id INTEGER NOT NULL REFERENCES shops(id) ON DELETE CASCADE,
  -- a pick is another shop's product sold here; price, options and stock are the origin's
  ptype TEXT NOT NULL DEFAULT 'normal' CHECK (ptype IN ('normal', 'pick')),
  origin_product_id INTEGER REFERENCES products(id) ON DELETE CASCADE,
  category_id INTEGER REFERENCES categories(id) ON DELETE SET NULL,
  title TEXT NOT NULL,
  price INTEGER NOT NULL CHECK (price >= 0),    -- KRW, whole won
  list_price INTEGER CHECK (list_price IS NULL OR list_price >= price),
  image TEXT,                                   -- storage key
  summary TEXT,
  description TEXT,
  like_count INTEGER NOT NULL DEFAULT 0,
  comment_count INTEGER NOT NULL DEFAULT 0,
  adult_only INTEGER NOT NULL DEFAULT 0,        -- AGE19
  auth_only INTEGER NOT NULL DEFAULT 0,         -- identity verification required
  members_only INTEGER NOT NULL DEFAULT 0,      -- APPROVE_ONLY
  sold_out INTEGER NOT NULL DEFAULT 0,          -- sales discontinued
  visible INTEGER NOT NULL DEFAULT 1,
  sort INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL DEFAULT (unixepoch()),
  CHECK ((ptype = 'pick') = (origin_product_id IS NOT NULL))
);
CREATE INDEX products_shop_category ON products(shop_id, visible, category_id, sort);
CREATE INDEX products_origin ON products(origin_product_id);

-- Every product has at least one option. A product without choices has one default option
-- (default_option = 1) so that stock and cart lines always point at an option (pid3).
CREATE TABLE product_options (
  id INTEGER PRIMARY KEY,                       -- pid3
  product_id INTEGER NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  name TEXT NOT NULL DEFAULT '',
  extra_price INTEGER NOT NULL DEFAULT 0,
  stock INTEGER NOT NULL DEFAULT 0 CHECK (stock >= 0),
  default_option INTEGER NOT NULL DEFAULT 0,
  sort INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX product_options_product ON product_options(product_id, sort);

CREATE TABLE product_images (
  product_id INTEGER NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  image TEXT NOT NULL,
  sort INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (product_id, sort)
);

CREATE TABLE notices (
  id INTEGER PRIMARY KEY,
  shop_id INTEGER NOT NULL REFERENCES shops(id) ON DELETE CASCADE,
  title TEXT NOT NULL,
  body TEXT NOT NULL,
  pinned INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL DEFAULT (unixepoch())
);
CREATE INDEX notices_shop ON notices(shop_id, pinned DESC, created_at DESC);
