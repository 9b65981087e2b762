/** Cart and order limits, shared by server and browser code (no dependencies: it ships to browsers). */

/** Most lines one cart holds, and most of one line. */
export const MAX_CART_LINES = 200;
export const MAX_LINE_QTY = 999;

/**
 * A restaurant table's shared cart (smart order, issue 13): most lines, and most portions of one
 * dish on a line. A table orders for a meal, so these are their own limits, not the shop cart's.
 */
export const MAX_TABLE_LINES = 50;
export const MAX_TABLE_LINE_QTY = 99;

/** Days a shopper has to make a bank transfer before the order is cancelled. */
export const BANK_DEADLINE_DAYS = 3;

/** Units (the sum of quantities) in one order (decision 047). */
export const MAX_ORDER_UNITS = 300;

/** Unpaid orders holding stock one owner may have, in all shops (decision 047). */
export const MAX_UNPAID_PER_OWNER = 3;

/** Ways to pay, in the order the sheet offers them. Bank transfer needs no provider. */
export const PAY_METHODS = ["bank", "card", "wallet"] as const;
export type PayMethod = (typeof PAY_METHODS)[number];
/**
 * What the order sheet offers (issue 35): a transfer to the shop's account, and, through the
 * shop's own Toss Payments contract, a card, three wallets and a virtual account. Each is kept
 * as a method family above: a wallet is `wallet`, a virtual account a transfer (`bank`) to an
 * account Toss issued.
 */
export const PAY_CHOICES = ["bank", "card", "kakaopay", "naverpay", "tosspay", "vbank"] as const;
export type PayChoice = (typeof PAY_CHOICES)[number];
/** The choices that open Toss's payment window. */
export const PROVIDER_CHOICES = ["card", "kakaopay", "naverpay", "tosspay", "vbank"] as const;
export type ProviderChoice = (typeof PROVIDER_CHOICES)[number];
export const METHOD_OF_CHOICE: Record<PayChoice, PayMethod> = {
  bank: "bank",
  card: "card",
  kakaopay: "wallet",
  naverpay: "wallet",
  tosspay: "wallet",
  vbank: "bank",
};

/**
 * A payment whose outcome Toss has not given (decision 142): the sheet, with scripts, asks again
 * this often; the API asks Toss at most once every PAYMENT_CHECK_SPACING_MS per payment however
 * often pages ask.
 */
export const PAYMENT_CHECK_EVERY_MS = 4_000;
export const PAYMENT_CHECK_SPACING_MS = 3_000;

/** A profile photo, judged by its own bytes (app/lib/uploads.server.ts). */
export const MAX_PROFILE_IMAGE_BYTES = 2 * 1024 * 1024;

/** A product photo the owner uploads (app/lib/uploads.server.ts), and most pictures one product has. */
export const MAX_PRODUCT_PHOTO_MB = 10;
export const MAX_PRODUCT_PHOTO_BYTES = MAX_PRODUCT_PHOTO_MB * 1024 * 1024;
export const MAX_PRODUCT_PHOTOS = 10;
/** Longest side of an uploaded photo, in pixels: what the Images binding takes as input. */
export const MAX_PRODUCT_PHOTO_SIDE = 12_000;

/** Favourites one member or device keeps per shop. */
export const MAX_FAVOURITES = 500;
/** Recently viewed products kept per member or device and shop, newest first. */
export const RECENT_LIMIT = 50;
/** The account area's product lists (favourites) show this many a page. */
export const MY_PRODUCTS_PAGE_SIZE = 20;

/** At most this many characters in one chat message (the composer ships it to the browser). */
export const MAX_MESSAGE_CHARS = 1000;

/**
 * Products per sitemap file (issue 39, decision 136): the protocol allows up to 50,000 addresses a
 * file; a file of 1,000 is one read of the catalogue, drawn in milliseconds where one of 49,000 took
 * 1.3–1.6 s of a request's CPU, and small enough (≈ 80 KB) to be kept in an isolate's recent pages.
 * The first file also lists the home, the lists, the categories and the notices.
 */
export const SITEMAP_FILE_PRODUCTS = 1_000;
