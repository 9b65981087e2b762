import { describe, expect, it } from "vitest";
import { contrastRatio, onColour, readableOnWhite } from "~/shared/contrast";

/** Issue 15, point 7 (in part): text on a shop's colour is chosen for contrast. */

function contrast(a: string, b: string): number {
  const lum = (hex: string) => {
    const [r, g, b2] = [1, 3, 5].map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b2;
  };
  const [x, y] = [lum(a), lum(b)];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}

describe("text on the shop's colour", () => {
  it("is whichever of near-black and white reads better on it", () => {
    for (const colour of ["#E4577C", "#3F6B5B", "#3C91E6", "#FFD400", "#F5F5F5", "#111111", "#03C75A", "#FF8A00"]) {
      const chosen = onColour(colour);
      const other = chosen === "#ffffff" ? "#222222" : "#ffffff";
      expect(contrast(colour, chosen), colour).toBeGreaterThanOrEqual(contrast(colour, other));
    }
    expect(onColour("#FFD400")).toBe("#222222");
    expect(onColour("#111111")).toBe("#ffffff");
  });
});

describe("the shop's colour as text on white", () => {
  it("reads at 4.5:1 or better and stays the shop's own colour when that already does", () => {
    for (const colour of ["#E4577C", "#3F6B5B", "#3C91E6", "#FFD400", "#F5F5F5", "#03C75A", "#FF8A00", "#ffffff"]) {
      const text = readableOnWhite(colour);
      expect(contrastRatio(text, "#ffffff"), colour).toBeGreaterThanOrEqual(4.5);
      expect(text, colour).toBe(contrastRatio(colour, "#ffffff") >= 4.5 ? colour.toLowerCase() : text);
    }
    // Beauty's pink (3.5:1 on white) is darkened, not replaced by black.
    expect(readableOnWhite("#E4577C")).not.toBe("#e4577c");
    expect(readableOnWhite("#E4577C")).not.toBe("#000000");
    expect(readableOnWhite("#3F6B5B")).toBe("#3f6b5b");
  });
});
