import { style } from "@vanilla-extract/css";
import { vars } from "../../../styles/theme.css";

export { body, head, item, list, markedTag as done, tag } from "../board.css";

export const muted = style({ color: vars.color.muted, fontSize: "calc(1em - 1px)" });
export const answer = style({
  margin: "8px 0 0",
  padding: "8px 10px",
  borderRadius: 8,
  background: vars.color.sub2,
  whiteSpace: "pre-wrap",
  overflowWrap: "anywhere",
});
export const form = style({ display: "grid", gap: 10, margin: "12px 0" });
export const label = style({ display: "grid", gap: 4, fontWeight: 700 });
export const check = style({ display: "flex", gap: 8, alignItems: "center", minHeight: 44 });
export const control = style({
  padding: "10px 12px",
  border: `1px solid ${vars.color.line}`,
  borderRadius: 8,
  font: "inherit",
  fontSize: 16, // keeps mobile browsers from zooming in on focus
  width: "100%",
  boxSizing: "border-box",
  background: vars.color.surface,
});
export const error = style({ color: vars.color.danger, fontWeight: 400 });
export const button = style({
  minHeight: 44,
  padding: "0 16px",
  border: 0,
  borderRadius: 8,
  background: vars.color.btn,
  color: vars.color.onBtn,
  fontWeight: 700,
});
export const plainButton = style([
  button,
  { border: `1px solid ${vars.color.line}`, background: vars.color.surface, color: "inherit" },
]);
export const buttons = style({ display: "flex", gap: 8, flexWrap: "wrap" });
export const more = style({ display: "block", padding: "12px 4px", fontWeight: 700 });
