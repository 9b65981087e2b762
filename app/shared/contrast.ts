/**
 * WCAG colour contrast for the theme (issue 15): which text reads on a shop's colour, and the
 * shop's colour made dark enough to be read as text. No dependencies: the stylesheet build
 * (styles/theme.css.ts) imports it as well as the per-shop theme (app/lib/theme.ts).
 */

const full = (hex: string) => (hex.length === 4 ? hex.replace(/^#(.)(.)(.)$/, "#$1$1$2$2$3$3") : hex.slice(0, 7));

/** WCAG relative luminance of a #rgb or #rrggbb colour. */
export function luminance(hex: string): number {
  const h = full(hex);
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(h.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The WCAG contrast ratio of two colours. */
export function contrastRatio(a: string, b: string): number {
  const [x, y] = [luminance(a), luminance(b)];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}

/**
 * Readable text on the main colour (header, buttons, progress bar): of near-black and white,
 * the one with the higher WCAG contrast against it.
 */
export function onColour(hex: string): string {
  return contrastRatio(hex, "#222222") > contrastRatio(hex, "#ffffff") ? "#222222" : "#ffffff";
}

/** WCAG AA for body text. */
const AA = 4.5;

/**
 * The colour as text on white (outlined buttons, links, figures in the shop's colour): itself when
 * it reads at 4.5:1, else mixed toward black just enough that it does, so it stays the shop's hue.
 */
export function readableOnWhite(hex: string): string {
  const h = full(hex);
  const channels = [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16));
  for (let step = 0; step <= 20; step += 1) {
    const shade = `#${channels
      .map((c) =>
        Math.round(c * (1 - step / 20))
          .toString(16)
          .padStart(2, "0"),
      )
      .join("")}`;
    if (contrastRatio(shade, "#ffffff") >= AA) return shade;
  }
  return "#000000";
}
