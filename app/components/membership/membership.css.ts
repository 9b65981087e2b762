import { style } from "@vanilla-extract/css";
import { vars } from "../../../styles/theme.css";

export const status = style({ margin: 0, fontSize: "calc(1em + 4px)", fontWeight: 700, wordBreak: "keep-all" });
export const muted = style({ margin: 0, color: vars.color.muted, wordBreak: "keep-all" });
export const text = style({ margin: 0, wordBreak: "keep-all" });

export const balance = style({
  display: "flex",
  alignItems: "baseline",
  justifyContent: "space-between",
  gap: 8,
  padding: "12px 14px",
  borderRadius: 10,
  background: vars.color.sub2,
});
export const balanceValue = style({ fontSize: "calc(1em + 10px)", fontWeight: 700, color: vars.color.mainText });

export const history = style({ listStyle: "none", margin: 0, padding: 0 });
export const entry = style({
  display: "grid",
  gridTemplateColumns: "1fr auto",
  gap: "2px 12px",
  padding: "10px 0",
  borderBottom: `1px solid ${vars.color.line}`,
  selectors: { "&:last-child": { borderBottom: 0 } },
});
export const entryAmount = style({ fontWeight: 700, textAlign: "right" });
export const entryNote = style({ gridColumn: "1 / -1", color: vars.color.muted, fontSize: "calc(1em - 1px)" });

export const consent = style({
  margin: 0,
  padding: "10px 12px",
  borderRadius: 8,
  background: vars.color.sub2,
  display: "grid",
  gap: 4,
  wordBreak: "keep-all",
});
export const consentTitle = style({ margin: 0, fontWeight: 700 });
export const consentList = style({ margin: 0, paddingLeft: 18 });
export const policyLinks = style({ display: "flex", flexWrap: "wrap", gap: "4px 16px" });

export const policy = style({ display: "grid", gap: 12, padding: "8px 4px 24px", wordBreak: "keep-all" });
export const policyTitle = style({ margin: "8px 0 0", fontSize: "calc(1em + 6px)" });
export const policySection = style({ display: "grid", gap: 4 });
export const policyHeading = style({ margin: 0, fontSize: "calc(1em + 2px)" });
