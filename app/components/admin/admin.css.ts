import { globalStyle, keyframes, style } from "@vanilla-extract/css";
import { vars } from "../../../styles/theme.css";

export const frame = style({ maxWidth: 720, margin: "0 auto", minHeight: "100vh", background: vars.color.canvas });
export const bar = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  gap: 8,
  padding: "12px 16px",
  background: vars.color.chrome,
  color: vars.color.onChrome,
});
export const barTitle = style({ margin: 0, fontSize: "calc(1em + 4px)" });
export const barLink = style({ color: vars.color.onChrome });
/**
 * The console's tabs wrap onto a few rows instead of scrolling one: at a phone's width a single
 * row hid most tabs, the current one often among them, and only a script could scroll it into
 * view. Wrapped, every tab and the current one show on the first screen, with or without scripts.
 */
export const nav = style({
  display: "flex",
  flexWrap: "wrap",
  gap: 4,
  padding: "8px 12px",
  borderBottom: `1px solid ${vars.color.line}`,
  background: vars.color.surface,
});
export const navLink = style({
  padding: "8px 10px",
  borderRadius: 8,
  color: vars.color.text,
  textDecoration: "none",
  whiteSpace: "nowrap",
  selectors: { '&[aria-current="page"]': { background: vars.color.neutral, fontWeight: 700 } },
});
export const main = style({ padding: 12 });
export const chips = style({ display: "flex", flexWrap: "wrap", gap: 6, margin: "0 0 12px" });
export const chip = style({
  padding: "6px 10px",
  border: `1px solid ${vars.color.line}`,
  borderRadius: 16,
  color: vars.color.text,
  background: vars.color.surface,
  textDecoration: "none",
  fontSize: "calc(1em - 1px)",
  selectors: {
    '&[aria-current="true"]': {
      background: vars.color.chrome,
      color: vars.color.onChrome,
      borderColor: vars.color.chrome,
    },
  },
});
export const search = style({ display: "grid", gridTemplateColumns: "1fr auto", gap: 8, margin: "0 0 12px" });
/** Chips as a list (정산 대사's days): no markers, no indent. */
export const chipList = style([chips, { listStyle: "none", padding: 0 }]);
/** Label and amount on one line each, the amounts right-aligned (정산 대사's sums). */
export const figures = style({ display: "grid", gridTemplateColumns: "1fr auto", gap: "4px 12px", margin: 0 });
globalStyle(`${figures} dd`, { margin: 0, textAlign: "right", fontVariantNumeric: "tabular-nums" });
export const list = style({ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: 8 });
export const card = style({
  display: "grid",
  gap: 4,
  padding: 12,
  borderRadius: 10,
  background: vars.color.surface,
  boxShadow: "0 1px 4px rgba(0,0,0,.08)",
  color: vars.color.text,
  textDecoration: "none",
});
/** A card with a picture in a column of its own beside its lines (my orders). */
export const cardWithThumb = style([card, { gridTemplateColumns: "64px 1fr", columnGap: 12 }]);
export const cardThumb = style({ gridRow: "span 3" });
export const cardHead = style({ display: "flex", justifyContent: "space-between", gap: 8 });
export const status = style({ fontWeight: 700, color: vars.color.mainText });

/** The kitchen board (smart order): a new table order stands out without a sound. */
const glow = keyframes({
  "0%": { boxShadow: `0 0 0 0 ${vars.color.main}` },
  "70%": { boxShadow: "0 0 0 8px rgba(0,0,0,0)" },
  "100%": { boxShadow: "0 0 0 0 rgba(0,0,0,0)" },
});
export const fresh = style({ outline: `2px solid ${vars.color.main}`, animation: `${glow} 1.8s ease-out 3` });
export const badge = style({
  display: "inline-block",
  padding: "2px 8px",
  borderRadius: 10,
  background: vars.color.main,
  color: vars.color.onMain,
  fontSize: "calc(1em - 1px)",
  fontWeight: 700,
});
export const tableName = style({ fontSize: "calc(1em + 6px)", fontWeight: 800 });
export const buttons = style({ display: "flex", flexWrap: "wrap", gap: 8, marginTop: 6 });
export const bigButton = style({
  minHeight: 44,
  minWidth: 96,
  padding: "0 16px",
  borderRadius: 8,
  border: 0,
  background: vars.color.main,
  color: vars.color.onMain,
  fontWeight: 700,
  fontSize: "inherit",
  cursor: "pointer",
});
export const plainButton = style([bigButton, { background: vars.color.neutral, color: vars.color.text }]);
export const qrGrid = style({ display: "grid", gridTemplateColumns: "repeat(auto-fill, minmax(220px, 1fr))", gap: 12 });
export const qrCard = style({
  display: "grid",
  justifyItems: "center",
  gap: 4,
  padding: 16,
  border: `1px dashed ${vars.color.lineStrong}`,
  borderRadius: 10,
  background: vars.color.surface,
  color: vars.color.text,
  breakInside: "avoid",
});
globalStyle(`${qrCard} svg`, { width: 180, height: 180 });

export const tableWrap = style({ overflowX: "auto", background: vars.color.surface, borderRadius: 8 });
export const table = style({ width: "100%", borderCollapse: "collapse", fontSize: "calc(1em - 1px)" });
export const cell = style({
  padding: "8px 10px",
  borderBottom: `1px solid ${vars.color.line}`,
  textAlign: "left",
  whiteSpace: "nowrap",
});

/** A product's pictures: thumbnails in a grid, each with its buttons. */
export const photos = style({
  listStyle: "none",
  margin: "0 0 12px",
  padding: 0,
  display: "grid",
  gridTemplateColumns: "repeat(auto-fill, minmax(160px, 1fr))",
  gap: 8,
});
export const photo = style([card, { alignContent: "start", justifyItems: "start" }]);
globalStyle(`${photo} img`, {
  width: "100%",
  height: "auto",
  aspectRatio: "1",
  objectFit: "cover",
  borderRadius: 6,
  background: vars.color.neutral,
});
export const cardTitle = style({ margin: 0, fontSize: "inherit" });
export const thumb = style({
  width: 56,
  height: 56,
  borderRadius: 6,
  objectFit: "cover",
  background: vars.color.neutral,
});
export const photoLink = style({ display: "flex", gap: 8, alignItems: "center", color: "inherit" });

// The console pages' own pieces (were inline styles on the routes).
export const flush = style({ margin: 0 });
export const kitchenLines = style({ margin: "4px 0", paddingLeft: 18 });
export const kitchenLine = style({ fontSize: "calc(1em + 2px)" });
/** A confirm step's question takes a row of its own above its buttons. */
export const confirmText = style({ width: "100%", margin: 0 });
export const tableUrl = style({ fontSize: 12, wordBreak: "break-all" });
export const noticeList = style([list, { marginTop: 8 }]);
export const noticeBody = style({ margin: 0, whiteSpace: "pre-line", overflowWrap: "anywhere" });
/** The printed QR sheet: black on white whatever the shop's colours. */
export const printSheet = style({
  padding: 16,
  background: vars.color.surface,
  color: vars.color.text,
  minHeight: "100vh",
});
export const printTitle = style({ fontSize: 18 });
export const qrFigure = style([qrCard, { margin: 0 }]);
export const qrCaption = style({ textAlign: "center" });
export const qrName = style({ fontSize: 22 });
