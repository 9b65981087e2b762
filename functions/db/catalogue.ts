import type { Category, ListSort, Notice, ProductCard, ProductDetail, ProductOption } from "~/shared/contracts";
import type { DeliveryRule } from "~/shared/money";
import { QUESTIONS_ON_PAGE } from "~/shared/question-limits";
import { questionPageKey, questionPageOf, questionPageStatements } from "./questions";
import { reviewAverage } from "~/shared/review-display";
import { FIRST_PAGE, reviewPageKey, reviewPageOf, reviewPageStatements } from "./review-page";
import { SearchIndex, type SearchMatch } from "./search";
import type { Db } from "./session";

/**
 * Product reads. A pick (ptype 'pick') is a row in the selling shop that points at another
 * shop's product: the selling shop contributes id, sid, category and order; everything about
 * the goods (title, price, image, options, stock, flags) is the origin's, so a price or stock
 * change in the origin shop is seen everywhere at once.
 */
const CARD_COLUMNS = `
  p.id, p.sid, p.ptype, p.shop_id, p.category_id,
  g.id AS goods_id, g.shop_id AS goods_shop_id,
  g.title, g.price, g.list_price, g.image, g.summary,
  g.like_count, g.comment_count, g.adult_only, g.auth_only, g.members_only, g.review_count, g.review_sum,
  (g.sold_out = 1 OR NOT EXISTS (
     SELECT 1 FROM product_options po WHERE po.product_id = g.id AND po.stock > 0)) AS sold_out,
  g.sold_out AS sale_ended`;

/** A selling row's goods: its origin's for a pick, itself otherwise. */
const GOODS_JOIN = "JOIN products g ON g.id = COALESCE(p.origin_product_id, p.id)";
const FROM = `FROM products p ${GOODS_JOIN}`;

/** The lists' orders (LIST_SORTS): the shop's own, newest, cheapest, dearest, most liked. */
const ORDER: Record<ListSort, string> = {
  recommended: "p.sort, p.id",
  new: "p.created_at DESC, p.id DESC",
  price_asc: "g.price, p.sort, p.id",
  price_desc: "g.price DESC, p.sort, p.id",
  popular: "g.like_count DESC, p.sort, p.id",
};

/** Category ?2 of shop ?1 and its children, the categories a list of ?2 shows. */
const CATEGORIES = "(SELECT id FROM categories WHERE shop_id = ?1 AND (id = ?2 OR parent_id = ?2))";

/**
 * Up to this many matches, a search's page is drawn from the matches themselves (each looked up
 * and sorted: under a millisecond); with more, by walking the shop's products in order (decision 138).
 */
const FEW_MATCHES = 200;

/**
 * A search of many matches tests the shop's products in order, one by one, for at most one product
 * per this many matches (decision 140): testing one costs about what putting this many matches in
 * the set the other walk looks products up in costs, so a test walk that falls short (matches too
 * sparse for its page) spends no more than the walk it leaves the page to.
 */
const MATCHES_PER_TEST = 16;

type CardRow = {
  id: number;
  sid: string;
  ptype: "normal" | "pick";
  shop_id: number;
  category_id: number | null;
  goods_id: number;
  goods_shop_id: number;
  title: string;
  price: number;
  list_price: number | null;
  image: string | null;
  summary: string | null;
  like_count: number;
  comment_count: number;
  review_count: number;
  review_sum: number;
  adult_only: number;
  auth_only: number;
  members_only: number;
  sold_out: number;
  sale_ended: number;
};

function toCard(r: CardRow): ProductCard {
  return {
    id: r.id,
    sid: r.sid,
    title: r.title,
    price: r.price,
    list_price: r.list_price,
    // An adult-only picture never goes out on a card: cards are shared pages, the same for all.
    image: r.adult_only === 1 ? null : r.image,
    ptype: r.ptype,
    like: r.like_count,
    // The spec's `comment` is the goods' visible reviews, the number the reviews section counts
    // (decision 168); the old `comment_count` column is no count of anything a shopper sees.
    comment: r.review_count,
    sold_out: r.sold_out === 1,
    sale_ended: r.sale_ended === 1,
    adult: r.adult_only === 1,
    // The goods' counters (migration 0038): a list never counts reviews per card.
    review_count: r.review_count,
    rating: reviewAverage(r.review_sum, r.review_count),
  };
}

/** A product's below-the-fold details (description, delivery terms and seller of the goods' shop). */
export type AdditionalRow = {
  id: number;
  shop_id: number;
  ptype: "normal" | "pick";
  description: string | null;
  shop_name: string;
  delivery_fee: number;
  free_delivery_threshold: number;
  jeju_fee: number;
  island_fee: number;
  /** The goods' own rule (decision 110). */
  delivery_rule: DeliveryRule;
  own_delivery_fee: number;
  delivery_per_qty: number;
  corpname: string | null;
  tel: string | null;
  /** The goods are adult-only: the API covers the description before verification (decision 114). */
  adult_only: number;
};

const ADDITIONAL_SELECT = `SELECT p.id, p.shop_id, p.ptype, g.description, s.name AS shop_name, s.delivery_fee,
         s.free_delivery_threshold, s.jeju_fee, s.island_fee, g.delivery_rule, g.delivery_fee AS own_delivery_fee,
         g.delivery_per_qty, s.corpname, s.tel, g.adult_only
  FROM products p
  JOIN products g ON g.id = COALESCE(p.origin_product_id, p.id)
  JOIN shops s ON s.id = g.shop_id`;

/**
 * Rows read ahead for the rest of one page request (decision 076): what the product page asks next
 * (its details, its recommendations), read in the product's own batch. One per page request,
 * never shared between requests; each entry is taken once.
 */
export class ReadAhead {
  readonly #rows = new Map<string, unknown>();
  constructor(
    /** How many recommendations the page shows: the read-ahead reads exactly those. */
    readonly recommendations: number,
  ) {}
  put(key: string, value: unknown) {
    this.#rows.set(key, value);
  }
  take<T>(key: string): T | undefined {
    const value = this.#rows.get(key) as T | undefined;
    this.#rows.delete(key);
    return value;
  }
  /** Where whether `owner` likes a product is kept, between the catalogue and the favourites. */
  static liked(shopId: number, owner: string, productId: number): string {
    return `liked:${shopId}:${owner}:${productId}`;
  }
}

/** A page of a list as `list` answers it: its cards, how many there are in all, how many pages. */
function listPage(rows: CardRow[], total: number, size: number) {
  return { items: rows.map(toCard), total, pages: Math.max(1, Math.ceil(total / size)) };
}

export class CatalogueStore {
  constructor(
    private readonly db: Db,
    private readonly readAhead: ReadAhead | null = null,
  ) {}

  /** The shop selling a visible product; a sid is unique platform-wide, so it alone says. */
  async shopOfSid(sid: string): Promise<number | null> {
    const row = await this.db
      .prepare("SELECT shop_id FROM products WHERE sid = ? AND visible = 1")
      .bind(sid)
      .first<{ shop_id: number }>();
    return row?.shop_id ?? null;
  }

  async categories(shopId: number): Promise<Category[]> {
    const { results } = await this.db
      // A hidden category leaves the menu; a child of a hidden one goes with it.
      .prepare(
        `SELECT c.id, c.parent_id, c.name FROM categories c LEFT JOIN categories up ON up.id = c.parent_id
         WHERE c.shop_id = ? AND c.visible = 1 AND (up.id IS NULL OR up.visible = 1) ORDER BY c.sort, c.id`,
      )
      .bind(shopId)
      .all<Category>();
    return results;
  }

  category(shopId: number, id: number): Promise<Category | null> {
    return this.db
      .prepare("SELECT id, parent_id, name FROM categories WHERE shop_id = ? AND id = ? AND visible = 1")
      .bind(shopId, id)
      .first<Category>();
  }

  /**
   * A page of the shop's products on show: of a category (0: all) and, with search `terms`, only
   * those the search index finds in this shop (functions/db/search.ts), in the order asked for.
   */
  async list(
    shopId: number,
    category: number,
    page: number,
    size: number,
    sort: ListSort = "recommended",
    terms: string[] = [],
  ) {
    const strict = terms.length > 0 ? SearchIndex.condition(shopId, terms, 5) : null;
    const found = await this.#listed(shopId, category, page, size, sort, strict);
    if (!strict || found.total > 0) return { ...found, loose: false };
    // Nothing found as typed: once more with each word split or one syllable mistyped (decision
    // 129). One more batch only for a search that would otherwise show nothing.
    const loose = SearchIndex.looseCondition(shopId, terms, 5);
    return loose
      ? { ...(await this.#listed(shopId, category, page, size, sort, loose)), loose: true }
      : { ...found, loose: false };
  }

  /** `list`'s page and count, for a search's condition (functions/db/search.ts) or none. */
  async #listed(
    shopId: number,
    category: number,
    page: number,
    size: number,
    sort: ListSort,
    search: SearchMatch | null,
  ) {
    // A product is in its first category (category_id) and in any product_categories names.
    const shown = `p.shop_id = ?1 AND p.visible = 1 AND (?2 = 0 OR p.category_id IN ${CATEGORIES}
        OR p.id IN (SELECT product_id FROM product_categories WHERE category_id IN ${CATEGORIES}))`;
    const args = [shopId, category, size, (page - 1) * size, ...(search?.args ?? [])];
    // The ids of `limit` products after ?4 of those `where` holds, in the order asked. An order by
    // the goods' price or likes is the origin's for a pick: sorting the shop's products joined to
    // their goods took 17-32 ms in the 50,000-product shop (issue 39). The shop's own goods (their
    // goods are themselves) are walked in order on products_shop_price or products_shop_popular, and
    // a shop that carries picks has its picks sorted beside them (picks are few): each part up to
    // the page's end, the page then cut from both. A shop without picks skips in the walk itself.
    const order = ORDER[sort];
    const byGoods = order.includes("g.");
    const paged = (where: string, limit = "?3", offset = "?4") => {
      if (!byGoods)
        return `SELECT p.id FROM products p WHERE ${where} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`;
      const picks = `EXISTS (SELECT 1 FROM products WHERE shop_id = ?1 AND visible = 1 AND ptype = 'pick')`;
      return `SELECT p.id ${FROM} WHERE p.id IN (
          SELECT id FROM (SELECT p.id FROM products p WHERE ${where} AND p.ptype = 'normal'
            ORDER BY ${order.replaceAll("g.", "p.")}
            LIMIT CASE WHEN ${picks} THEN (${limit}) + ${offset} ELSE ${limit} END OFFSET CASE WHEN ${picks} THEN 0 ELSE ${offset} END)
          UNION ALL SELECT id FROM (SELECT p.id ${FROM} WHERE ${where} AND p.ptype = 'pick'
            ORDER BY ${order} LIMIT CASE WHEN ${picks} THEN (${limit}) + ${offset} ELSE 0 END))
        ORDER BY ${order} LIMIT ${limit} OFFSET CASE WHEN ${picks} THEN ${offset} ELSE 0 END`;
    };
    // The page's ids first, then their cards: a far page's OFFSET then skips entries of the index
    // the order walks (products_shop_sort, products_shop_created), not joined rows; page 500 costs
    // what page 1 does (issue 39).
    const pageOf = (where: string) =>
      `SELECT ${CARD_COLUMNS} ${FROM} WHERE p.id IN (${paged(where)}) ORDER BY ${order}`;
    if (!search) {
      const [rows, count] = await this.db.batch([
        this.db.prepare(pageOf(shown)).bind(...args),
        // D1 wants exactly the parameters a statement has: ?3 and ?4 exist here only beside later
        // ones. Counted on the selling rows alone: each has its goods (a pick goes with its
        // origin), and without the join the count walks only the index (issue 39). A category's
        // products are counted where the indexes hold them, those its categories name first and
        // those product_categories adds besides (CROSS JOIN: from its rows, not the shop's):
        // testing each of the shop's 50,000 products for both took 5-7 ms for a category of 1,000.
        this.db
          .prepare(
            `SELECT CASE WHEN ?2 = 0 THEN (SELECT COUNT(*) FROM products p WHERE p.shop_id = ?1 AND p.visible = 1)
             ELSE (SELECT COUNT(*) FROM products p WHERE p.shop_id = ?1 AND p.visible = 1 AND p.category_id IN ${CATEGORIES})
               + (SELECT COUNT(DISTINCT pc.product_id) FROM product_categories pc CROSS JOIN products p ON p.id = pc.product_id
                  WHERE pc.category_id IN ${CATEGORIES} AND p.shop_id = ?1 AND p.visible = 1
                    AND (p.category_id IS NULL OR p.category_id NOT IN ${CATEGORIES})) END AS n`,
          )
          .bind(shopId, category),
      ]);
      return listPage(rows!.results as CardRow[], (count!.results[0] as { n: number }).n, size);
    }
    // The matches (`m`) are read from the index once, for the page and its count alike: asked
    // twice, the trigram index's work was half of a search's queries (issue 39). A search of short
    // words alone is the exception: its count is one word's list, which the plan that tests
    // products one by one need not hold all of (ㅋ: 20,789 ids kept took 2.5 ms). The number of
    // matches (`hits`) is the count shown once nothing waits in search_dirty (the index then holds
    // exactly the products on show of each shop) and everything (category 0) is asked; otherwise
    // each match is looked up by id (CROSS JOIN keeps that order). CASE runs only the branch it
    // takes; a subquery that names nothing outside is run once, not per card.
    const matched = `WITH m(id) AS ${search.has ? "NOT MATERIALIZED" : "MATERIALIZED"} (${search.ids}),
      hits(n) AS MATERIALIZED (SELECT COUNT(*) FROM m),
      total(n) AS MATERIALIZED (SELECT CASE WHEN ?2 = 0 AND NOT EXISTS (SELECT 1 FROM search_dirty)
        THEN (SELECT n FROM hits)
        ELSE (SELECT COUNT(*) FROM m CROSS JOIN products p ON p.id = m.id WHERE ${shown}) END)`;
    // The page's ids by one of three plans, chosen by the number of matches; the plans not taken
    // have LIMIT 0, which SQLite tests before its loop, so they read nothing (a condition in WHERE
    // on the count was tested row by row: both plans ran).
    // - Few (decision 138): looked up by id and sorted. Walking alone, a word found in one product
    //   of the 50,000-product shop read every one of them (3 ms; now 0.1 ms).
    // - Many, of short words alone, on a page near the start (decision 140): the shop's products
    //   tested one by one in the order asked, up to one per MATCHES_PER_TEST matches, until the page
    //   is full (`tested`, in that order). ㅋ, 20,789 of the big shop's 50,000, took 10 ms by the
    //   walk below, as it put them all in a set first; this finds its page in 50 tests.
    // - Otherwise, and when the tests fell short of the page: the shop's products walked in order
    //   and each looked up in the set of matches.
    const few = `(SELECT n FROM hits) <= ${FEW_MATCHES}`;
    let tested = "";
    let testedPage = "";
    let enough = "0";
    if (search.has) {
      const tests = `(SELECT n FROM hits) / ${MATCHES_PER_TEST}`;
      const walk = paged(shown, `CASE WHEN NOT ${few} AND ?4 + ?3 <= ${tests} THEN ${tests} ELSE 0 END`, "0");
      tested = `, tested(id) AS MATERIALIZED (SELECT id FROM (${walk}) w WHERE ${search.has("w.id")} LIMIT ?4 + ?3)`;
      enough = `(SELECT COUNT(*) FROM tested) >= min(?4 + ?3, (SELECT n FROM total))`;
      testedPage = `UNION ALL SELECT id FROM (SELECT id FROM tested LIMIT CASE WHEN ${enough} THEN ?3 ELSE 0 END OFFSET ?4)`;
    }
    const ids = `SELECT id FROM (SELECT p.id FROM m CROSS JOIN products p ON p.id = m.id ${byGoods ? GOODS_JOIN : ""}
          WHERE ${shown} ORDER BY ${order} LIMIT CASE WHEN ${few} THEN ?3 ELSE 0 END OFFSET ?4)
        ${testedPage}
        UNION ALL SELECT id FROM (${paged(`${shown} AND p.id IN m`, `CASE WHEN ${few} OR ${enough} THEN 0 ELSE ?3 END`)})`;
    const { results } = await this.db
      .prepare(
        `${matched}${tested} SELECT (SELECT n FROM total) AS total, ${CARD_COLUMNS} ${FROM} WHERE p.id IN (${ids}) ORDER BY ${order}`,
      )
      .bind(...args)
      .all<CardRow & { total: number }>();
    if (results.length > 0 || page === 1) return listPage(results, results[0]?.total ?? 0, size);
    // A page past the last has no card to carry the count: asked alone (a stale link, rare), the
    // unused ?3 and ?4 selected since D1 wants every parameter it is given to be in the statement.
    const total = await this.db
      .prepare(`${matched} SELECT (SELECT n FROM total) AS n, ?3, ?4`)
      .bind(...args)
      .first<number>("n");
    return listPage([], total ?? 0, size);
  }

  /** Products search engines may list, by id after `after`, `size` at a time; the first page also the categories. */
  async sitemap(shopId: number, after: number, size: number, fileSize: number) {
    const [products, categories, notices, parts] = await this.db.batch([
      this.db
        .prepare(
          `SELECT id, sid, created_at FROM products
           WHERE shop_id = ?1 AND visible = 1 AND adult_only = 0 AND id > ?2 ORDER BY id LIMIT ?3`,
        )
        .bind(shopId, after, size),
      this.db.prepare("SELECT id FROM categories WHERE shop_id = ?1 AND ?2 = 0 ORDER BY sort, id").bind(shopId, after),
      this.db.prepare("SELECT COUNT(*) AS n FROM notices WHERE shop_id = ?1").bind(shopId),
      // Where the later sitemap files start: every fileSize-th id, each found by skipping that many
      // entries of the index from the last (a window function numbering them all took 35-105 ms
      // for 50,000 products, this 2 ms), when a product follows it: a catalogue of exactly two
      // files' products has no empty third file (the protocol wants a <url> in every file).
      this.db
        .prepare(
          `WITH RECURSIVE part(id) AS (
             SELECT 0 WHERE ?2 = 0
             UNION ALL
             SELECT (SELECT p.id FROM products p WHERE p.shop_id = ?1 AND p.visible = 1 AND p.adult_only = 0
                       AND p.id > part.id ORDER BY p.id LIMIT 1 OFFSET ?3 - 1)
             FROM part WHERE part.id IS NOT NULL)
           SELECT id FROM part WHERE id > 0 AND EXISTS (SELECT 1 FROM products p WHERE p.shop_id = ?1
             AND p.visible = 1 AND p.adult_only = 0 AND p.id > part.id)`,
        )
        .bind(shopId, after, fileSize),
    ]);
    const rows = products!.results as { id: number; sid: string; created_at: number }[];
    return {
      products: rows,
      categories: (categories!.results as { id: number }[]).map((c) => c.id),
      notices: (notices!.results[0] as { n: number }).n,
      next: rows.length === size ? rows.at(-1)!.id : null,
      parts: (parts!.results as { id: number }[]).map((p) => p.id),
    };
  }

  /**
   * A product as sold by this shop (its own, or a pick it carries), with everything its page
   * needs, in one round trip: the product and both shops, its options and its pictures (the goods'
   * options and pictures found by the same shop and sid, so no statement waits for another).
   * On a page request, also its details, its recommendations and, for `likedBy`, whether they
   * like it: the page's next questions (decision 076).
   */
  async page(shopId: number, sid: string, likedBy: string | null = null): Promise<ProductDetail | null> {
    const goods = `(SELECT COALESCE(origin_product_id, id) FROM products WHERE shop_id = ?1 AND sid = ?2 AND visible = 1)`;
    const ahead = this.readAhead;
    const [row, options, images, additional, related, questionTarget, questionRows, ...rest] = await this.db.batch([
      this.db
        .prepare(
          `SELECT ${CARD_COLUMNS}, s.uid AS shop_uid, s.name AS shop_name, o.uid AS origin_uid, o.name AS origin_name
           ${FROM} JOIN shops s ON s.id = p.shop_id JOIN shops o ON o.id = g.shop_id
           WHERE p.shop_id = ?1 AND p.sid = ?2 AND p.visible = 1`,
        )
        .bind(shopId, sid),
      this.db
        .prepare(
          `SELECT id, name, extra_price, stock, default_option FROM product_options WHERE product_id = ${goods} ORDER BY sort, id`,
        )
        .bind(shopId, sid),
      this.db.prepare(`SELECT image FROM product_images WHERE product_id = ${goods} ORDER BY sort`).bind(shopId, sid),
      // On a page request, the page's next two questions, found by the same shop and sid.
      ...(ahead
        ? [
            this.db
              .prepare(`${ADDITIONAL_SELECT} WHERE p.shop_id = ?1 AND p.sid = ?2 AND p.visible = 1`)
              .bind(shopId, sid),
            this.relatedStatement(
              shopId,
              "(SELECT id FROM products WHERE shop_id = ?1 AND sid = ?4 AND visible = 1)",
              "0",
            ).bind(shopId, 0, ahead.recommendations, sid),
            // 상품문의's first page (decision 118).
            ...questionPageStatements(this.db, shopId, sid, QUESTIONS_ON_PAGE),
            // The reviews' summary, strip and first few (decision 119).
            ...reviewPageStatements(this.db, shopId, "sid", sid, FIRST_PAGE),
          ]
        : []),
      ...(ahead && likedBy
        ? [
            this.db
              .prepare(
                `SELECT COUNT(*) AS n FROM favourites WHERE shop_id = ?1 AND owner = ?3
                 AND product_id = (SELECT id FROM products WHERE shop_id = ?1 AND sid = ?2 AND visible = 1)`,
              )
              .bind(shopId, sid, likedBy),
          ]
        : []),
    ]);
    const reviews = ahead ? rest.splice(0, 3) : [];
    const liked = rest[0];
    const product = row!.results[0] as
      (CardRow & { shop_uid: number; shop_name: string; origin_uid: number; origin_name: string }) | undefined;
    if (!product) return null;
    if (ahead && additional && related) {
      ahead.put(`additional:${product.id}`, additional.results[0] ?? null);
      ahead.put(`related:${shopId}:${product.id}:0`, (related.results as CardRow[]).map(toCard));
      if (questionTarget && questionRows) {
        ahead.put(questionPageKey(product.id, QUESTIONS_ON_PAGE), questionPageOf(questionTarget, questionRows));
      }
      if (reviews.length === 3) ahead.put(reviewPageKey(product.id), reviewPageOf(reviews, FIRST_PAGE));
    }
    if (ahead && likedBy && liked) {
      ahead.put(ReadAhead.liked(shopId, likedBy, product.id), (liked.results[0] as { n: number }).n > 0);
    }
    return toDetail(
      product,
      { shop: product.shop_name, origin: product.origin_name, uid: product.shop_uid, originUid: product.origin_uid },
      options!.results as OptionRow[],
      images!.results as { image: string }[],
    );
  }

  /**
   * What a product page shows below the fold, in one query: the description and the delivery
   * terms and seller of the shop that owns the goods (it ships them, also for a pick).
   */
  async additional(productId: number): Promise<AdditionalRow | null> {
    const ahead = this.readAhead?.take<AdditionalRow | null>(`additional:${productId}`);
    if (ahead !== undefined) return ahead;
    return this.db
      .prepare(`${ADDITIONAL_SELECT} WHERE p.id = ? AND p.visible = 1`)
      .bind(productId)
      .first<AdditionalRow>();
  }

  /**
   * Recommendations for a product page: type 0 favours the same category, type 1 the shop's
   * most liked. Never the product itself, nor goods nobody can buy now (sale ended, or every
   * option out of stock); at most `limit`.
   */
  async related(shopId: number, productId: number, type: "0" | "1", limit: number): Promise<ProductCard[] | null> {
    // Read ahead with the product (which belongs to this shop, or it would not have been found).
    const ahead = type === "0" && this.readAhead?.recommendations === limit;
    const cards = ahead ? this.readAhead!.take<ProductCard[]>(`related:${shopId}:${productId}:0`) : undefined;
    if (cards) return cards;
    // One round trip: does the product belong to this shop, and what goes with it.
    const [owner, related] = await this.db.batch([
      this.db
        .prepare("SELECT 1 AS ok FROM products WHERE id = ? AND shop_id = ? AND visible = 1")
        .bind(productId, shopId),
      this.relatedStatement(shopId, "?2", type).bind(shopId, productId, limit),
    ]);
    if (owner!.results.length === 0) return null;
    return (related!.results as CardRow[]).map(toCard);
  }

  /**
   * Recommendations of this shop's product `product` (an SQL expression): type 0 favours the same
   * category, type 1 the shop's most liked. Never the product itself, nor goods nobody can buy now
   * (sale ended, or every option out of stock); at most ?3. ?1 is the shop, ?2 the product's id.
   */
  private relatedStatement(shopId: number, product: string, type: "0" | "1") {
    // Sorting every product on show by its goods' likes costs 80 ms in a 50,000-product shop
    // (issue 39). So each part below stops at ?3 rows, and the shop's own goods (where the likes
    // are the row's own) are walked in order, the category's on products_shop_category_liked
    // (sorting a category of 1,000 took 11 ms), the rest on products_shop_liked; picks (whose
    // likes are their origin's) are few enough to sort. The parts do not overlap; the outer order
    // is the one the recommendations always had.
    const category = `(SELECT category_id FROM products WHERE id = ${product} AND shop_id = ?1)`;
    const parts: [rank: number, where: string][] =
      type === "0"
        ? [
            [0, `p.category_id IS ${category}`],
            [1, `p.category_id IS NOT ${category}`],
          ]
        : [[0, "1"]];
    // Within a part, the outer order's own terms (so ties at the part's end fall as they always did).
    const likes = type === "0" ? ["p.like_count DESC"] : ["p.like_count DESC", "p.comment_count DESC"];
    const orderOf = (ptype: "normal" | "pick") =>
      likes.map((term) => (ptype === "pick" ? term.replace("p.", "g.") : term)).join(", ");
    const selects = parts.flatMap(([rank, where]) =>
      (["normal", "pick"] as const).map(
        (ptype) => `SELECT * FROM (SELECT ${CARD_COLUMNS}, ${rank} AS part ${FROM}
          WHERE p.shop_id = ?1 AND p.visible = 1 AND p.ptype = '${ptype}' AND p.id != ${product} AND ${where}
            AND g.sold_out = 0 AND EXISTS (SELECT 1 FROM product_options o WHERE o.product_id = g.id AND o.stock > 0)
          ORDER BY ${orderOf(ptype)}, p.id
          LIMIT ?3)`,
      ),
    );
    const order = type === "0" ? "part, like_count DESC, id" : "like_count DESC, comment_count DESC, id";
    return this.db.prepare(`SELECT * FROM (${selects.join(" UNION ALL ")}) ORDER BY ${order} LIMIT ?3`);
  }

  async byIds(ids: number[]): Promise<(ProductCard & { shopid: number })[]> {
    if (ids.length === 0) return [];
    const { results } = await this.db
      .prepare(`SELECT ${CARD_COLUMNS} ${FROM} WHERE p.visible = 1 AND p.id IN (SELECT value FROM json_each(?))`)
      .bind(JSON.stringify(ids))
      .all<CardRow>();
    const byId = new Map(results.map((r) => [r.id, { ...toCard(r), shopid: r.shop_id }]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  async notices(shopId: number, page: number, size: number) {
    const [rows, count] = await this.db.batch([
      this.db
        .prepare(
          `SELECT id, title, body, pinned, created_at FROM notices WHERE shop_id = ?
           ORDER BY pinned DESC, created_at DESC, id DESC LIMIT ? OFFSET ?`,
        )
        .bind(shopId, size, (page - 1) * size),
      this.db.prepare("SELECT COUNT(*) AS n FROM notices WHERE shop_id = ?").bind(shopId),
    ]);
    const total = (count!.results[0] as { n: number }).n;
    const items: Notice[] = (rows!.results as (Omit<Notice, "pinned"> & { pinned: number })[]).map((n) => ({
      ...n,
      pinned: n.pinned === 1,
    }));
    return { items, pages: Math.max(1, Math.ceil(total / size)) };
  }

  /** One notice of this shop, or null (another shop's is none). */
  async notice(shopId: number, id: number): Promise<Notice | null> {
    const row = await this.db
      .prepare("SELECT id, title, body, pinned, created_at FROM notices WHERE shop_id = ? AND id = ?")
      .bind(shopId, id)
      .first<Omit<Notice, "pinned"> & { pinned: number }>();
    return row ? { ...row, pinned: row.pinned === 1 } : null;
  }

  /**
   * The shop's own goods with their options' stock, for its console (picks are the origin shop's
   * stock, not this one's). `q` matches the title.
   */
  async stockList(shopId: number, f: { page: number; size: number; q: string }) {
    const where = "p.shop_id = ?1 AND p.ptype = 'normal' AND (?2 = '' OR p.title LIKE '%' || ?2 || '%')";
    const [rows, count] = await this.db.batch([
      this.db
        .prepare(
          `SELECT p.id AS product_id, p.sid, p.title, p.image, p.sold_out, p.visible,
             (p.image IS NOT NULL)
               + (SELECT COUNT(*) FROM product_images i WHERE i.product_id = p.id AND i.image IS NOT p.image) AS photos,
             o.id AS option_id, o.name AS option_name, o.stock
           FROM (SELECT * FROM products p WHERE ${where} ORDER BY p.id DESC LIMIT ?3 OFFSET ?4) p
           JOIN product_options o ON o.product_id = p.id
           ORDER BY p.id DESC, o.sort, o.id`,
        )
        .bind(shopId, f.q, f.size, (f.page - 1) * f.size),
      this.db.prepare(`SELECT COUNT(*) AS n FROM products p WHERE ${where}`).bind(shopId, f.q),
    ]);
    type Row = {
      product_id: number;
      sid: string;
      title: string;
      image: string | null;
      photos: number;
      sold_out: number;
      visible: number;
      option_id: number;
      option_name: string;
      stock: number;
    };
    const products = new Map<
      number,
      {
        id: number;
        sid: string;
        title: string;
        image: string | null;
        photos: number;
        sold_out: boolean;
        visible: boolean;
        options: { id: number; name: string; stock: number }[];
      }
    >();
    for (const r of rows!.results as Row[]) {
      const p = products.get(r.product_id) ?? {
        id: r.product_id,
        sid: r.sid,
        title: r.title,
        image: r.image,
        photos: r.photos,
        sold_out: r.sold_out === 1,
        visible: r.visible === 1,
        options: [],
      };
      p.options.push({ id: r.option_id, name: r.option_name, stock: r.stock });
      products.set(r.product_id, p);
    }
    const total = (count!.results[0] as { n: number }).n;
    return { items: [...products.values()], pages: Math.max(1, Math.ceil(total / f.size)) };
  }

  /** Sets one option's stock, only for an option of this shop's own goods. False when it is not one. */
  async setStock(shopId: number, optionId: number, stock: number): Promise<boolean> {
    const res = await this.db
      .prepare(
        `UPDATE product_options SET stock = ?3
         WHERE id = ?2 AND product_id IN (SELECT id FROM products WHERE shop_id = ?1 AND ptype = 'normal')`,
      )
      .bind(shopId, optionId, stock)
      .run();
    return (res.meta.changes ?? 0) > 0;
  }

  /** Writes a notice of this shop: a new one, or the one `id` names. Null when `id` is not this shop's. */
  async saveNotice(
    shopId: number,
    n: { id?: number; title: string; body: string; pinned: boolean },
  ): Promise<number | null> {
    if (n.id) {
      const res = await this.db
        .prepare("UPDATE notices SET title = ?3, body = ?4, pinned = ?5 WHERE id = ?2 AND shop_id = ?1")
        .bind(shopId, n.id, n.title, n.body, n.pinned ? 1 : 0)
        .run();
      return (res.meta.changes ?? 0) > 0 ? n.id : null;
    }
    const row = await this.db
      .prepare("INSERT INTO notices (shop_id, title, body, pinned) VALUES (?, ?, ?, ?) RETURNING id")
      .bind(shopId, n.title, n.body, n.pinned ? 1 : 0)
      .first<{ id: number }>();
    return row?.id ?? null;
  }

  /** Deletes a notice of this shop. False when `id` is not one. */
  async deleteNotice(shopId: number, id: number): Promise<boolean> {
    const res = await this.db.prepare("DELETE FROM notices WHERE id = ? AND shop_id = ?").bind(id, shopId).run();
    return (res.meta.changes ?? 0) > 0;
  }
}

type OptionRow = Omit<ProductOption, "default_option"> & { default_option: number };

/** A product page's product from its row, its goods' options and pictures. */
function toDetail(
  row: CardRow,
  names: { shop: string; origin: string; uid: number; originUid: number },
  options: OptionRow[],
  images: { image: string }[],
): ProductDetail {
  return {
    ...toCard(row),
    uid: names.uid,
    origin_uid: names.originUid,
    shop_name: names.shop,
    origin_shop_name: names.origin,
    category_id: row.category_id,
    summary: row.summary,
    images: [...new Set([...(row.image ? [row.image] : []), ...images.map((i) => i.image)])],
    options: options.map((o) => ({ ...o, default_option: o.default_option === 1 })),
    adult_only: row.adult_only === 1,
    auth_only: row.auth_only === 1,
    members_only: row.members_only === 1,
  };
}
