import { style } from "@vanilla-extract/css";
import { vars } from "../../../styles/theme.css";

/**
 * The review form's 별점 (issue 52): five radio inputs drawn as large stars. Each input lies over
 * its star, invisible, so a tap on the star is a tap on the radio: a 48px target, the keyboard's
 * arrows, the browser's own form post without scripts. The chosen star and those before it fill.
 */
export const stars = style({ display: "flex", gap: 4, margin: "4px 0 0" });

export const star = style({
  position: "relative",
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  width: 48,
  height: 48,
  fontSize: 40,
  lineHeight: 1,
  color: vars.color.muted,
  borderRadius: 8,
  cursor: "pointer",
  selectors: {
    "&:has(input:focus-visible)": { outline: `2px solid ${vars.color.mainText}`, outlineOffset: 2 },
  },
});

export const starInput = style({
  position: "absolute",
  inset: 0,
  width: "100%",
  height: "100%",
  margin: 0,
  opacity: 0,
  cursor: "pointer",
});

/** Star k fills when k or a higher star is chosen. */
export const filled = Object.fromEntries(
  [1, 2, 3, 4, 5].map((k) => [
    k,
    style({
      selectors: Object.fromEntries(
        [1, 2, 3, 4, 5]
          .filter((n) => n >= k)
          .map((n) => [`${stars}:has(input[value="${n}"]:checked) > &`, { color: vars.color.mainText }]),
      ),
    }),
  ]),
) as Record<number, string>;
