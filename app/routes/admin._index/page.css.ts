import { style } from "@vanilla-extract/css";
import { vars } from "../../../styles/theme.css";

/** The dashboard above the order list: two figures, what waits, the last 30 days as bars. */
export const figures = style({ display: "grid", gridTemplateColumns: "1fr 1fr", gap: 8, margin: "0 0 12px" });
export const figure = style({
  display: "flex",
  flexDirection: "column",
  gap: 4,
  padding: 12,
  border: `1px solid ${vars.color.line}`,
  borderRadius: 8,
  background: vars.color.surface,
});
export const figureValue = style({ fontSize: 20, fontWeight: 700 });
export const waiting = style({ listStyle: "none", padding: 0, margin: "0 0 12px", display: "grid", gap: 6 });
export const waitingRow = style({ display: "flex", flexWrap: "wrap", gap: 8, alignItems: "baseline" });
export const days = style({ width: "100%", borderCollapse: "collapse", fontSize: 13, margin: "0 0 16px" });
export const dayCell = style({ padding: "2px 4px", whiteSpace: "nowrap", textAlign: "start" });
export const barCell = style({ padding: "2px 4px", width: "50%" });
export const bar = style({ display: "block", height: 10, minWidth: 1, background: vars.color.main, borderRadius: 2 });
export const actions = style({ display: "flex", flexWrap: "wrap", gap: 8, margin: "0 0 12px" });
