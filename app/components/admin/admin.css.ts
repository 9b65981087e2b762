import { style } from "@vanilla-extract/css";
import { vars } from "../../../styles/theme.css";

export const frame = style({ maxWidth: 720, margin: "0 auto", minHeight: "100vh", background: "#f5f6f8" });
export const bar = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  gap: 8,
  padding: "12px 16px",
  background: "#263238",
  color: "#fff",
});
export const barTitle = style({ margin: 0, fontSize: "calc(1em + 4px)" });
export const barLink = style({ color: "#fff" });
export const nav = style({
  display: "flex",
  gap: 4,
  padding: "8px 12px",
  borderBottom: `1px solid ${vars.color.line}`,
  background: vars.color.surface,
  overflowX: "auto",
});
export const navLink = style({
  padding: "8px 12px",
  borderRadius: 8,
  color: vars.color.text,
  textDecoration: "none",
  whiteSpace: "nowrap",
  selectors: { '&[aria-current="page"]': { background: "#eceff1", fontWeight: 700 } },
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
  selectors: { '&[aria-current="true"]': { background: "#263238", color: "#fff", borderColor: "#263238" } },
});
export const search = style({ display: "grid", gridTemplateColumns: "1fr auto", gap: 8, margin: "0 0 12px" });
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
export const cardHead = style({ display: "flex", justifyContent: "space-between", gap: 8 });
export const status = style({ fontWeight: 700, color: vars.color.main });
