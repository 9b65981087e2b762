import { style } from "@vanilla-extract/css";

/** The order sheet's own layout (the fields and buttons are the cart's: app/components/cart/cart.css.ts). */
export const pointsField = style({ marginBottom: 12 });
export const pointsRow = style({ display: "flex", gap: 8, alignItems: "stretch" });
export const pointsInput = style({ flex: 1, minWidth: 0 });
export const hint = style({ fontWeight: 400 });
export const bankFields = style({ marginTop: 12 });
export const pickerManage = style({ margin: "6px 0 0" });
export const earn = style({ margin: "0 0 8px", textAlign: "center" });
