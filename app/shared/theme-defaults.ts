/**
 * The platform's theme defaults (spec §3, §9), for anything a shop does not set: one list for the
 * global stylesheet (styles/theme.css.ts), the per-shop theme (app/lib/theme.ts) and the shop
 * record (functions/db/shops.ts). The database's column defaults (migration 0001) match them.
 * No dependencies: the stylesheet build imports it.
 */
/** The platform's main colour, apart so that pages' metadata (in the browser too) need not carry the rest. */
export const DEFAULT_MAIN_COLOR = "#3C91E6";

export const THEME_DEFAULTS = {
  color: {
    main: DEFAULT_MAIN_COLOR,
    main2: "#a9d0f5",
    sub: "#ffffff",
    sub2: "#f5f6f8",
    onMain: "#ffffff",
    text: "#222222",
    // 4.96:1 on sub2 and 5.36:1 on white (WCAG AA for the footer's small print).
    muted: "#646b78",
    line: "#e5e7eb",
    surface: "#ffffff",
    danger: "#d93025",
  },
  font: {
    name: "NanumBarunGothic",
    /** After the shop's font, what the device has for Korean. */
    fallbacks: '"Apple SD Gothic Neo", "Noto Sans KR", "Malgun Gothic", sans-serif',
    size: 12,
  },
  header: { height: 56, logoHeight: 32 },
  skin: {
    ratio: 1,
    bg: "#ffffff",
    color: "#222222",
    price: "#111111",
    bg1: "#f5f6f8",
    prod_size: 1.15,
    price_size: 1.05,
    hot: "#ff5a5a",
    new: "#3c91e6",
    elevation: 0.5,
    show_prod: 1,
    show_price: 1,
  },
} as const;

/** The CSS font-family for a shop's font name. */
export const fontFamily = (name: string) => `"${name}", ${THEME_DEFAULTS.font.fallbacks}`;
