import { globalStyle, keyframes, style } from "@vanilla-extract/css";
import { vars } from "../../../styles/theme.css";

export const title = style({ margin: "8px 4px 12px", fontSize: "calc(1em + 6px)" });

/** A note that is no error (a guest's lists say they are the device's). */
export const note = style({
  margin: "0 0 12px",
  padding: "10px 12px",
  borderRadius: 8,
  background: vars.color.sub2,
  color: vars.color.text,
  fontSize: "calc(1em + 1px)",
  wordBreak: "keep-all",
});

// The page-wide notices live with the other messages to the shopper; the cart's pages say css.notice.
export { infoNotice, notice, noticeLinks, success } from "../ui/ui.css";

export const group = style({
  marginBottom: 12,
  borderRadius: 10,
  background: vars.color.surface,
  boxShadow: "0 1px 4px rgba(0,0,0,.08)",
  overflow: "hidden",
});
export const groupHead = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  gap: 8,
  padding: "10px 12px",
  borderBottom: `1px solid ${vars.color.line}`,
});
export const shopButton = style({
  display: "inline-flex",
  alignItems: "center",
  gap: 4,
  padding: "6px 10px",
  border: `1px solid ${vars.color.line}`,
  borderRadius: 16,
  textDecoration: "none",
  fontWeight: 700,
  color: vars.color.text,
  background: vars.color.surface,
});
export const separate = style({ fontSize: 12, color: vars.color.muted });

export const rows = style({ listStyle: "none", margin: 0, padding: 0 });
export const row = style({
  display: "grid",
  gridTemplateColumns: "64px minmax(0, 1fr)",
  alignItems: "start",
  gap: "8px 12px",
  padding: 12,
  borderBottom: `1px solid ${vars.color.line}`,
  selectors: { "&:last-child": { borderBottom: 0 } },
});
export const thumb = style({
  width: 64,
  height: 64,
  borderRadius: 6,
  objectFit: "cover",
  background: vars.skin.bg1,
});
export const info = style({ minWidth: 0 });
export const name = style({
  display: "block",
  color: vars.color.text,
  textDecoration: "none",
  fontWeight: 700,
  overflow: "hidden",
  textOverflow: "ellipsis",
  whiteSpace: "nowrap",
});
export const option = style({ margin: "2px 0 0", color: vars.color.muted, fontSize: "calc(1em - 1px)" });
export const price = style({ margin: "4px 0 0", fontWeight: 700 });
export const unit = style({ marginLeft: 6, fontWeight: 400, color: vars.color.muted, fontSize: "calc(1em - 1px)" });
/** A cart line: its check box (선택 주문) before the picture. */
export const pickRow = style({ gridTemplateColumns: "22px 64px minmax(0, 1fr)" });
export const pick = style({ width: 22, height: 22, margin: "21px 0 0", accentColor: vars.color.main });
export const listPrice = style({
  marginRight: 6,
  fontWeight: 400,
  color: vars.color.muted,
  fontSize: "calc(1em - 1px)",
});
export const discount = style({ margin: "0 0 2px", textAlign: "right", color: vars.color.danger, fontSize: 12 });
export const requires = style({ display: "flex", flexWrap: "wrap", gap: 4, margin: "4px 0 0" });
export const requireTag = style({
  padding: "1px 6px",
  borderRadius: 4,
  border: `1px solid ${vars.color.danger}`,
  color: vars.color.danger,
  fontSize: "calc(1em - 1px)",
});
export const pickBar = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  gap: 8,
  minHeight: 44,
  marginBottom: 8,
});
export const requiresBox = style({
  margin: "0 0 12px",
  padding: "10px 12px",
  borderRadius: 8,
  border: `1px solid ${vars.color.line}`,
  background: vars.color.surface,
  fontSize: "calc(1em + 1px)",
});
export const pickAll = style({ display: "flex", alignItems: "center", gap: 8, minHeight: 44 });
export const itemError = style({ margin: "4px 0 0", color: vars.color.danger, fontWeight: 700 });

export const controls = style({
  gridColumn: "1 / -1",
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  gap: 8,
});
export const stepper = style({
  position: "relative",
  display: "inline-flex",
  alignItems: "stretch",
  border: `1px solid ${vars.color.line}`,
  borderRadius: 8,
});
export const stepButton = style({
  width: 36,
  minHeight: 36,
  border: 0,
  background: "transparent",
  fontSize: 18,
  cursor: "pointer",
  selectors: { "&:disabled": { color: vars.color.disabled, cursor: "default" } },
});
export const qtyInput = style({
  width: 52,
  border: 0,
  borderLeft: `1px solid ${vars.color.line}`,
  borderRight: `1px solid ${vars.color.line}`,
  textAlign: "center",
  fontSize: "calc(1em + 2px)",
});
const pop = keyframes({ from: { opacity: 0, transform: "translateY(4px)" }, to: { opacity: 1, transform: "none" } });
export const bubble = style({
  position: "absolute",
  left: 0,
  bottom: "calc(100% + 6px)",
  zIndex: 5,
  padding: "6px 10px",
  borderRadius: 6,
  background: vars.color.inverse,
  color: vars.color.onInverse,
  whiteSpace: "nowrap",
  fontSize: 12,
  animation: `${pop} .15s ease-out`,
});
export const smallButton = style({
  padding: "6px 10px",
  border: `1px solid ${vars.color.line}`,
  borderRadius: 8,
  background: vars.color.surface,
  cursor: "pointer",
});
export const rowActions = style({ display: "flex", gap: 6 });

export const sums = style({ margin: 0, padding: "10px 12px", background: vars.color.sub2 });
export const sumRow = style({ display: "flex", justifyContent: "space-between", margin: "2px 0" });
export const sumTotal = style([sumRow, { fontWeight: 700, fontSize: "calc(1em + 2px)" }]);
export const freeHint = style({ margin: "4px 0 0", fontSize: 12, color: vars.color.muted });
export const busy = style({ opacity: 0.55, transition: "opacity .2s" });

export const grand = style({
  margin: "16px 0",
  padding: "14px 12px",
  borderRadius: 10,
  background: vars.color.surface,
  boxShadow: "0 1px 4px rgba(0,0,0,.08)",
});
export const grandTotal = style([
  sumRow,
  { marginTop: 8, fontWeight: 700, fontSize: "calc(1em + 6px)", color: vars.skin.price },
]);

export const actions = style({ display: "grid", gap: 8 });
export const primary = style({
  minHeight: 50,
  border: 0,
  borderRadius: 8,
  background: vars.color.btn,
  color: vars.color.onBtn,
  fontWeight: 700,
  fontSize: "calc(1em + 4px)",
  cursor: "pointer",
  selectors: { "&:disabled": { opacity: 0.6, cursor: "progress" } },
});
export const wallet = style([
  primary,
  { background: vars.color.wallet, color: vars.color.onWallet, fontSize: "calc(1em + 2px)" },
]);
export const secondary = style({
  display: "grid",
  placeItems: "center",
  minHeight: 44,
  border: `1px solid ${vars.color.line}`,
  borderRadius: 8,
  background: vars.color.surface,
  color: vars.color.text,
  textDecoration: "none",
});

/**
 * 주문하기 with what it orders, kept in view at the bottom of a long cart (issue 40): the count and
 * the amount above the button, the unsaved note when a save waits for the connection.
 */
export const orderBar = style({
  position: "sticky",
  bottom: 0,
  zIndex: 20,
  display: "grid",
  gap: 6,
  margin: "0 -12px",
  padding: "10px 12px calc(10px + env(safe-area-inset-bottom))",
  background: vars.color.surface,
  boxShadow: "0 -2px 8px rgba(0,0,0,.08)",
});
export const orderBarSum = style({
  display: "flex",
  justifyContent: "space-between",
  alignItems: "baseline",
  fontWeight: 700,
});
export const orderBarAmount = style({ color: vars.skin.price, fontSize: "calc(1em + 2px)" });
export const unsaved = style({ margin: 0, color: vars.color.muted, fontSize: "calc(1em - 2px)" });
export const empty = style({ padding: "56px 16px", textAlign: "center", color: vars.color.muted });

// Order sheet
export const section = style({
  marginBottom: 12,
  padding: "12px",
  borderRadius: 10,
  background: vars.color.surface,
  boxShadow: "0 1px 4px rgba(0,0,0,.08)",
});
export const sectionTitle = style({ margin: "0 0 10px", fontSize: "calc(1em + 3px)" });
export const fields = style({ display: "grid", gap: 10 });
export const fieldRow = style({ display: "grid", gridTemplateColumns: "1fr 1fr", gap: 10 });
export const label = style({ display: "grid", gap: 4, fontWeight: 700 });
export const input = style({
  padding: "10px 12px",
  border: `1px solid ${vars.color.line}`,
  borderRadius: 8,
  fontWeight: 400,
  fontSize: 16, // keeps mobile browsers from zooming in on focus
  width: "100%",
  // A field brought into view lands below the pinned 56 px header.
  scrollMarginTop: 72,
  boxSizing: "border-box",
  selectors: { '&[aria-invalid="true"]': { borderColor: vars.color.danger } },
});
export const fieldError = style({ margin: 0, color: vars.color.danger, fontWeight: 400, fontSize: "calc(1em - 1px)" });

export const methods = style({ display: "grid", gap: 8, margin: 0, padding: 0, border: 0 });
export const method = style({
  display: "flex",
  alignItems: "center",
  gap: 8,
  padding: "10px 12px",
  border: `1px solid ${vars.color.line}`,
  borderRadius: 8,
});
export const bankBox = style({ margin: "8px 0 0", padding: 12, borderRadius: 8, background: vars.color.sub2 });
export const dl = style({ display: "grid", gridTemplateColumns: "auto 1fr", gap: "4px 12px", margin: 0 });
export const muted = style({ color: vars.color.muted });

// Header cart button: the count sits on the icon's corner.

/** A check box with its words (주문자 정보와 동일, the sheet's consents), a thumb's width to tap. */
export const check = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: 8,
  minHeight: 44,
  fontWeight: 400,
});
globalStyle(`${check} input`, { width: 20, height: 20, accentColor: vars.color.main, scrollMarginTop: 88 });
// A long label wraps beside its box, not under it; a message after it takes a line of its own.
globalStyle(`${check} > input + span`, { flex: "1 1 0", minWidth: 0 });
globalStyle(`${check} > span + span`, { flexBasis: "100%" });

// 배송지 선택 on the order sheet: the member's saved addresses as tappable rows.
export const picker = style({ padding: "8px 12px", border: `1px solid ${vars.color.line}`, borderRadius: 8 });
globalStyle(`${picker} > summary`, {
  minHeight: 32,
  display: "flex",
  alignItems: "center",
  fontWeight: 700,
  cursor: "pointer",
});
export const pickerList = style({ listStyle: "none", margin: "6px 0 0", padding: 0, display: "grid", gap: 6 });
export const pickerItem = style({
  display: "grid",
  gap: 2,
  padding: "10px 12px",
  border: `1px solid ${vars.color.line}`,
  borderRadius: 8,
  color: vars.color.text,
  textDecoration: "none",
  wordBreak: "keep-all",
  selectors: { "&[data-picked]": { borderColor: vars.color.main, boxShadow: `inset 0 0 0 1px ${vars.color.main}` } },
});
export const pickerTag = style({
  marginLeft: 6,
  padding: "1px 6px",
  borderRadius: 4,
  background: vars.color.main,
  color: vars.color.onMain,
  fontSize: "calc(1em - 2px)",
  fontWeight: 400,
});

// Pieces of the order sheet and of the console forms that reuse the cart's fields (were inline
// styles on the routes).
export const flush = style({ margin: 0 });
export const mutedFlush = style([muted, { margin: 0 }]);
export const mutedPlain = style([muted, { fontWeight: 400 }]);
export const addressesLink = style([muted, { margin: "6px 0 0" }]);
export const labelPlain = style([label, { fontWeight: 400 }]);
export const pointsLabel = style([label, { marginBottom: 12 }]);
export const fieldsSpaced = style([fields, { marginTop: 12 }]);
export const secondaryPadded = style([secondary, { padding: "0 16px" }]);
/** A button at the end of a row of fields, level with the inputs rather than their labels. */
export const secondaryInline = style([secondaryPadded, { alignSelf: "end" }]);
export const checkRow = style({ display: "flex", gap: 8, alignItems: "center" });
globalStyle(`${checkRow} input`, { accentColor: vars.color.main });
export const moreSummary = style([muted, { cursor: "pointer", padding: "12px 0" }]);
export const pickAllBox = style([pick, { margin: 0 }]);
/** A line the shop cancelled (판매취소, decision 176): its mark, reason and money back. */
export const lineCanceled = style({ margin: "4px 0 0", color: vars.color.danger, overflowWrap: "anywhere" });
