import { style } from "@vanilla-extract/css";
import { vars } from "../../../styles/theme.css";

export const column = style({ maxWidth: 720, margin: "0 auto", minHeight: "100vh" });
export const white = style([column, { background: vars.color.surface }]);

export const topBar = style({
  position: "sticky",
  top: 0,
  zIndex: 40,
  display: "flex",
  alignItems: "center",
  gap: 4,
  height: 56,
  padding: "0 4px",
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.line}`,
});

// The message layout's bar is fixed at 56 px (spec §2).
export const fixedBar = style([topBar, { position: "fixed", left: 0, right: 0, maxWidth: 720, margin: "0 auto" }]);
export const fixedBarSpacer = style({ height: 56 });

export const barTitle = style({
  flex: 1,
  margin: 0,
  fontSize: "calc(1em + 4px)",
  textAlign: "center",
  overflow: "hidden",
  textOverflow: "ellipsis",
  whiteSpace: "nowrap",
});

export const barButton = style({
  position: "relative",
  display: "inline-grid",
  placeItems: "center",
  minWidth: 44,
  height: 44,
  padding: "0 8px",
  border: 0,
  background: "none",
  textDecoration: "none",
  cursor: "pointer",
});

export const barBadge = style({
  position: "absolute",
  top: 4,
  right: 2,
  minWidth: 16,
  padding: "0 4px",
  borderRadius: 8,
  background: vars.color.danger,
  color: vars.color.onDanger,
  fontSize: 10,
  lineHeight: "16px",
});

// fullbg: the login background, circles drawn from the shop's second main colour.
export const fullbg = style({
  minHeight: "100vh",
  display: "grid",
  placeItems: "center",
  padding: 16,
  backgroundColor: vars.color.main,
  backgroundImage: [
    `radial-gradient(circle at 12% 18%, ${vars.color.main2} 0 70px, transparent 71px)`,
    `radial-gradient(circle at 88% 12%, ${vars.color.main2} 0 40px, transparent 41px)`,
    `radial-gradient(circle at 80% 82%, ${vars.color.main2} 0 110px, transparent 111px)`,
    `radial-gradient(circle at 8% 90%, ${vars.color.main2} 0 30px, transparent 31px)`,
  ].join(", "),
});

export const fullbgCard = style({
  width: "min(400px, 100%)",
  padding: "28px 20px",
  borderRadius: 16,
  background: vars.color.surface,
  boxShadow: "0 12px 40px rgba(0,0,0,.18)",
});

export const body = style({ padding: 12 });
