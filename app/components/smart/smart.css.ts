import { globalStyle, keyframes, style } from "@vanilla-extract/css";
import { vars } from "../../../styles/theme.css";

/** Smart order: big touch targets for a phone held in one hand at a table. */
export const categories = style({
  position: "sticky",
  // Under the smart layout's sticky 56 px bar.
  top: 56,
  zIndex: 1,
  display: "flex",
  gap: 6,
  overflowX: "auto",
  padding: "8px 0",
  background: vars.color.surface,
});
export const categoryLink = style({
  flex: "none",
  padding: "8px 14px",
  borderRadius: 18,
  border: `1px solid ${vars.color.line}`,
  color: vars.color.text,
  textDecoration: "none",
  minHeight: 36,
});
export const section = style({ margin: "16px 0 0", scrollMarginTop: 112 });
export const sectionTitle = style({ fontSize: "calc(1em + 4px)", margin: "0 0 8px" });
export const menu = style({ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: 0 });
export const item = style({
  display: "grid",
  gridTemplateColumns: "72px 1fr auto",
  alignItems: "center",
  gap: 12,
  minHeight: 88,
  padding: "8px 0",
  borderBottom: `1px solid ${vars.color.line}`,
});
export const soldOut = style({ opacity: 0.45 });
export const thumb = style({
  width: 72,
  height: 72,
  borderRadius: 8,
  objectFit: "cover",
  background: vars.color.neutral,
});
export const itemName = style({ fontWeight: 700, color: vars.color.text, textDecoration: "none", display: "block" });
export const itemPrice = style({ color: vars.color.text, marginTop: 4 });
export const muted = style({ color: vars.color.muted, fontSize: "calc(1em - 1px)" });
export const pick = style({
  minWidth: 64,
  minHeight: 44,
  padding: "0 14px",
  borderRadius: 8,
  border: `1px solid ${vars.color.main}`,
  background: vars.color.surface,
  color: vars.color.mainText,
  fontWeight: 700,
  fontSize: "inherit",
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  textDecoration: "none",
  cursor: "pointer",
});
export const tag = style({
  display: "inline-block",
  padding: "2px 8px",
  borderRadius: 10,
  background: vars.color.neutral,
  color: vars.color.muted,
  fontSize: "calc(1em - 2px)",
});
export const barSpacer = style({ height: 84 });
export const bar = style({
  position: "fixed",
  left: 0,
  right: 0,
  bottom: 0,
  maxWidth: 720,
  margin: "0 auto",
  padding: "10px 12px calc(10px + env(safe-area-inset-bottom))",
  background: vars.color.surface,
  borderTop: `1px solid ${vars.color.line}`,
  zIndex: 2,
});
export const primary = style({
  display: "flex",
  width: "100%",
  minHeight: 52,
  alignItems: "center",
  justifyContent: "center",
  gap: 8,
  border: 0,
  borderRadius: 10,
  background: vars.color.main,
  color: vars.color.onMain,
  fontSize: "calc(1em + 3px)",
  fontWeight: 700,
  textDecoration: "none",
  cursor: "pointer",
});
globalStyle(`${primary}[aria-disabled="true"], ${primary}:disabled`, { opacity: 0.5, pointerEvents: "none" });
export const notice = style({
  margin: "8px 0",
  padding: "10px 12px",
  borderRadius: 8,
  background: vars.color.success,
  color: vars.color.onSuccess,
});
export const error = style([notice, { background: vars.color.error, color: vars.color.onError }]);
export const hero = style({
  width: "100%",
  aspectRatio: "16 / 9",
  objectFit: "cover",
  borderRadius: 10,
  background: vars.color.neutral,
});
export const fieldset = style({ border: 0, margin: "16px 0 0", padding: 0 });
export const legend = style({ fontWeight: 700, marginBottom: 8, padding: 0 });
export const choices = style({ display: "grid", gap: 8 });
export const choice = style({
  display: "flex",
  alignItems: "center",
  gap: 10,
  minHeight: 52,
  padding: "0 14px",
  borderRadius: 10,
  border: `1px solid ${vars.color.line}`,
  cursor: "pointer",
});
globalStyle(`${choice}:has(input:checked)`, {
  borderColor: vars.color.main,
  boxShadow: `0 0 0 1px ${vars.color.main}`,
});
globalStyle(`${choice} input`, { width: 20, height: 20, accentColor: vars.color.main, margin: 0 });
export const choicePrice = style({ marginLeft: "auto", color: vars.color.muted });
export const qtyRow = style({ display: "flex", alignItems: "center", gap: 10 });
export const select = style({
  minHeight: 44,
  minWidth: 84,
  padding: "0 10px",
  borderRadius: 8,
  border: `1px solid ${vars.color.line}`,
  fontSize: "inherit",
  background: vars.color.surface,
});
export const textarea = style([
  select,
  { width: "100%", minHeight: 72, padding: 10, boxSizing: "border-box", fontFamily: "inherit" },
]);
export const input = style([select, { width: "100%", boxSizing: "border-box" }]);
export const lines = style({ listStyle: "none", margin: 0, padding: 0 });
export const line = style({ padding: "12px 0", borderBottom: `1px solid ${vars.color.line}`, display: "grid", gap: 8 });
export const lineHead = style({ display: "flex", justifyContent: "space-between", gap: 8 });
export const lineForm = style({ display: "flex", alignItems: "center", gap: 8 });
export const small = style([
  pick,
  { minWidth: 52, minHeight: 40, fontWeight: 400, borderColor: vars.color.line, color: vars.color.text },
]);
export const total = style({
  display: "flex",
  justifyContent: "space-between",
  fontWeight: 700,
  fontSize: "calc(1em + 3px)",
  margin: "16px 0",
});
export const steps = style({
  listStyle: "none",
  margin: "16px 0",
  padding: 0,
  display: "grid",
  gridTemplateColumns: "repeat(3, 1fr)",
  gap: 6,
});
export const step = style({
  textAlign: "center",
  padding: "12px 4px",
  borderRadius: 10,
  background: vars.color.neutral,
  color: vars.color.muted,
  fontWeight: 700,
});
const pulse = keyframes({ "0%": { opacity: 1 }, "50%": { opacity: 0.6 }, "100%": { opacity: 1 } });
export const stepNow = style({ background: vars.color.main, color: vars.color.onMain });
globalStyle(`${stepNow}[data-step="1"]`, { animation: `${pulse} 1.6s ease-in-out infinite` });
export const stepDone = style({ background: vars.color.main2, color: vars.color.text });
export const orders = style({ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: 6 });
export const orderRow = style({
  display: "flex",
  justifyContent: "space-between",
  gap: 8,
  padding: "10px 12px",
  borderRadius: 8,
  border: `1px solid ${vars.color.line}`,
  color: vars.color.text,
  textDecoration: "none",
});
export const center = style({ textAlign: "center", padding: "32px 8px" });

// The table-order pages' own pieces (were inline styles on the routes).
export const flush = style({ margin: 0 });
export const bigIcon = style({ fontSize: 40, margin: 0 });
export const itemTitle = style({ margin: "12px 0 4px" });
export const checkTitle = style({ margin: "4px 0 8px" });
export const completeTitle = style({ margin: "4px 0" });
export const bankLine = style({ margin: "6px 0 0" });
export const depositorField = style({ display: "grid", gap: 6, marginTop: 12 });
/** The item page's bar: a back link beside the add button. */
export const barWithBack = style([bar, { display: "grid", gridTemplateColumns: "auto 1fr", gap: 8 }]);
export const backButton = style([small, { minHeight: 52 }]);
