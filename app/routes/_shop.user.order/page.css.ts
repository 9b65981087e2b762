import { style } from "@vanilla-extract/css";
import { vars } from "../../../styles/theme.css";

/** The order sheet's own layout (the fields and buttons are the cart's: app/components/cart/cart.css.ts). */
export const pointsField = style({ marginBottom: 12 });
export const pointsRow = style({ display: "flex", gap: 8, alignItems: "stretch" });
export const pointsInput = style({ flex: 1, minWidth: 0 });
export const hint = style({ fontWeight: 400 });
export const bankFields = style({ marginTop: 12 });
export const pickerManage = style({ margin: "6px 0 0" });
/** The quick sheet's who-and-where line (a details' summary) and its 변경. */
export const quick = style({ border: `1px solid ${vars.color.line}`, borderRadius: 8, padding: "0 12px" });
export const quickLine = style({ padding: "12px 0", minHeight: 44, cursor: "pointer", lineHeight: 1.5 });
export const quickChange = style({ color: vars.color.main, fontWeight: 700, whiteSpace: "nowrap" });
export const earn = style({ margin: "0 0 8px", textAlign: "center" });
