import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "../../../styles/theme.css";

/** The custom domain page (/admin/domain): records to copy, one card each, values that wrap. */
export const records = style({ listStyle: "none", margin: "0 0 12px", padding: 0, display: "grid", gap: 8 });
export const record = style({
  display: "grid",
  gridTemplateColumns: "auto 1fr",
  gap: "4px 10px",
  margin: 0,
  padding: 12,
  borderRadius: 10,
  background: vars.color.surface,
  boxShadow: "0 1px 4px rgba(0,0,0,.08)",
});
export const term = style({ color: vars.color.muted, fontSize: "calc(1em - 1px)" });
export const value = style({
  margin: 0,
  fontFamily: "ui-monospace, SFMono-Regular, Menlo, Consolas, monospace",
  fontSize: "calc(1em - 1px)",
  overflowWrap: "anywhere",
  userSelect: "all",
});
/** What a record is for: words, not a value to copy. */
export const purpose = style([value, { fontFamily: "inherit", userSelect: "auto" }]);
export const state = style({
  display: "inline-block",
  padding: "2px 10px",
  borderRadius: 10,
  fontWeight: 700,
  fontSize: "calc(1em - 1px)",
  background: vars.color.neutral,
  color: vars.color.text,
  selectors: {
    '&[data-state="active"]': { background: vars.color.success, color: vars.color.onSuccess },
    '&[data-state="failed"]': { background: vars.color.error, color: vars.color.onError },
  },
});
export const head = style({ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 8 });
export const hostname = style({ margin: 0, fontSize: "calc(1em + 3px)", overflowWrap: "anywhere" });
/** Two buttons side by side, each half the card (상태 확인 · 연결 삭제, 삭제 확인 · 취소). */
export const actions = style({ display: "grid", gridTemplateColumns: "1fr 1fr", gap: 8, marginTop: 6 });
globalStyle(`${actions} > form > button, ${actions} > button, ${actions} > a`, { width: "100%", minHeight: 48 });
/** Numbered steps an owner follows elsewhere (the payment page's Toss console steps). */
export const steps = style({ margin: 0, paddingInlineStart: 20, display: "grid", gap: 10, lineHeight: 1.6 });
