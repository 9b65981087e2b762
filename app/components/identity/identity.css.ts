import { style } from "@vanilla-extract/css";
import { vars } from "../../../styles/theme.css";

/** The 19 mark (청소년유해표시): a red circle with 19, as the law's mark is commonly drawn. */
export const mark = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  width: 24,
  height: 24,
  borderRadius: "50%",
  border: `2px solid ${vars.color.danger}`,
  background: vars.color.surface,
  color: vars.color.danger,
  fontSize: 11,
  fontWeight: 700,
  lineHeight: 1,
  flex: "none",
});

/** Where an adult-only picture would be: no picture at all, the mark in the middle. */
export const covered = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "center",
  flexDirection: "column",
  gap: 8,
  width: "100%",
  aspectRatio: `1 / ${vars.skin.ratio}`,
  background: vars.color.neutral,
  color: vars.color.muted,
  fontSize: 13,
  textAlign: "center",
  padding: 12,
});

export const markRow = style({ display: "flex", alignItems: "center", gap: 6, marginTop: 4 });
