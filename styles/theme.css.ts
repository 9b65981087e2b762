import { createGlobalTheme, createThemeContract } from "@vanilla-extract/css";
import { fontFamily, PLATFORM_COLOURS, THEME_DEFAULTS } from "../app/shared/theme-defaults";
import { onColour, readableOnWhite } from "../app/shared/contrast";

/**
 * What each shop sets, or what is computed from it. Each shop's values are plain data from its
 * shop info, assigned inline on <html> by the server-rendered root (app/lib/theme.ts), so the
 * first paint is already themed.
 */
export const shopVars = createThemeContract({
  color: {
    main: null,
    main2: null,
    sub: null,
    sub2: null,
    btn: null,
    /** Text on the main and the button colour: near-black or white, whichever reads better. */
    onMain: null,
    onBtn: null,
    /** The main and button colours as text on white, WCAG AA (app/shared/contrast.ts). */
    mainText: null,
    btnText: null,
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
    /** Text on the skin's "new" colour (a picked product's tag). */
    onNew: null,
    elevation: null,
  },
});

// The platform defaults (spec §3) for anything a shop does not set.
const d = THEME_DEFAULTS;
createGlobalTheme(":root", shopVars, {
  color: {
    ...d.color,
    btn: d.color.main,
    onMain: onColour(d.color.main),
    onBtn: onColour(d.color.main),
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
    onNew: onColour(d.skin.new),
    elevation: String(d.skin.elevation),
  },
});

/** The platform's semantic colours (app/shared/theme-defaults.ts): the same for every shop. */
const platform = createGlobalTheme(":root", { color: PLATFORM_COLOURS });

/** The theme as components use it: the shop's values and the platform's, by name. */
export const vars = { ...shopVars, color: { ...shopVars.color, ...platform.color } };
