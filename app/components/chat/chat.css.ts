import { style } from "@vanilla-extract/css";
import { vars } from "../../../styles/theme.css";

export const list = style({ listStyle: "none", margin: 0, padding: 0 });
export const item = style({
  display: "grid",
  gridTemplateColumns: "1fr auto",
  gap: "2px 8px",
  padding: "12px 16px",
  borderBottom: `1px solid ${vars.color.line}`,
  color: vars.color.text,
  textDecoration: "none",
});
export const itemTitle = style({ fontWeight: 700, overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" });
export const itemText = style({
  gridColumn: "1 / -1",
  color: vars.color.muted,
  overflow: "hidden",
  textOverflow: "ellipsis",
  whiteSpace: "nowrap",
});
export const itemTime = style({ color: vars.color.muted, fontSize: "calc(1em - 1px)", whiteSpace: "nowrap" });
export const unreadDot = style({
  display: "inline-block",
  minWidth: 18,
  marginLeft: 6,
  padding: "0 5px",
  borderRadius: 9,
  background: vars.color.danger,
  color: vars.color.onDanger,
  fontSize: 12,
  lineHeight: "18px",
  textAlign: "center",
  verticalAlign: "middle",
});
export const empty = style({
  padding: "48px 16px",
  textAlign: "center",
  color: vars.color.muted,
  wordBreak: "keep-all",
});

export const about = style({
  display: "flex",
  alignItems: "center",
  gap: 10,
  padding: "10px 16px",
  borderBottom: `1px solid ${vars.color.line}`,
  color: vars.color.text,
  textDecoration: "none",
});
export const aboutImage = style({
  width: 44,
  height: 44,
  borderRadius: 6,
  objectFit: "cover",
  background: vars.color.sub2,
});

export const thread = style({ listStyle: "none", margin: 0, padding: "12px 12px 0", display: "grid", gap: 10 });
export const bubbleRow = style({ display: "grid", justifyItems: "start", gap: 2 });
export const mineRow = style([bubbleRow, { justifyItems: "end" }]);
export const bubble = style({
  maxWidth: "82%",
  padding: "9px 12px",
  borderRadius: 14,
  border: `1px solid ${vars.color.line}`,
  background: vars.color.surface,
  color: vars.color.text,
  whiteSpace: "pre-wrap",
  overflowWrap: "anywhere",
  wordBreak: "keep-all",
});
export const mine = style([
  bubble,
  { borderColor: vars.color.main, background: vars.color.main, color: vars.color.onMain },
]);
export const time = style({ color: vars.color.muted, fontSize: 12 });

export const composer = style({
  position: "sticky",
  bottom: 0,
  display: "grid",
  gridTemplateColumns: "1fr auto",
  gap: 8,
  padding: "10px 12px",
  borderTop: `1px solid ${vars.color.line}`,
  background: vars.color.surface,
});
export const textarea = style({
  minHeight: 44,
  maxHeight: 160,
  padding: "10px 12px",
  border: `1px solid ${vars.color.line}`,
  borderRadius: 10,
  fontSize: 16, // no zoom on focus in mobile browsers
  fontFamily: "inherit",
  resize: "vertical",
  selectors: { '&[aria-invalid="true"]': { borderColor: vars.color.danger } },
});
export const send = style({
  minWidth: 64,
  minHeight: 44,
  border: 0,
  borderRadius: 10,
  background: vars.color.btn,
  color: vars.color.onBtn,
  fontWeight: 700,
  cursor: "pointer",
  selectors: { "&:disabled": { opacity: 0.6 } },
});
export const error = style({ gridColumn: "1 / -1", margin: 0, color: vars.color.danger, fontSize: "calc(1em - 1px)" });

// The message window (spec §2, §9): a panel over the page's corner on a wide screen, half the
// window's height, 80 % when made bigger.
export const panel = style({
  position: "fixed",
  right: 16,
  bottom: 0,
  zIndex: 60,
  display: "grid",
  gridTemplateRows: "44px 1fr",
  width: "min(420px, calc(100vw - 32px))",
  height: "50vh",
  borderRadius: "12px 12px 0 0",
  overflow: "hidden",
  background: vars.color.surface,
  boxShadow: "0 8px 32px rgba(0,0,0,.25)",
  selectors: { '&[data-size="full"]': { height: "80vh" } },
});
export const panelHead = style({
  display: "flex",
  alignItems: "center",
  gap: 4,
  padding: "0 4px 0 14px",
  background: vars.color.main,
  color: vars.color.onMain,
  fontWeight: 700,
});
export const panelTitle = style({ flex: 1 });
export const panelButton = style({
  minHeight: 36,
  padding: "0 10px",
  border: 0,
  background: "transparent",
  color: "inherit",
  cursor: "pointer",
});
export const panelFrame = style({ width: "100%", height: "100%", border: 0 });
export const askShop = style([empty, { padding: 16 }]);
/** A message on its way: the bubble it will be, faded until the shop has it. */
export const mineSending = style([mine, { opacity: 0.6 }]);
