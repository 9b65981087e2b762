import { style } from "@vanilla-extract/css";
import { vars } from "../../styles/theme.css";

/** Rows of shoppers' posts under a product: reviews and 상품문의 (one look for both). */
export const list = style({ listStyle: "none", margin: 0, padding: 0 });
export const item = style({ padding: "12px 4px", borderBottom: `1px solid ${vars.color.line}` });
export const head = style({ display: "flex", flexWrap: "wrap", gap: 6, alignItems: "center", margin: 0 });
export const tag = style({
  padding: "1px 6px",
  border: `1px solid ${vars.color.line}`,
  borderRadius: 4,
  fontSize: "calc(1em - 1px)",
});
/** A tag in the shop's colour: 답변완료, 포인트 지급 리뷰. */
export const markedTag = style([tag, { borderColor: vars.color.mainText, color: vars.color.mainText }]);
export const body = style({ margin: "6px 0 0", whiteSpace: "pre-wrap", overflowWrap: "anywhere" });
