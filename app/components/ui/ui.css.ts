import { globalStyle, keyframes, style, styleVariants } from "@vanilla-extract/css";
import { vars } from "../../../styles/theme.css";

const slide = keyframes({ from: { opacity: 0, transform: "translateY(8px)" }, to: { opacity: 1, transform: "none" } });

const barBase = style({
  position: "fixed",
  left: "50%",
  transform: "translateX(-50%)",
  zIndex: 1000,
  maxWidth: "min(480px, calc(100vw - 24px))",
  width: "max-content",
  padding: "12px 16px",
  borderRadius: 8,
  fontSize: "calc(1em + 2px)",
  boxShadow: "0 4px 16px rgba(0,0,0,.2)",
  animation: `${slide} .2s ease-out`,
});

export const snackbar = styleVariants({
  top: [barBase, { top: 12, background: vars.color.inverse, color: vars.color.onInverse }],
  bottom: [barBase, { bottom: 16, background: vars.color.inverse, color: vars.color.onInverse }],
});

export const infoBar = style([
  barBase,
  { top: 0, borderRadius: 0, width: "100%", maxWidth: "none", background: vars.color.main, color: vars.color.onMain },
]);

export const dialog = style({
  border: 0,
  borderRadius: 12,
  padding: 0,
  width: "min(360px, calc(100vw - 32px))",
  boxShadow: "0 8px 32px rgba(0,0,0,.25)",
  selectors: { "&::backdrop": { background: "rgba(0,0,0,.45)" } },
});

export const dialogBody = style({ padding: "20px 20px 8px", fontSize: "calc(1em + 2px)", whiteSpace: "pre-line" });

export const dialogInput = style({
  display: "block",
  width: "100%",
  marginTop: 12,
  padding: "10px 12px",
  border: `1px solid ${vars.color.line}`,
  borderRadius: 8,
});

export const dialogActions = style({ display: "flex", justifyContent: "flex-end", gap: 8, padding: "12px 16px 16px" });

export const button = style({
  minWidth: 72,
  padding: "10px 14px",
  border: `1px solid ${vars.color.line}`,
  borderRadius: 8,
  background: vars.color.surface,
  cursor: "pointer",
});

export const primaryButton = style([
  button,
  { background: vars.color.btn, borderColor: vars.color.btn, color: vars.color.onBtn },
]);

const grow = keyframes({ from: { transform: "scaleX(0)" }, to: { transform: "scaleX(.92)" } });

export const progress = style({
  position: "fixed",
  top: 0,
  left: 0,
  right: 0,
  height: 3,
  zIndex: 1100,
  transformOrigin: "left",
  // Over the header, which has the shop's colour: the colour that reads on it, so a tap shows.
  background: vars.color.onMain,
  boxShadow: `0 1px 2px ${vars.color.main}`,
  // Creeps toward the end over the spec's 5 s; finishing jumps to full.
  animation: `${grow} 5s cubic-bezier(.1,.7,.3,1) forwards`,
});

// 우편번호 찾기: nearly the whole screen on a phone (the provider's search is a tall list).
export const postcodeDialog = style({
  border: 0,
  borderRadius: 12,
  padding: 0,
  width: "min(480px, calc(100vw - 16px))",
  height: "min(600px, calc(100dvh - 32px))",
  boxShadow: "0 8px 32px rgba(0,0,0,.25)",
  selectors: { "&::backdrop": { background: "rgba(0,0,0,.45)" } },
});
export const postcodeHead = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  height: 48,
  padding: "0 8px 0 16px",
  borderBottom: `1px solid ${vars.color.line}`,
  fontWeight: 700,
});
export const postcodeFrame = style({ height: "calc(100% - 49px)" });
export const postcodeRow = style({ display: "grid", gridTemplateColumns: "1fr auto", gap: 8, alignItems: "end" });
export const postcodeButton = style({
  minHeight: 44,
  padding: "0 14px",
  border: `1px solid ${vars.color.main}`,
  borderRadius: 8,
  background: vars.color.surface,
  color: vars.color.mainText,
  fontWeight: 700,
  fontSize: "calc(1em + 1px)",
  whiteSpace: "nowrap",
  cursor: "pointer",
});
export const postcodeFailed = style({ margin: "4px 0 0", color: vars.color.danger, fontSize: "calc(1em - 1px)" });

/** A notice in the page: an error (red) or a success (green), as sent without scripts too. */
export const notice = style({
  margin: "0 0 12px",
  padding: "12px 14px",
  borderRadius: 8,
  background: vars.color.error,
  color: vars.color.onError,
  fontWeight: 700,
});
/** A notice that is neither an error nor a success: something under way, or done for the shopper. */
export const infoNotice = style({
  margin: "0 0 12px",
  padding: "12px 14px",
  borderRadius: 8,
  border: `1px solid ${vars.color.main}`,
  background: vars.color.surface,
  color: vars.color.text,
});
/** A question's two answers (WayChoice): tap targets of at least 44px. */
export const choiceQuestion = style({ margin: 0, fontWeight: 700 });
export const choiceButtons = style({
  display: "flex",
  flexWrap: "wrap",
  gap: 8,
  marginTop: 10,
});
globalStyle(`${choiceButtons} button`, { minHeight: 44 });
export const noticeLinks = style({ display: "flex", gap: 12, marginTop: 8, fontWeight: 400 });
export const success = style({
  margin: "0 0 12px",
  padding: "12px 14px",
  borderRadius: 8,
  background: vars.color.success,
  color: vars.color.onSuccess,
});
/** The UI check page's column of sample buttons. */
export const checkButtons = style({ display: "grid", gap: 8 });
