import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "../../styles/theme.css";

/** Holds the count over the gallery without scrolling with it. */
export const galleryFrame = style({ position: "relative", margin: "-12px -12px 0" });
export const gallery = style({
  display: "flex",
  gap: 4,
  overflowX: "auto",
  scrollSnapType: "x mandatory",
  background: vars.skin.bg1,
});
export const galleryImage = style({
  flex: "0 0 100%",
  width: "100%",
  height: "auto",
  aspectRatio: "1",
  objectFit: "cover",
  scrollSnapAlign: "start",
  selectors: {
    // With more than one picture the next one shows at the edge: a sign to swipe (issue 40).
    [`${gallery}[data-more] &`]: { flexBasis: "88%", width: "88%" },
  },
});
export const photoCount = style({
  position: "absolute",
  zIndex: 1,
  right: 8,
  bottom: 8,
  padding: "2px 8px",
  borderRadius: 12,
  background: vars.color.inverse,
  color: vars.color.onInverse,
  opacity: 0.85,
  fontSize: "calc(1em - 2px)",
  pointerEvents: "none",
});
export const summary = style({ padding: "16px 4px" });
export const origin = style({ margin: 0, color: vars.color.muted });
export const title = style({ margin: "4px 0", fontSize: "calc(1em + 6px)" });
export const price = style({ margin: "8px 0", fontSize: "calc(1em + 8px)", fontWeight: 700, color: vars.skin.price });
export const meta = style({ margin: 0, color: vars.color.muted });
export const flags = style({
  display: "flex",
  flexWrap: "wrap",
  gap: 6,
  listStyle: "none",
  padding: 0,
  margin: "8px 0",
  fontSize: 12,
  color: vars.color.danger,
});
export const soldOut = style({
  padding: 12,
  borderRadius: 8,
  background: vars.color.sub2,
  textAlign: "center",
  fontWeight: 700,
});
export const buyForm = style({ display: "grid", gap: 12, marginTop: 16 });
export const field = style({ display: "grid", gap: 4 });
/** A refused field's message, right under it (issue 40). */
export const fieldError = style({ margin: 0, color: vars.color.danger, fontSize: "calc(1em - 1px)" });
export const select = style({
  padding: "10px 12px",
  border: `1px solid ${vars.color.line}`,
  borderRadius: 8,
  background: vars.color.surface,
});
export const qty = style({
  width: 64,
  minHeight: 44,
  padding: "8px 6px",
  border: `1px solid ${vars.color.line}`,
  textAlign: "center",
  fontSize: 16,
  selectors: { '&[aria-invalid="true"]': { borderColor: vars.color.danger } },
});
export const primary = style({
  minHeight: 48,
  border: 0,
  borderRadius: 8,
  background: vars.color.btn,
  color: vars.color.onBtn,
  fontWeight: 700,
  fontSize: "calc(1em + 3px)",
  cursor: "pointer",
  selectors: { "&:disabled": { opacity: 0.5, cursor: "not-allowed" } },
});
export const section = style({ borderTop: `8px solid ${vars.color.sub2}`, margin: "0 -12px", padding: "0 12px 8px" });
// The description is HTML (decision 106): its lines are its own <p> and <br>, not the source's newlines.
export const description = style({ lineHeight: 1.7, overflowWrap: "anywhere" });
globalStyle(`${description} img`, { maxWidth: "100%", height: "auto" });

// The buy box (issue 11): options as rows, a stepper, the total, and buttons kept in view on a phone.
export const options = style({ display: "grid", gap: 8, margin: 0, padding: 0, border: 0 });
export const legend = style({ padding: 0, marginBottom: 4, fontWeight: 700 });
export const optionRow = style({
  display: "flex",
  alignItems: "center",
  gap: 10,
  minHeight: 48,
  padding: "8px 12px",
  border: `1px solid ${vars.color.line}`,
  borderRadius: 8,
  background: vars.color.surface,
  fontSize: "calc(1em + 2px)",
  cursor: "pointer",
  selectors: {
    "&:has(input:checked)": { borderColor: vars.color.main, boxShadow: `inset 0 0 0 1px ${vars.color.main}` },
    "&[data-off]": { color: vars.color.muted, cursor: "not-allowed" },
  },
});
/** A thumb-sized radio (24 px, WCAG 2.5.8), in the shop's colour. */
export const optionRadio = style({ width: 24, height: 24, margin: 0, flex: "none", accentColor: vars.color.main });
export const optionName = style({ flex: 1 });
export const optionPrice = style({ fontWeight: 700 });
export const qtyRow = style({ display: "flex", alignItems: "end", justifyContent: "space-between", gap: 12 });
export const stepper = style({ display: "inline-flex", alignItems: "stretch" });
export const step = style({
  width: 44,
  minHeight: 44,
  border: `1px solid ${vars.color.line}`,
  background: vars.color.surface,
  fontSize: 20,
  cursor: "pointer",
  selectors: { "&:disabled": { color: vars.color.muted, cursor: "not-allowed" } },
});
export const total = style({ margin: 0, fontSize: "calc(1em + 2px)" });
export const buyBar = style({
  position: "sticky",
  bottom: 0,
  zIndex: 20,
  display: "grid",
  gridTemplateColumns: "1fr 1fr",
  gap: 8,
  margin: "0 -12px",
  padding: "8px 12px calc(8px + env(safe-area-inset-bottom))",
  background: vars.color.surface,
  boxShadow: "0 -4px 12px rgba(0,0,0,.08)",
});
/** 장바구니에 담았습니다 · 장바구니 보기, the bar's full width above its two buttons. */
export const added = style({
  gridColumn: "1 / -1",
  margin: 0,
  padding: "8px 12px",
  borderRadius: 8,
  background: vars.color.success,
  color: vars.color.onSuccess,
  selectors: { "&[hidden]": { display: "none" } },
});
export const secondaryBuy = style([
  primary,
  { background: vars.color.surface, color: vars.color.btnText, boxShadow: `inset 0 0 0 1px ${vars.color.btn}` },
]);
