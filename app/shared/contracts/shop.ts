/** The shop, its catalogue and its notices (spec §1, §3, §7): what every page reads. */
import { z } from "zod";
import { LIST_SORTS } from "../sorts";
import { DELIVERY_RULES } from "../money";
import { LEGAL_FIELDS, SELLER_TYPES } from "../seller";
import { endpoint, flag, id, nullableText, page } from "./core";

export const SkinDetail = z.object({
  ratio: z.number(),
  bg: z.string(),
  color: z.string(),
  price: z.string(),
  bg1: z.string(),
  prod_size: z.number(),
  price_size: z.number(),
  hot: z.string(),
  new: z.string(),
  elevation: z.number(),
  show_prod: z.number(),
  show_price: z.number(),
});
export type SkinDetail = z.infer<typeof SkinDetail>;

export const ShopInfo = z.object({
  shopid: z.number().int(),
  uid: z.number().int(),
  dom: z.string(),
  dom3: nullableText,
  /** Absolute home address of the shop: its custom domain when set, else its sub-domain. */
  url: z.string(),
  status: z.enum(["open", "preparing", "closed"]),
  shop_type: z.enum(["shop", "restaurant"]),
  name: z.string(),
  mcolor: z.string(),
  mcolor2: nullableText,
  scolor: z.string(),
  scolor2: nullableText,
  btn_color: nullableText,
  themeColor: nullableText,
  bgimg: z.string(),
  font_name: z.string(),
  font_size: z.number(),
  header_height: z.number(),
  logo: nullableText,
  use_logo: z.boolean(),
  logo_height: z.number(),
  show_link: z.boolean(),
  design: z.object({ skin: z.string(), value: SkinDetail }),
  notice: nullableText,
  linkpage: nullableText,
  naver: nullableText,
  youtube: nullableText,
  instagram: nullableText,
  link1: nullableText,
  help_email: nullableText,
  kakao_cs: nullableText,
  kakao_link: nullableText,
  profile: nullableText,
  facebook_pixel: nullableText,
  facebook_moco_pixel: nullableText,
  rat: nullableText,
  g_tagid: nullableText,
  agency_g_tagid: nullableText,
  agency_gtag_id: nullableText,
  point: z.boolean(),
  join_point: z.number(),
  /** Points earned at purchase confirmation, in percent of what was paid; used in units of point_unit. */
  point_rate: z.number().default(1),
  point_unit: z.number().int().positive().default(10),
  /** Who sells (decision 175): individual, sole (개인사업자), corporate; null until chosen. */
  seller_type: z.enum(SELLER_TYPES).nullable().default(null),
  /**
   * The seller details the law asks for that the shop still lacks (app/shared/seller.ts
   * `legalGaps`): while any is missing it takes no orders and its pages say so. An upstream's
   * answer has none: it takes its own orders.
   */
  legal_gaps: z.array(z.enum(LEGAL_FIELDS)).default([]),
  /**
   * Paid through the platform's Toss contract (decision 178): the platform is then a
   * 통신판매중개자, and the footer and order sheet say it is not a party to the sale.
   */
  broker: z.boolean().default(false),
  corp: nullableText,
  corpname: nullableText,
  ceo: nullableText,
  idnum: nullableText,
  idnum_singo: nullableText,
  zipcode: nullableText,
  address: nullableText,
  tel: nullableText,
  email: nullableText,
  kcp_code: nullableText,
  /** The footer's 개인정보관리책임자 (decision 107); an upstream's answer has none. */
  privacy_officer: nullableText.default(null),
  /** Extra delivery fee per shipping group to 제주 / 도서산간 postcodes (decision 107, not yet charged). */
  jeju_fee: z.number().int().default(0),
  island_fee: z.number().int().default(0),
  /**
   * The purchase-safety service (에스크로) the shop offers through its own Toss Payments contract
   * (decision 103): its 상점아이디 (MID) for the footer's verification link, and which cash-like
   * choices it covers. Null when it offers none; an upstream's answer has no such field.
   */
  escrow: z
    .object({ provider: z.literal("toss"), mid: z.string(), vbank: z.boolean() })
    .nullable()
    .default(null),
  free_delivery_threshold: z.number().int(),
  delivery_fee: z.number().int(),
  /**
   * The embedded API's count of changes to what the shop's pages show (decision 077): the edge
   * page cache's key. Not in the spec's answer: without it (an upstream) pages are not cached.
   */
  content_version: z.number().int().optional(),
  /** The owner's user id when it is not `uid` (decision 108: shops opened on the platform, transfers). */
  owner_uid: z.number().int().optional(),
  /** A platform admin closed the shop for now (decision 108): shoppers get the closed page. */
  suspended: z.boolean().optional(),
});
export type ShopInfo = z.infer<typeof ShopInfo>;

export const Category = z.object({
  id: z.number().int(),
  parent_id: z.number().int().nullable(),
  name: z.string(),
});
export type Category = z.infer<typeof Category>;

export const ProductCard = z.object({
  id: z.number().int(),
  sid: z.string(),
  title: z.string(),
  price: z.number().int(),
  list_price: z.number().int().nullable(),
  image: z.string().nullable(),
  ptype: z.enum(["normal", "pick"]),
  like: z.number().int(),
  comment: z.number().int(),
  /** Nothing can be bought now: the sale ended, or every option is out of stock (품절). */
  sold_out: z.boolean(),
  /** The owner ended the sale (판매 종료), as opposed to being out of stock for now. */
  sale_ended: z.boolean().default(false),
  /** Adult-only (AGE19): the card shows the 19 mark and no picture (`image` null; decision 114). */
  adult: z.boolean().default(false),
  /** Visible reviews of the goods (a pick's origin's) and their average, one decimal (decision 119). */
  review_count: z.number().int().default(0),
  rating: z.number().default(0),
});
export type ProductCard = z.infer<typeof ProductCard>;

export const ProductOption = z.object({
  id: z.number().int(),
  name: z.string(),
  extra_price: z.number().int(),
  stock: z.number().int(),
  default_option: z.boolean(),
});
export type ProductOption = z.infer<typeof ProductOption>;

export const ProductDetail = ProductCard.extend({
  /** The shop selling it here (uid) and, for a pick, the shop that owns the goods. */
  uid: z.number().int(),
  origin_uid: z.number().int(),
  origin_shop_name: z.string(),
  shop_name: z.string(),
  category_id: z.number().int().nullable(),
  summary: z.string().nullable(),
  images: z.array(z.string()),
  options: z.array(ProductOption),
  adult_only: z.boolean(),
  auth_only: z.boolean(),
  members_only: z.boolean(),
});
export type ProductDetail = z.infer<typeof ProductDetail>;

export const AdditionalInfo = z.object({
  id: z.number().int(),
  description: z.string(),
  delivery: z.object({
    fee: z.number().int(),
    free_threshold: z.number().int(),
    shop_name: z.string(),
    /**
     * The goods' own rule (decision 110): the shop's fee, free, or a fee of their own per box
     * (`per_qty` pieces a box, 0 for one box whatever the quantity), and the shop's extra for
     * 제주 / 도서산간. Not in the spec's answer: an upstream's product follows the shop's fee.
     */
    rule: z.enum(DELIVERY_RULES).default("shop"),
    own_fee: z.number().int().default(0),
    per_qty: z.number().int().default(0),
    jeju_fee: z.number().int().default(0),
    island_fee: z.number().int().default(0),
  }),
  seller: z.object({ corpname: z.string().nullable(), tel: z.string().nullable() }),
});
export type AdditionalInfo = z.infer<typeof AdditionalInfo>;

export { LIST_SORTS, type ListSort } from "../sorts";
/** An unknown sort is the default one, not an error: links get old and shared. */
const listSort = z.enum(LIST_SORTS).catch("recommended").default("recommended");

export const ProductPage = z.object({
  items: z.array(ProductCard),
  page: z.number().int(),
  pages: z.number().int(),
  total: z.number().int(),
  category: Category.nullable(),
});
export type ProductPage = z.infer<typeof ProductPage>;

export const Notice = z.object({
  id: z.number().int(),
  title: z.string(),
  body: z.string(),
  pinned: z.boolean(),
  created_at: z.number().int(),
});
export type Notice = z.infer<typeof Notice>;

export const shopApi = {
  shopInfo: endpoint({
    method: "GET",
    path: "/api/myshp/get/info",
    query: z.object({ id: z.string().trim().min(1).max(253), domain: flag.default(true) }),
    response: ShopInfo,
  }),
  shopDomains: endpoint({
    method: "GET",
    path: "/api/myshp/get/info/v2",
    query: z.object({ id }),
    response: z.object({ dom: z.string(), dom3: nullableText }),
  }),
  shopDomainInfo: endpoint({
    method: "GET",
    path: "/api/myshp/shopid/info/dom",
    query: z.object({ shopid: id.optional(), dom: z.string().trim().min(1).max(253).optional() }),
    response: z.object({
      shopid: z.number().int(),
      uid: z.number().int(),
      dom: z.string(),
      dom3: nullableText,
      url: z.string(),
    }),
  }),
  categories: endpoint({
    method: "GET",
    path: "/api/myshp/get/categories",
    query: z.object({ shopid: id }),
    response: z.object({ categories: z.array(Category) }),
  }),
  productList: endpoint({
    method: "GET",
    path: "/api/myshp/get/product/list",
    query: z.object({
      shopid: id,
      category: z.coerce.number().int().min(0).default(0),
      page,
      size: z.coerce.number().int().min(1).max(60).default(20),
      sort: listSort,
    }),
    response: ProductPage,
  }),
  /** What search engines may list of a shop, a page of products at a time (sitemap.xml). */
  sitemapEntries: endpoint({
    method: "GET",
    path: "/api/myshp/get/sitemap",
    query: z.object({
      shopid: id,
      /** Products after this id (keyset paging; 0 to start, which also answers the categories). */
      after: z.coerce.number().int().min(0).default(0),
    }),
    response: z.object({
      products: z.array(z.object({ id: z.number().int(), sid: z.string(), created_at: z.number() })),
      categories: z.array(z.number().int()),
      notices: z.number().int(),
      /** The `after` of the next page, or null at the end. */
      next: z.number().int().nullable(),
      /**
       * On the first page (after 0): where each sitemap file after the first starts, the id of
       * every SITEMAP_FILE_PRODUCTS-th product (app/shared/limits.ts); empty while all fit in one file.
       */
      parts: z.array(z.number().int()),
    }),
  }),
  /** On-site search over this shop's products: titles, options, categories (decision 067). */
  productSearch: endpoint({
    method: "GET",
    path: "/api/myshp/search/product",
    query: z.object({
      shopid: id,
      q: z.string().max(200).default(""),
      page,
      size: z.coerce.number().int().min(1).max(60).default(20),
      sort: listSort,
    }),
    response: ProductPage.extend({
      q: z.string(),
      /** Found only with a word split or one syllable mistyped (decision 129): "비슷한 상품". */
      loose: z.boolean(),
      /** On the empty search (no words): the shop's popular searches, most first. */
      popular: z.array(z.string()),
    }),
  }),
  productDetail: endpoint({
    method: "GET",
    path: "/myshp/v2/get/product/detail",
    query: z.object({ sid: z.string().trim().min(1).max(64), shopid: id }),
    response: ProductDetail,
  }),
  additionalInfo: endpoint({
    method: "GET",
    path: "/myshp/get/product/additional_info",
    query: z.object({ id, shopid: id }),
    response: AdditionalInfo,
  }),
  pickableAdditionalInfo: endpoint({
    method: "GET",
    path: "/myshp/get/pickable/product/additional_info",
    query: z.object({ id }),
    response: AdditionalInfo,
  }),
  combinedContents: endpoint({
    method: "GET",
    path: "/myshp/v2/get/combined/contents/v2",
    // type 0: more from the same category; type 1: the shop's most liked
    query: z.object({ pid: id, type: z.enum(["0", "1"]).default("0"), shopid: id }),
    response: z.object({ items: z.array(ProductCard) }),
  }),
  pidListInfo: endpoint({
    method: "GET",
    path: "/api/product/pidlist/info",
    query: z.object({
      pidlist: z
        .string()
        .regex(/^\d+(,\d+)*$/)
        .transform((s) => [...new Set(s.split(",").map(Number))])
        .pipe(z.array(z.number().int().positive()).max(100)),
    }),
    response: z.object({ items: z.array(ProductCard.extend({ shopid: z.number().int() })) }),
  }),
  productUrl: endpoint({
    method: "GET",
    path: "/api/myshp/get/product/url",
    query: z.object({ sid: z.string().trim().min(1).max(64) }),
    response: z.object({ url: z.string() }),
  }),
  notices: endpoint({
    method: "GET",
    path: "/api/myshp/get/notice/list",
    query: z.object({ shopid: id, page }),
    response: z.object({ items: z.array(Notice), page: z.number().int(), pages: z.number().int() }),
  }),
  /** One notice of the shop, for its own page (/mycontent/load, decision 071). */
  notice: endpoint({
    method: "GET",
    path: "/api/myshp/get/notice",
    query: z.object({ shopid: id, id }),
    response: Notice,
  }),
  storageUrl: endpoint({
    method: "GET",
    path: "/api/storage/url",
    query: z.object({}),
    response: z.object({ storage_url: z.string() }),
  }),
} as const;
