import { style } from "@vanilla-extract/css";
import { vars } from "../../../styles/theme.css";

/** A colour's code and its picker side by side (issue 52 item 3). */
export const colour = style({ display: "flex", alignItems: "center", gap: 8 });
/** The picker: a swatch large enough to tap. */
export const swatch = style({
  inlineSize: 48,
  blockSize: 44,
  flex: "none",
  padding: 2,
  border: `1px solid ${vars.color.line}`,
  borderRadius: 8,
  background: "transparent",
  cursor: "pointer",
});
