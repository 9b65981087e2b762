import { style } from "@vanilla-extract/css";
import { vars } from "../../../styles/theme.css";

export const timeline = style({ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: 8 });
export const event = style({
  display: "grid",
  gap: 2,
  paddingLeft: 12,
  borderLeft: `3px solid ${vars.color.line}`,
});
export const eventNote = style({
  margin: 0,
  color: vars.color.muted,
  whiteSpace: "pre-wrap",
  overflowWrap: "anywhere",
});
export const actionForm = style({
  display: "grid",
  gap: 8,
  paddingTop: 10,
  borderTop: `1px solid ${vars.color.line}`,
  selectors: { "&:first-of-type": { paddingTop: 0, borderTop: 0 } },
});
/** A buyer's request folded under its name until pressed (issue 40). */
export const fold = style({ display: "grid" });
export const foldToggle = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "center",
  gap: 6,
  minHeight: 44,
  border: `1px solid ${vars.color.line}`,
  borderRadius: 8,
  background: vars.color.surface,
  cursor: "pointer",
  listStyle: "none",
  selectors: {
    "&::-webkit-details-marker": { display: "none" },
    // A chevron that turns when open: the box folds, it does not send.
    "&::after": { content: '"▾"', fontSize: "0.8em", transition: "transform .15s" },
    "details[open] > &::after": { transform: "rotate(180deg)" },
  },
});
export const foldBody = style({ display: "grid", gap: 8, paddingTop: 8 });
export const textarea = style({
  padding: "10px 12px",
  border: `1px solid ${vars.color.line}`,
  borderRadius: 8,
  font: "inherit",
  minHeight: 72,
  resize: "vertical",
  width: "100%",
  boxSizing: "border-box",
});
export const confirmBox = style({
  display: "grid",
  gap: 8,
  padding: 12,
  borderRadius: 8,
  background: vars.color.warning,
  color: vars.color.onWarning,
});
export const buttons = style({ display: "grid", gridTemplateColumns: "1fr 1fr", gap: 8 });
export const flush = style({ margin: 0 });
/** The buyer's own words, as typed: line breaks kept, long words broken. */
export const claimReason = style({ margin: 0, whiteSpace: "pre-wrap", overflowWrap: "anywhere" });
/** A return's quantity per line (decision 104): one field under another, full width on a phone. */
export const returnLines = style({
  display: "grid",
  gap: 8,
  margin: 0,
  padding: 12,
  border: `1px solid ${vars.color.line}`,
  borderRadius: 8,
  minWidth: 0,
});
/** A line's 판매취소 form (decision 176), under the line, across its picture and text. */
export const lineCancel = style({ gridColumn: "1 / -1", display: "grid", gap: 8 });
