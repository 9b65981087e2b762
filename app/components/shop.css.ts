import { globalStyle, keyframes, style } from "@vanilla-extract/css";
import { vars } from "../../styles/theme.css";
import { GRID_THREE_COLUMNS_FROM, PAGE_MAX_WIDTH } from "../shared/layout";

export const DRAWER_WIDTH = 250;

export const page = style({
  maxWidth: PAGE_MAX_WIDTH,
  margin: "0 auto",
  minHeight: "100vh",
  background: vars.color.sub,
});

export const header = style({
  position: "relative",
  zIndex: 50,
  display: "flex",
  flexDirection: "column",
  justifyContent: "center",
  gap: 4,
  height: vars.header.height,
  padding: "0 8px",
  background: vars.color.main,
  color: vars.color.onMain,
  maxWidth: PAGE_MAX_WIDTH,
  margin: "0 auto",
});

// Once scrolled past header height + 100 px the header is pinned, 56 px high.
export const headerFixed = style({
  position: "fixed",
  top: 0,
  left: 0,
  right: 0,
  height: 56,
  boxShadow: "0 2px 8px rgba(0,0,0,.15)",
});

export const headerRow = style({ display: "flex", alignItems: "center", gap: 8, width: "100%" });

export const headerSpacer = style({ height: vars.header.height });

export const iconButton = style({
  display: "inline-grid",
  placeItems: "center",
  minWidth: 44,
  height: 44,
  padding: "0 8px",
  border: 0,
  borderRadius: 8,
  background: "transparent",
  color: "inherit",
  cursor: "pointer",
  textDecoration: "none",
  fontSize: "calc(1em + 2px)",
});

export const brand = style({
  flex: 1,
  minWidth: 0,
  display: "flex",
  flexDirection: "column",
  alignItems: "center",
  justifyContent: "center",
  gap: 4,
  color: "inherit",
  textDecoration: "none",
  fontWeight: 700,
  fontSize: "calc(1em + 6px)",
  whiteSpace: "nowrap",
  overflow: "hidden",
  textOverflow: "ellipsis",
});

export const logo = style({ height: vars.header.logoHeight, width: "auto" });

export const social = style({
  display: "flex",
  flexWrap: "wrap",
  justifyContent: "center",
  gap: "2px 14px",
  paddingBottom: 6,
  fontSize: "calc(1em - 1px)",
});
globalStyle(`${social} a`, { color: "inherit", textDecoration: "none" });

export const badge = style({
  display: "inline-block",
  minWidth: 18,
  padding: "0 5px",
  borderRadius: 9,
  background: vars.color.danger,
  color: vars.color.onDanger,
  fontSize: 11,
  lineHeight: "18px",
  textAlign: "center",
});

// The drawer opens with a checkbox, so the menu works before (and without) JavaScript.
/**
 * The side menu's checkbox, which the header's menu button is a label for: here, where both the
 * header and the menu (islands loaded apart, decision 128) already look, so neither imports the other.
 */
export const DRAWER_TOGGLE_ID = "drawer-toggle";
export const drawerToggle = style({ position: "absolute", opacity: 0, pointerEvents: "none" });

export const scrim = style({
  position: "fixed",
  inset: 0,
  zIndex: 90,
  background: "rgba(0,0,0,.4)",
  opacity: 0,
  visibility: "hidden",
  transition: "opacity .2s, visibility .2s",
  selectors: { [`${drawerToggle}:checked ~ &`]: { opacity: 1, visibility: "visible" } },
});

export const drawer = style({
  position: "fixed",
  top: 0,
  bottom: 0,
  left: 0,
  zIndex: 100,
  width: DRAWER_WIDTH,
  overflowY: "auto",
  background: vars.color.surface,
  transform: "translateX(-100%)",
  visibility: "hidden",
  transition: "transform .2s ease-out, visibility .2s",
  selectors: { [`${drawerToggle}:checked ~ &`]: { transform: "none", visibility: "visible" } },
});

export const drawerHead = style({ padding: "20px 16px", background: vars.color.main, color: vars.color.onMain });
export const drawerShopName = style({ margin: 0, fontSize: "calc(1em + 6px)" });
/** The drawer's account part (greeting, my menu and its counts). */
export const drawerAccount = style({});
// Data came for the menu before anyone used it (a count changed): until its scripts draw it anew,
// what its HTML says of the visitor is old; hidden rather than wrong, in place (nothing moves).
globalStyle(`[data-stale] ${drawerAccount}`, { visibility: "hidden" });
export const drawerSection = style({ padding: "8px 0", borderBottom: `1px solid ${vars.color.line}` });

export const drawerLink = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  width: "100%",
  minHeight: 44,
  padding: "0 16px",
  border: 0,
  background: "none",
  textAlign: "left",
  textDecoration: "none",
  fontSize: "calc(1em + 2px)",
  cursor: "pointer",
});

/** A header button carrying a count (the cart's, the message button's unread badge). */
export const withBadge = style({ position: "relative" });
export const iconBadge = style({ position: "absolute", top: 4, right: 0 });

/** An order list under 주문 관리 in the my menu. */
export const drawerSubLink = style({ minHeight: 40, paddingLeft: 32, fontSize: "1em" });

export const subscription = style({ minHeight: 56, paddingTop: 8, paddingBottom: 8 });
export const subscriptionLine = style({ display: "block", color: vars.color.muted, fontSize: "calc(1em - 1px)" });

export const categoryTree = style({ listStyle: "none", margin: 0, padding: 0 });
export const categoryChild = style({ paddingLeft: 16 });

const appear = keyframes({ to: { opacity: 1 } });

// Shown about 2 s after load (spec §9), by CSS alone so it needs no script. Opacity alone, which
// the compositor animates: an animation of any other property (visibility was one) has the main
// thread draw a frame at every refresh of its 2 s wait, on every shop page, while it hydrates. At
// once rather than faded in: Chromium without a GPU draws each frame of a fade on the main thread
// (a list page's load spent 10–20 ms on a 0.3 s fade of a footer mostly below the screen).
export const footer = style({
  padding: "24px 16px 40px",
  color: vars.color.muted,
  background: vars.color.sub2,
  fontSize: "calc(1em - 1px)",
  opacity: 0,
  animation: `${appear} 0s 2s forwards`,
});

export const footerLinks = style({
  display: "flex",
  flexWrap: "wrap",
  gap: "4px 16px",
  margin: "0 0 12px",
  padding: 0,
  listStyle: "none",
});
/** The escrow mark (decision 103): a small outlined badge, its link beside it on the same line. */
export const escrowMark = style({ display: "inline-flex", flexWrap: "wrap", alignItems: "center", gap: "4px 8px" });
export const escrowBadge = style({
  padding: "1px 6px",
  border: `1px solid ${vars.color.muted}`,
  borderRadius: 4,
  fontSize: "calc(1em - 1px)",
  whiteSpace: "nowrap",
});
export const footerInfo = style({ margin: 0, display: "grid", gridTemplateColumns: "auto 1fr", gap: "2px 8px" });
/** A label and its value: a wrapper for React's key that the grid looks through. */
export const footerInfoRow = style({ display: "contents" });
export const footerInfoValue = style({ margin: 0 });
export const footerBroker = style({ margin: "8px 0", lineHeight: 1.5, wordBreak: "keep-all" });

export const main = style({ padding: "12px 12px 32px" });

/** The shop's notice bar (decision 107): its main colour, with the text the header uses on it. */
export const noticeBar = style({
  margin: 0,
  padding: "8px 12px",
  background: vars.color.main,
  color: vars.color.onMain,
  fontSize: "calc(1em - 1px)",
  textAlign: "center",
});

export const sectionTitle = style({ margin: "16px 4px 12px", fontSize: "calc(1em + 4px)" });

export const grid = style({
  display: "grid",
  gridTemplateColumns: "repeat(2, minmax(0, 1fr))",
  gap: 12,
  listStyle: "none",
  margin: 0,
  padding: 0,
  "@media": { [`(min-width: ${GRID_THREE_COLUMNS_FROM}px)`]: { gridTemplateColumns: "repeat(3, minmax(0, 1fr))" } },
});

export const card = style({
  display: "block",
  color: vars.skin.color,
  textDecoration: "none",
  background: vars.skin.bg,
  borderRadius: 8,
  overflow: "hidden",
  boxShadow: `0 1px calc(${vars.skin.elevation} * 6px) rgba(0,0,0,.12)`,
});

export const cardImage = style({
  display: "block",
  width: "100%",
  // The img's height attribute (for layout before it loads) would otherwise win over the ratio.
  height: "auto",
  aspectRatio: `1 / ${vars.skin.ratio}`,
  objectFit: "cover",
  background: vars.skin.bg1,
});

export const cardBody = style({ padding: "8px 10px 10px" });
export const cardTitle = style({
  margin: 0,
  fontSize: `calc(1em * ${vars.skin.prodSize})`,
  display: "-webkit-box",
  WebkitLineClamp: 2,
  WebkitBoxOrient: "vertical",
  overflow: "hidden",
});
export const cardPrice = style({
  marginTop: 4,
  fontWeight: 700,
  color: vars.skin.price,
  fontSize: `calc(1em * ${vars.skin.priceSize})`,
});
export const listPrice = style({
  marginLeft: 4,
  color: vars.color.muted,
  fontWeight: 400,
  textDecoration: "line-through",
  fontSize: "0.9em",
});
export const soldOutTag = style({
  display: "inline-block",
  marginTop: 4,
  padding: "0 6px",
  borderRadius: 4,
  background: vars.color.inverse,
  color: vars.color.onInverse,
  fontSize: 11,
});
export const pickTag = style({
  display: "inline-block",
  marginTop: 4,
  marginRight: 4,
  padding: "0 6px",
  borderRadius: 4,
  background: vars.skin.new,
  color: vars.skin.onNew,
  fontSize: 11,
});

export const pager = style({
  display: "flex",
  flexWrap: "wrap",
  justifyContent: "center",
  alignItems: "center",
  gap: 6,
  margin: "24px 0",
});
export const pagerLink = style({
  padding: "8px 14px",
  border: `1px solid ${vars.color.line}`,
  borderRadius: 8,
  textDecoration: "none",
  background: vars.color.surface,
});

export const pagerCurrent = style([
  pagerLink,
  { background: vars.color.main, color: vars.color.onMain, borderColor: vars.color.main, fontWeight: 700 },
]);

export const searchForm = style({ display: "flex", gap: 8, margin: "8px 0 12px" });
export const searchInput = style({
  flex: 1,
  minWidth: 0,
  height: 44,
  padding: "0 12px",
  border: `1px solid ${vars.color.line}`,
  borderRadius: 8,
  fontSize: 16, // 16 px or more: phones do not zoom into the box
  background: vars.color.surface,
  color: vars.color.text,
});
export const searchButton = style({
  height: 44,
  padding: "0 16px",
  border: 0,
  borderRadius: 8,
  background: vars.color.main,
  color: vars.color.onMain,
  fontWeight: 700,
  cursor: "pointer",
});

/** A target of an in-page link: lands below the pinned 56 px header, not under it. */
export const anchored = style({ scrollMarginTop: 64 });

export const chips = style({
  display: "flex",
  gap: 8,
  overflowX: "auto",
  padding: "4px 0 12px",
  margin: 0,
  listStyle: "none",
});
export const chip = style({
  display: "inline-block",
  whiteSpace: "nowrap",
  padding: "6px 12px",
  borderRadius: 16,
  border: `1px solid ${vars.color.line}`,
  background: vars.color.surface,
  textDecoration: "none",
  selectors: {
    '&[aria-current="page"], &[aria-current="true"]': {
      background: vars.color.main,
      borderColor: vars.color.main,
      color: vars.color.onMain,
    },
  },
});

export const empty = style({ padding: "48px 16px", textAlign: "center", color: vars.color.muted });
/** An error page's request id: small, and selected whole with one tap. */
export const requestId = style({ fontSize: 12 });
export const requestIdValue = style({ userSelect: "all" });

export const ieBanner = style({
  padding: "10px 16px",
  background: vars.color.warning,
  color: vars.color.onWarning,
  textAlign: "center",
  fontSize: 13,
});

// ♡ on a card (over the picture's corner) and on the product page.
export const likeForm = style({ position: "absolute", top: 6, right: 6, margin: 0 });
export const likeButton = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  width: 36,
  height: 36,
  border: 0,
  borderRadius: 18,
  background: "rgba(255,255,255,.9)",
  color: vars.color.danger,
  fontSize: 20,
  lineHeight: 1,
  cursor: "pointer",
  boxShadow: "0 1px 4px rgba(0,0,0,.15)",
});
// A card far below the screen is neither laid out nor painted, and its lazy picture not asked for,
// until scrolled near: the list's 20 cards cost the load 14 pictures instead of 20, and its main
// thread 19-46 ms after the first paint instead of 30-54 (docs/performance.md). 280 px is a card's
// height on a phone until it has been drawn once (then its own, "auto"); the clip margin keeps the
// card's shadow, which the paint containment would cut.
export const cardCell = style({
  position: "relative",
  contentVisibility: "auto",
  containIntrinsicSize: "auto 280px",
  overflowClipMargin: 8,
});
export const belowCard = style({ display: "flex", justifyContent: "flex-end", marginTop: 4 });
export const sectionHead = style({ display: "flex", alignItems: "center", justifyContent: "space-between", gap: 8 });
export const likeInline = style({ margin: 0, flex: "none" });
export const discountRate = style({ marginRight: 4, color: vars.color.danger, fontWeight: 700 });

// The notice pages (were inline styles on the routes). The owner's line breaks are kept.
export const noticeDate = style([empty, { textAlign: "left", padding: 0 }]);
export const noticeBody = style({ whiteSpace: "pre-line", lineHeight: 1.7 });
export const noticeListBody = style({ padding: "8px 16px 16px", whiteSpace: "pre-line" });
export const noticePermalink = style({ margin: "8px 0 0" });

/** The 19 mark (청소년유해표시) on adult-only goods (decision 114). */
export const adultMark = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  width: 24,
  height: 24,
  borderRadius: "50%",
  border: `2px solid ${vars.color.danger}`,
  background: vars.color.surface,
  color: vars.color.danger,
  fontSize: 11,
  fontWeight: 700,
  lineHeight: 1,
  flex: "none",
});

/** Where an adult-only picture would be: no picture at all, the mark in the middle. */
export const adultCovered = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "center",
  flexDirection: "column",
  gap: 8,
  width: "100%",
  aspectRatio: `1 / ${vars.skin.ratio}`,
  background: vars.color.neutral,
  color: vars.color.muted,
  fontSize: 13,
  textAlign: "center",
  padding: 12,
});
