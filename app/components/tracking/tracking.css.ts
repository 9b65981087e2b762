import { style } from "@vanilla-extract/css";
import { vars } from "../../../styles/theme.css";

/** Above the page's sticky buy bar, below dialogs and snackbars; clear of a phone's home bar. */
export const bar = style({
  position: "fixed",
  left: 0,
  right: 0,
  bottom: 0,
  zIndex: 95,
  maxWidth: 720,
  margin: "0 auto",
  padding: "12px 16px calc(12px + env(safe-area-inset-bottom))",
  background: vars.color.surface,
  color: vars.color.text,
  borderTop: `1px solid ${vars.color.line}`,
  boxShadow: "0 -4px 16px rgba(0,0,0,.12)",
  display: "grid",
  gap: 10,
});

export const text = style({ margin: 0, lineHeight: 1.5, wordBreak: "keep-all" });

export const buttons = style({ display: "grid", gridTemplateColumns: "1fr 1fr", gap: 8 });

const button = style({
  minHeight: 44,
  borderRadius: 8,
  fontWeight: 700,
  fontSize: "inherit",
  cursor: "pointer",
});

export const agree = style([button, { border: 0, background: vars.color.btn, color: vars.color.onBtn }]);
export const refuse = style([
  button,
  { border: `1px solid ${vars.color.line}`, background: vars.color.surface, color: vars.color.text },
]);

export const settings = style({
  border: 0,
  padding: 0,
  background: "none",
  color: "inherit",
  font: "inherit",
  textDecoration: "underline",
  cursor: "pointer",
});
export const inlineForm = style({ display: "inline" });
