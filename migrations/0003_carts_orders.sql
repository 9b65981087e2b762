-- Carts, orders, payments (issue 4). Money and stock rules live in SQL so that a D1 batch, which
-- is atomic, either does all of an order or none of it (docs/decisions/021, 022).

-- Bank transfer (무통장입금): the account a shop takes deposits on. No account, no bank transfer.
ALTER TABLE shops ADD COLUMN bank_name TEXT;
ALTER TABLE shops ADD COLUMN bank_account TEXT;
ALTER TABLE shops ADD COLUMN bank_holder TEXT;

-- One cart per (shop whose host it lives on, owner). owner is 'd:' + device id (guest) or
-- 'm:' + member uid. fbp/fbc are the tracking values last seen with a cart call.
CREATE TABLE carts (
  shop_id INTEGER NOT NULL REFERENCES shops(id) ON DELETE CASCADE,
  owner TEXT NOT NULL CHECK (owner GLOB 'd:*' OR owner GLOB 'm:*'),
  fbp TEXT,
  fbc TEXT,
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (shop_id, owner)
);

-- A line names the product row of the selling shop (pid2: the shop's own product or its pick)
-- and the goods' option (pid3). Price, name and stock are always read from the catalogue.
CREATE TABLE cart_lines (
  shop_id INTEGER NOT NULL,
  owner TEXT NOT NULL,
  product_id INTEGER NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  option_id INTEGER NOT NULL REFERENCES product_options(id) ON DELETE CASCADE,
  qty INTEGER NOT NULL CHECK (qty BETWEEN 1 AND 999),
  sort INTEGER NOT NULL,                        -- added at (ms × 1000 + place in the call): newest first
  PRIMARY KEY (shop_id, owner, product_id, option_id),
  FOREIGN KEY (shop_id, owner) REFERENCES carts(shop_id, owner) ON DELETE CASCADE
);

-- Values a device parks for another page or domain (uuid/sync_save, uuid/sync_load).
CREATE TABLE device_values (
  shop_id INTEGER NOT NULL REFERENCES shops(id) ON DELETE CASCADE,
  uuid TEXT NOT NULL,
  type TEXT NOT NULL,
  value TEXT NOT NULL,
  fbp TEXT,
  fbc TEXT,
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (shop_id, uuid, type)
);

CREATE TABLE orders (
  id INTEGER PRIMARY KEY,                       -- random, so order ids cannot be enumerated
  shop_id INTEGER NOT NULL REFERENCES shops(id), -- the shop whose host took the order
  owner TEXT NOT NULL CHECK (owner GLOB 'd:*' OR owner GLOB 'm:*'),
  status TEXT NOT NULL DEFAULT 'WAITING_PAYMENT' CHECK (status IN (
    'WAITING_PAYMENT', 'CONFIRM_PAYMENT', 'READY_FOR_DELIVERY', 'DELIVERY', 'CONFIRM_DELIVERY',
    'CANCELED', 'REQ_CANCEL', 'REQ_REFUND', 'REQ_CHANGE', 'CHANGE_ACCEPTED', 'REFUND_ACCEPTED',
    'REFUNDED', 'REQ_BANK_REFUND', 'BUYER_PENDING', 'DONE')),
  refund_after_done INTEGER NOT NULL DEFAULT 0,
  items_price INTEGER NOT NULL CHECK (items_price >= 0),
  delivery_price INTEGER NOT NULL CHECK (delivery_price >= 0),
  total_price INTEGER NOT NULL CHECK (total_price = items_price + delivery_price),
  npay INTEGER NOT NULL DEFAULT 0,
  from_master INTEGER NOT NULL DEFAULT 0,
  pay_method TEXT CHECK (pay_method IN ('bank', 'card', 'wallet')),
  -- orderer and delivery address, filled on the order sheet
  orderer_name TEXT,
  orderer_phone TEXT,
  receiver_name TEXT,
  postcode TEXT,
  address TEXT,
  address_detail TEXT,
  receiver_phone TEXT,
  memo TEXT,
  ua TEXT,
  ip TEXT,
  fbp TEXT,
  fbc TEXT,
  created_at INTEGER NOT NULL,                  -- ms
  -- an unpaid order is cancelled (stock returned) when this passes (ms)
  deadline INTEGER NOT NULL,
  canceled_at INTEGER,
  cancel_reason TEXT
);
CREATE INDEX orders_owner ON orders(shop_id, owner, created_at DESC);
CREATE INDEX orders_deadline ON orders(status, deadline);

-- One shipment per shop group of the cart: its subtotal and the delivery fee charged for it.
CREATE TABLE order_groups (
  order_id INTEGER NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  uid INTEGER NOT NULL,                         -- selling shop
  origin_uid INTEGER NOT NULL,                  -- shop that owns and ships the goods
  shop_name TEXT NOT NULL,
  origin_shop_name TEXT NOT NULL,
  sub_price INTEGER NOT NULL CHECK (sub_price >= 0),
  delivery_fee INTEGER NOT NULL CHECK (delivery_fee >= 0),
  PRIMARY KEY (order_id, uid, origin_uid)
);

-- What was bought, as it was when bought.
CREATE TABLE order_lines (
  order_id INTEGER NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  product_id INTEGER NOT NULL,                  -- pid2
  option_id INTEGER NOT NULL,                   -- pid3
  sid TEXT NOT NULL,
  uid INTEGER NOT NULL,
  origin_uid INTEGER NOT NULL,
  name TEXT NOT NULL,
  opt_name TEXT NOT NULL,
  image TEXT,
  unit_price INTEGER NOT NULL CHECK (unit_price >= 0),
  qty INTEGER NOT NULL CHECK (qty > 0),
  PRIMARY KEY (order_id, product_id, option_id)
);

-- One-time keys of order forms: the same key twice (double click, retry) is the same order.
CREATE TABLE order_keys (
  shop_id INTEGER NOT NULL,
  owner TEXT NOT NULL,
  key TEXT NOT NULL,
  order_id INTEGER NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (shop_id, owner, key)
);

CREATE TABLE payments (
  order_id INTEGER PRIMARY KEY REFERENCES orders(id) ON DELETE CASCADE,
  method TEXT NOT NULL CHECK (method IN ('bank', 'card', 'wallet')),
  provider TEXT NOT NULL,                       -- 'bank_transfer' or a PaymentProvider's id
  amount INTEGER NOT NULL CHECK (amount >= 0),
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'paid', 'canceled', 'failed')),
  depositor TEXT,
  bank_name TEXT,
  bank_account TEXT,
  bank_holder TEXT,
  deadline INTEGER,                             -- ms
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);

-- Batch guards. D1 has no interactive transactions: a batch statement
--   INSERT INTO batch_guard (reason) SELECT 'stock' WHERE changes() = 0
-- placed right after a conditional UPDATE aborts (and so rolls back) the whole batch when that
-- UPDATE changed nothing. Nothing is ever stored here.
CREATE TABLE batch_guard (reason TEXT NOT NULL);
CREATE TRIGGER batch_guard_stock BEFORE INSERT ON batch_guard WHEN NEW.reason = 'stock'
BEGIN
  SELECT RAISE(ABORT, 'GUARD_STOCK');
END;
CREATE TRIGGER batch_guard_state BEFORE INSERT ON batch_guard WHEN NEW.reason <> 'stock'
BEGIN
  SELECT RAISE(ABORT, 'GUARD_STATE');
END;
