import { style } from "@vanilla-extract/css";
import { vars } from "../../../styles/theme.css";

export { body, head, item, list, markedTag as disclosure, tag } from "../board.css";

export const summary = style({ display: "flex", gap: 16, alignItems: "center", flexWrap: "wrap", margin: "0 4px" });
export const average = style({ fontSize: "calc(1em + 14px)", fontWeight: 700, margin: 0 });
export const stars = style({ color: vars.color.mainText, letterSpacing: 1 });
export const muted = style({ color: vars.color.muted, fontSize: "calc(1em - 1px)" });
export const histogram = style({
  listStyle: "none",
  margin: 0,
  padding: 0,
  flex: "1 1 160px",
  display: "grid",
  gap: 2,
});
export const bar = style({ display: "grid", gridTemplateColumns: "2.5em 1fr 3em", gap: 6, alignItems: "center" });
export const track = style({ height: 6, borderRadius: 3, background: vars.color.sub2, overflow: "hidden" });
export const fill = style({ display: "block", height: "100%", background: vars.color.mainText });
export const strip = style({
  display: "flex",
  gap: 6,
  overflowX: "auto",
  listStyle: "none",
  margin: "12px 0 0",
  padding: "0 4px",
});
export const thumb = style({ width: 72, height: 72, objectFit: "cover", borderRadius: 6, display: "block" });
export const photos = style({ display: "flex", gap: 6, flexWrap: "wrap", margin: "8px 0 0" });
export const photo = style({ width: 96, height: 96, objectFit: "cover", borderRadius: 6 });
export const reply = style({
  margin: "8px 0 0",
  padding: "8px 10px",
  borderRadius: 8,
  background: vars.color.sub2,
  whiteSpace: "pre-wrap",
  overflowWrap: "anywhere",
});
export const helpful = style({
  minHeight: 44,
  padding: "0 12px",
  marginTop: 6,
  border: `1px solid ${vars.color.line}`,
  borderRadius: 8,
  background: vars.color.surface,
  color: "inherit",
  font: "inherit",
});
export const controls = style({ display: "flex", gap: 8, flexWrap: "wrap", alignItems: "center", margin: "8px 4px" });
export const control = style({
  minHeight: 44,
  padding: "0 10px",
  border: `1px solid ${vars.color.line}`,
  borderRadius: 8,
  font: "inherit",
  fontSize: 16,
  background: vars.color.surface,
});
export const check = style({ display: "flex", gap: 6, alignItems: "center", minHeight: 44 });
export const more = style({ display: "block", padding: "12px 4px", fontWeight: 700 });
