// The big-shop seed (issue 39): a platform of 1,000 shops, one of them (`big`) with 50,000
// products, 1,000,000 orders with their lines, 200,000 members with favourites and recent views,
// in its own local database (.scale/state, never the demo's .wrangler/state). `SCALE=0.01` makes
// a hundredth of it, for trying things out. `npm run bench:scale` serves it.
//
// The demo seed goes in first through wrangler (the same migrations, the demo shops and accounts,
// so the demo's rows sit beside the big ones); the rest is written straight into the SQLite file
// Miniflare keeps the local D1 in, with node:sqlite (Node 22, which `npm run` uses): prepared
// inserts in one transaction per table are about a hundred times faster than SQL through wrangler.
import { build, stop as stopEsbuild } from "esbuild";
import { readdirSync, statSync } from "node:fs";
import { DatabaseSync } from "node:sqlite";
import { seedState } from "./lib/production-worker.mjs";

// SCALE_STATE puts it elsewhere (a quick SCALE=0.01 run beside the full one, e.g. .scale/small).
export const SCALE_STATE = process.env.SCALE_STATE || ".scale/state";
const SCALE = Number(process.env.SCALE || 1);
const n = (full) => Math.max(1, Math.round(full * SCALE));

const SHOPS = 1000; // every scale: the directory of shops is what it is
const BIG_SHOP = 10; // id; the demo's shops are 1–4
const BIG_PRODUCTS = n(50_000);
const SMALL_PRODUCTS = 20; // per other shop
const ORDERS = n(1_000_000);
const BIG_SHARE = 0.4; // of the orders, in the big shop
const MEMBERS = n(200_000);
const FAVOURITES = 5; // per member, in the big shop
const RECENT = 8;
/** The member whose 'my orders' the benchmark reads: a heavy buyer of the big shop. */
export const HEAVY_BUYER = 100_000;
const HEAVY_ORDERS = Math.min(300, Math.max(10, n(300)));
const FIRST_MEMBER = 100_000;
const FIRST_ORDER = 300_000_000_000; // twelve digits, as the Worker's order ids

const started = Date.now();
await build({
  entryPoints: ["app/shared/search.ts"],
  bundle: true,
  format: "esm",
  platform: "neutral",
  outfile: ".cache/scale-search.mjs",
  logLevel: "warning",
});
await stopEsbuild();
const { indexEntry } = await import(`${process.cwd()}/.cache/scale-search.mjs`);

seedState(SCALE_STATE, { shareImages: false });
const dir = `${SCALE_STATE}/v3/d1/miniflare-D1DatabaseObject`;
const file = readdirSync(dir).find((f) => f.endsWith(".sqlite") && f !== "metadata.sqlite");
const db = new DatabaseSync(`${dir}/${file}`);
// Not durable while loading (a failed seed is run again from nothing); the journal mode stays as
// Miniflare made it.
db.exec("PRAGMA synchronous = OFF; PRAGMA cache_size = -200000");

// A fixed sequence, so two seeds make the same platform (mulberry32).
let state = 39;
function rand() {
  state = (state + 0x6d2b79f5) | 0;
  let t = Math.imul(state ^ (state >>> 15), 1 | state);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = (arr) => arr[Math.floor(rand() * arr.length)];
const int = (lo, hi) => lo + Math.floor(rand() * (hi - lo + 1));

// The triggers that keep shops.content_version and the search queue up to date fire per row:
// off while loading (the index is written here, the versions do not matter to a fresh platform).
const triggers = db
  .prepare("SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name IN (?, ?, ?, ?, ?)")
  .all("products", "product_options", "product_images", "categories", "product_categories");
for (const t of triggers) db.exec(`DROP TRIGGER ${t.name}`);

function inTransaction(label, fn) {
  const t = Date.now();
  db.exec("BEGIN");
  const rows = fn();
  db.exec("COMMIT");
  console.log(`  ${label}: ${rows.toLocaleString("en")} rows in ${((Date.now() - t) / 1000).toFixed(1)} s`);
}

const ADJ = [
  "촉촉한",
  "산뜻한",
  "순한",
  "진한",
  "가벼운",
  "부드러운",
  "맑은",
  "깊은",
  "은은한",
  "쫀쫀한",
  "보송한",
  "청량한",
];
const NOUN = [
  "수분크림",
  "선크림",
  "토너",
  "세럼",
  "클렌징폼",
  "립밤",
  "앰플",
  "마스크팩",
  "바디로션",
  "핸드크림",
  "샴푸",
  "향수",
];
const TAIL = ["50ml", "100ml", "200ml", "기획세트", "대용량", "미니", "리필", "1+1"];
const COLORS = ["01 라이트", "02 내추럴", "03 웜", "04 쿨", "05 딥"];
const CATS = ["스킨케어", "메이크업", "클렌징", "선케어", "바디", "헤어", "향수", "남성", "세트", "소품"];
const SUBS = ["베스트", "신상품", "기초", "특가", "대용량"];
const NAMES = ["김민준", "이서연", "박지호", "최수아", "정하준", "강지우", "조예린", "윤도윤", "장서윤", "임시우"];
const STATUSES = [
  ...Array(12).fill("CONFIRM_DELIVERY"),
  ...Array(4).fill("DONE"),
  "WAITING_PAYMENT",
  "CONFIRM_PAYMENT",
  "READY_FOR_DELIVERY",
  "DELIVERY",
  "CANCELED",
  "REQ_REFUND",
];

const now = Date.now();
const { password_hash: hash } = db.prepare("SELECT password_hash FROM members WHERE uid = 2001").get();

inTransaction("members (shop owners and shoppers)", () => {
  const ins = db.prepare(
    `INSERT INTO members (uid, email, password_hash, name, created_at, updated_at, terms_agreed_at, privacy_agreed_at,
       age_confirmed_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  let rows = 0;
  for (let s = BIG_SHOP; s < BIG_SHOP + SHOPS - 4; s++) {
    const t = Math.floor(now / 1000) - int(0, 3e7);
    ins.run(50_000 + s, `owner@s${s}.scale.test`, hash, pick(NAMES), t, t, t, t, t);
    rows++;
  }
  for (let i = 0; i < MEMBERS; i++) {
    const t = Math.floor(now / 1000) - int(0, 6e7);
    ins.run(FIRST_MEMBER + i, `m${FIRST_MEMBER + i}@scale.test`, hash, pick(NAMES), t, t, t, t, t);
    rows++;
  }
  return rows;
});

inTransaction("shops", () => {
  const ins = db.prepare(
    // Each an 개인 판매자 with the details the law asks for (decision 175), so each takes orders.
    `INSERT INTO shops (id, uid, owner_uid, dom, name, bank_name, bank_account, bank_holder, corpname, tel, join_point,
       seller_type, ceo, email, address, delivery_set_at)
     VALUES (?, ?, ?, ?, ?, '국민은행', '123456-01-000000', ?, ?, '02-000-0000', 1000,
       'individual', '김판매', 'seller@scale.test', '서울특별시 중구 세종대로 110', 0)`,
  );
  for (let s = BIG_SHOP; s < BIG_SHOP + SHOPS - 4; s++) {
    const dom = s === BIG_SHOP ? "big" : `s${s}`;
    const name = s === BIG_SHOP ? "빅 스토어" : `상점 ${s}`;
    ins.run(s, 50_000 + s, 50_000 + s, dom, name, name, `(주)${name}`);
  }
  return SHOPS - 4;
});

// Categories: ten with five children each in the big shop, three in every other shop.
const bigCategories = [];
const shopCategories = new Map();
inTransaction("categories", () => {
  const ins = db.prepare("INSERT INTO categories (shop_id, parent_id, name, sort) VALUES (?, ?, ?, ?)");
  let rows = 0;
  CATS.forEach((name, i) => {
    const parent = Number(ins.run(BIG_SHOP, null, name, i).lastInsertRowid);
    SUBS.forEach((sub, j) => {
      bigCategories.push(Number(ins.run(BIG_SHOP, parent, `${name} ${sub}`, j).lastInsertRowid));
      rows++;
    });
    rows++;
  });
  for (let s = BIG_SHOP + 1; s < BIG_SHOP + SHOPS - 4; s++) {
    shopCategories.set(
      s,
      CATS.slice(0, 3).map((name, i) => Number(ins.run(s, null, name, i).lastInsertRowid)),
    );
    rows += 3;
  }
  return rows;
});

/** Per product id: its options' ids and prices and title, for the order lines. */
const goods = new Map();
const bigIds = [];
const smallIds = new Map();
inTransaction("products, options, photos and the search index", () => {
  const product = db.prepare(
    `INSERT INTO products (sid, shop_id, category_id, title, price, list_price, image, summary, description, like_count,
       comment_count, sort, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const option = db.prepare(
    "INSERT INTO product_options (product_id, name, extra_price, stock, default_option, sort) VALUES (?, ?, ?, ?, ?, ?)",
  );
  const image = db.prepare("INSERT INTO product_images (product_id, image, sort) VALUES (?, ?, ?)");
  const second = db.prepare("INSERT INTO product_categories (product_id, category_id) VALUES (?, ?)");
  const search = db.prepare("INSERT INTO product_search (rowid, shop, body, initials) VALUES (?, ?, ?, ?)");
  const pairs = db.prepare("INSERT INTO product_pairs (rowid, words) VALUES (?, ?)");
  let rows = 0;
  const add = (shop, category, i, categoryNames) => {
    const title = `${pick(ADJ)} ${pick(NOUN)} ${pick(TAIL)} ${i}`;
    const price = int(5, 90) * 1000;
    const key = `shops/s${shop}/p/${i}.jpg`;
    const id = Number(
      product.run(
        `z${shop}-${i}`,
        shop,
        category,
        title,
        price,
        rand() < 0.3 ? price + 5000 : null,
        key,
        "피부에 편안한 데일리 아이템",
        `<p>${title}: 상세 설명입니다.</p>`.repeat(4),
        int(0, 500),
        int(0, 50),
        i,
        Math.floor(now / 1000) - int(0, 6e7),
      ).lastInsertRowid,
    );
    const options = [];
    const count = rand() < 0.5 ? 1 : int(2, 4);
    for (let o = 0; o < count; o++) {
      const name = count === 1 ? "" : COLORS[o];
      options.push(Number(option.run(id, name, o * 1000, int(0, 300), count === 1 ? 1 : 0, o).lastInsertRowid));
    }
    for (let k = 0; k < 3; k++) image.run(id, `shops/s${shop}/p/${i}-${k}.jpg`, k);
    const entry = indexEntry(shop, title, [
      options.length > 1 ? COLORS.slice(0, count).join(" ") : "",
      categoryNames,
      "피부에 편안한 데일리 아이템",
    ]);
    search.run(id, entry.shop, entry.body, entry.initials);
    pairs.run(id, entry.words);
    goods.set(id, { options, price, title, image: key, sid: `z${shop}-${i}` });
    rows += 2 + count + 3;
    return id;
  };
  for (let i = 0; i < BIG_PRODUCTS; i++) {
    const c = bigCategories[i % bigCategories.length];
    const id = add(BIG_SHOP, c, i, CATS[Math.floor((i % bigCategories.length) / SUBS.length)]);
    if (i % 10 === 0) second.run(id, bigCategories[(i * 7 + 3) % bigCategories.length]);
    bigIds.push(id);
  }
  for (let s = BIG_SHOP + 1; s < BIG_SHOP + SHOPS - 4; s++) {
    const ids = [];
    for (let i = 0; i < SMALL_PRODUCTS; i++) ids.push(add(s, shopCategories.get(s)[i % 3], i, CATS[i % 3]));
    smallIds.set(s, ids);
  }
  return rows;
});

inTransaction("shop members, favourites and recent views", () => {
  const join = db.prepare("INSERT INTO shop_members (shop_id, uid, privacy_agreed_at, joined_at) VALUES (?, ?, ?, ?)");
  const fav = db.prepare(
    "INSERT OR IGNORE INTO favourites (shop_id, owner, product_id, created_at) VALUES (?, ?, ?, ?)",
  );
  const view = db.prepare(
    "INSERT OR IGNORE INTO recent_views (shop_id, owner, product_id, viewed_at) VALUES (?, ?, ?, ?)",
  );
  let rows = 0;
  for (let i = 0; i < MEMBERS; i++) {
    const uid = FIRST_MEMBER + i;
    const t = now - int(0, 6e10);
    join.run(BIG_SHOP, uid, t, t);
    for (let k = 0; k < FAVOURITES; k++) fav.run(BIG_SHOP, `m:${uid}`, pick(bigIds), t + k);
    for (let k = 0; k < RECENT; k++) view.run(BIG_SHOP, `m:${uid}`, pick(bigIds), t + k);
    rows += 1 + FAVOURITES + RECENT;
  }
  return rows;
});

inTransaction("orders and their lines", () => {
  const order = db.prepare(
    `INSERT INTO orders (id, shop_id, owner, status, items_price, delivery_price, total_price, pay_method, orderer_name,
       orderer_phone, receiver_name, postcode, address, address_detail, receiver_phone, created_at, deadline, paid_at,
       paid_amount, status_at, stock_taken)
     VALUES (?, ?, ?, ?, ?, ?, ?, 'bank', ?, ?, ?, '06236', '서울특별시 강남구 테헤란로 123', '4층', ?, ?, ?, ?, ?, ?, 1)`,
  );
  const line = db.prepare(
    `INSERT OR IGNORE INTO order_lines (order_id, product_id, option_id, sid, uid, origin_uid, name, opt_name, image,
       unit_price, qty) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const smallShops = [...smallIds.keys()];
  let rows = 0;
  for (let i = 0; i < ORDERS; i++) {
    const big = i < HEAVY_ORDERS || rand() < BIG_SHARE;
    const shop = big ? BIG_SHOP : pick(smallShops);
    const owner = i < HEAVY_ORDERS ? HEAVY_BUYER : FIRST_MEMBER + int(0, MEMBERS - 1);
    const created = now - int(0, 2 * 365 * 86_400_000);
    const status = pick(STATUSES);
    const lines = int(1, 3);
    let items = 0;
    const chosen = [];
    for (let k = 0; k < lines; k++) {
      const id = big ? pick(bigIds) : pick(smallIds.get(shop));
      const g = goods.get(id);
      const qty = int(1, 3);
      chosen.push([id, g, pick(g.options), qty]);
      items += g.price * qty;
    }
    const delivery = items >= 30_000 ? 0 : 3000;
    const phone = `010-${String(int(1000, 9999))}-${String(int(1000, 9999))}`;
    const name = pick(NAMES);
    const paid = status === "WAITING_PAYMENT" || status === "CANCELED" ? null : created + 3_600_000;
    order.run(
      FIRST_ORDER + i,
      shop,
      `m:${owner}`,
      status,
      items,
      delivery,
      items + delivery,
      name,
      phone,
      name,
      phone,
      created,
      created + 86_400_000,
      paid,
      paid ? items + delivery : 0,
      created,
    );
    for (const [id, g, opt, qty] of chosen) {
      line.run(FIRST_ORDER + i, id, opt, g.sid, 50_000 + shop, 50_000 + shop, g.title, "", g.image, g.price, qty);
    }
    rows += 1 + lines;
  }
  return rows;
});

for (const t of triggers) db.exec(t.sql);
db.exec("DELETE FROM search_dirty");
// No ANALYZE: the plans stay those a freshly migrated database gets (and the query-plan test reads).
db.close();

const bytes = statSync(`${dir}/${file}`).size;
console.log(
  `Seeded the scale platform (SCALE=${SCALE}) in ${((Date.now() - started) / 1000).toFixed(0)} s: ${SHOPS} shops, ` +
    `${BIG_PRODUCTS.toLocaleString("en")} products in the big shop, ${ORDERS.toLocaleString("en")} orders, ` +
    `${MEMBERS.toLocaleString("en")} members; ${(bytes / 2 ** 20).toFixed(0)} MiB in ${dir}/${file}`,
);
