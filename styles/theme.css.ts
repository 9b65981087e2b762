import { createGlobalTheme, createThemeContract } from "@vanilla-extract/css";
import { fontFamily, THEME_DEFAULTS } from "../app/shared/theme-defaults";
import { readableOnWhite } from "../app/shared/contrast";

/**
 * The theme contract. Each shop's values are plain data from its shop info, assigned inline on
 * <html> by the server-rendered root (app/lib/theme.ts), so the first paint is already themed.
 */
export const vars = createThemeContract({
  color: {
    main: null,
    main2: null,
    sub: null,
    sub2: null,
    btn: null,
    onMain: null,
    /** The main and button colours as text on white, WCAG AA (app/shared/contrast.ts). */
    mainText: null,
    btnText: null,
    text: null,
    muted: null,
    line: null,
    surface: null,
    danger: null,
  },
  font: { family: null, size: null },
  header: { height: null, logoHeight: null },
  skin: {
    ratio: null,
    bg: null,
    color: null,
    price: null,
    bg1: null,
    prodSize: null,
    priceSize: null,
    hot: null,
    new: null,
    elevation: null,
  },
});

// The platform defaults (spec §3) for anything a shop does not set.
const d = THEME_DEFAULTS;
createGlobalTheme(":root", vars, {
  color: {
    ...d.color,
    btn: d.color.main,
    mainText: readableOnWhite(d.color.main),
    btnText: readableOnWhite(d.color.main),
  },
  font: { family: fontFamily(d.font.name), size: `${d.font.size}px` },
  header: { height: `${d.header.height}px`, logoHeight: `${d.header.logoHeight}px` },
  skin: {
    ratio: String(d.skin.ratio),
    bg: d.skin.bg,
    color: d.skin.color,
    price: d.skin.price,
    bg1: d.skin.bg1,
    prodSize: String(d.skin.prod_size),
    priceSize: String(d.skin.price_size),
    hot: d.skin.hot,
    new: d.skin.new,
    elevation: String(d.skin.elevation),
  },
});
