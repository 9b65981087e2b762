import { style } from "@vanilla-extract/css";
import { vars } from "../../styles/theme.css";

export const gallery = style({
  display: "flex",
  overflowX: "auto",
  scrollSnapType: "x mandatory",
  margin: "-12px -12px 0",
  background: vars.skin.bg1,
});
export const galleryImage = style({
  flex: "0 0 100%",
  width: "100%",
  height: "auto",
  aspectRatio: "1",
  objectFit: "cover",
  scrollSnapAlign: "start",
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
export const select = style({
  padding: "10px 12px",
  border: `1px solid ${vars.color.line}`,
  borderRadius: 8,
  background: vars.color.surface,
});
export const qty = style({ width: 96, padding: "8px 10px", border: `1px solid ${vars.color.line}`, borderRadius: 8 });
export const primary = style({
  minHeight: 48,
  border: 0,
  borderRadius: 8,
  background: vars.color.btn,
  color: vars.color.onMain,
  fontWeight: 700,
  fontSize: "calc(1em + 3px)",
  cursor: "pointer",
  selectors: { "&:disabled": { opacity: 0.5, cursor: "not-allowed" } },
});
export const section = style({ borderTop: `8px solid ${vars.color.sub2}`, margin: "0 -12px", padding: "0 12px 8px" });
export const description = style({ whiteSpace: "pre-line", lineHeight: 1.7 });
