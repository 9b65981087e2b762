import { style } from "@vanilla-extract/css";
import { vars } from "../../../styles/theme.css";

/**
 * The product form (decision 106): its save button comes first in the page's order, so that Enter
 * in any field saves rather than presses an option row's button, and is drawn last.
 */
export const form = style({ display: "flex", flexDirection: "column", gap: 10 });
export const last = style({ order: 99 });
export const optionRow = style({
  display: "grid",
  gridTemplateColumns: "1fr 1fr",
  gap: 8,
  padding: 8,
  border: `1px solid ${vars.color.line}`,
  borderRadius: 8,
});
export const wide = style({ gridColumn: "1 / -1" });
export const textarea = style({ minHeight: 200, fontFamily: "inherit" });
export const fieldset = style({ border: 0, padding: 0, margin: 0, display: "grid", gap: 6 });
/** A new category's name and its button, in the categories' fieldset (issue 52 item 3). */
export const inlineAdd = style({ display: "flex", flexWrap: "wrap", alignItems: "flex-end", gap: 8 });
