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

/**
 * The platform's own colours (issue 34): the same in every shop, so they live in the stylesheet
 * only, not in each page's inline theme. Named by meaning; a pale surface (success, warning,
 * error, info) comes with the text that sits on it (on…). Each pair meets WCAG AA (4.5:1, pinned
 * by test/worker/platform/styles.test.ts); components take these names, never a hex of their own.
 */
export const PLATFORM_COLOURS = {
  text: "#222222",
  // 4.96:1 on sub2, 4.61:1 on neutral and 5.36:1 on white (WCAG AA for small print).
  muted: "#646b78",
  /** Borders and rules. */
  line: "#e5e7eb",
  /** A decorative line that must show on white (the QR sheet's cut line); never text. */
  lineStrong: "#bbbbbb",
  /** Cards, fields, sheets. */
  surface: "#ffffff",
  /** The owner's console behind its cards (the shop's own sub2 stays the shop's). */
  canvas: "#f5f6f8",
  /** Grey fills: behind pictures still loading, plain buttons, the current tab, a quiet chip. */
  neutral: "#eceef1",
  /** A control that cannot be used now (WCAG sets no contrast for disabled controls). */
  disabled: "#bbbbbb",
  /** Errors as text on white (field errors, a discount) and as a badge's fill. */
  danger: "#d93025",
  onDanger: "#ffffff",
  error: "#fdecea",
  onError: "#b3261e",
  success: "#e8f5e9",
  onSuccess: "#1b5e20",
  warning: "#fff3cd",
  onWarning: "#664d03",
  info: "#e8f4fd",
  onInfo: "#0b4a6f",
  /** Dark bars over the page: snackbars, bubbles, the cart's save bar, a sold-out tag. */
  inverse: "#323232",
  onInverse: "#ffffff",
  /** The platform's own chrome (the console's bar, its chosen filter), not any shop's colour. */
  chrome: "#263238",
  onChrome: "#ffffff",
  /** 네이버페이's green, the provider's own; dark text on it reads at 7:1 where white would not. */
  wallet: "#03c75a",
  onWallet: "#222222",
  /** 카카오 로그인's yellow and its near-black label, as Kakao's design guide asks for the button. */
  kakao: "#fee500",
  onKakao: "#191919",
} as const;

/** The CSS font-family for a shop's font name. */
export const fontFamily = (name: string) => `"${name}", ${THEME_DEFAULTS.font.fallbacks}`;
