import { assignInlineVars } from "@vanilla-extract/dynamic";
import { shopVars } from "../../styles/theme.css";
import type { ShopInfo } from "~/shared/contracts";
import { headerHeight } from "./header";
import { fontFamily, THEME_DEFAULTS } from "~/shared/theme-defaults";
import { onColour, readableOnWhite } from "~/shared/contrast";
import { shopBackgroundPrefix } from "~/shared/uploads";

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const FONT = /^[\p{L}\p{N} _-]{1,60}$/u;

/** Colours come from shop owners: anything that is not a plain hex colour falls back. */
function colour(value: string | null | undefined, fallback: string): string {
  return value && HEX.test(value) ? value : fallback;
}

/** Mixes a hex colour toward white: used for the second main colour when a shop sets none. */
export function tint(hex: string, amount: number): string {
  const h = hex.length === 4 ? hex.replace(/^#(.)(.)(.)$/, "#$1$1$2$2$3$3") : hex.slice(0, 7);
  const channels = [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16));
  return `#${channels
    .map((c) =>
      Math.round(c + (255 - c) * amount)
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;
}

/**
 * The shop's theme as CSS custom properties for the root element's style attribute. Computed in
 * the root loader (server only), so none of this ships to the browser.
 */
/** A page background the platform serves itself (decision 107); anything else shows none. */
const BACKGROUND = /^\/[\w-]+\.(?:png|jpe?g|webp)$/;
/** Our storage's address: an https origin or a path of our own, nothing that could end the url(). */
const STORAGE = /^(?:https?:\/\/[\w.:-]+)?\/[\w./-]*$/;

/**
 * The backdrop's address, or null. A shop's own picture (decision 111) only as a key the upload
 * code made under this very shop's backdrop prefix, in our own storage.
 */
export function backgroundUrl(shop: ShopInfo, storageUrl: string): string | null {
  if (BACKGROUND.test(shop.bgimg)) return shop.bgimg;
  const own = new RegExp(`^${shopBackgroundPrefix(shop.shopid)}[\\w-]+\\.(?:png|jpg|gif|webp)$`);
  return own.test(shop.bgimg) && STORAGE.test(storageUrl) ? `${storageUrl}${shop.bgimg}` : null;
}

export function themeStyle(shop: ShopInfo, storageUrl = ""): Record<string, string> {
  // The backdrop behind the page's column (wider screens); the column keeps the sub colour.
  const style = themeVars(shop);
  const url = backgroundUrl(shop, storageUrl);
  if (url) style.backgroundImage = `url("${url}")`;
  return style;
}

function themeVars(shop: ShopInfo): Record<string, string> {
  const d = THEME_DEFAULTS;
  const main = colour(shop.mcolor, d.color.main);
  const btn = colour(shop.btn_color, main);
  const skin = shop.design.value;
  const newColour = colour(skin.new, d.skin.new);
  // Only what a shop sets or what follows from it: the platform's colours are in the stylesheet.
  return assignInlineVars(shopVars, {
    color: {
      main,
      main2: colour(shop.mcolor2, tint(main, 0.6)),
      sub: colour(shop.scolor, d.color.sub),
      sub2: colour(shop.scolor2, d.color.sub2),
      btn,
      onMain: onColour(main),
      onBtn: onColour(btn),
      mainText: readableOnWhite(main),
      btnText: readableOnWhite(btn),
    },
    font: {
      family: fontFamily(FONT.test(shop.font_name) ? shop.font_name : d.font.name),
      // No body text under 12 px (issue 15), whatever the shop set.
      size: `${Math.min(Math.max(shop.font_size, 12), 20)}px`,
    },
    header: {
      height: `${headerHeight(shop)}px`,
      logoHeight: `${Math.min(Math.max(shop.logo_height, 16), 100)}px`,
    },
    skin: {
      ratio: String(skin.ratio),
      bg: colour(skin.bg, d.skin.bg),
      color: colour(skin.color, d.skin.color),
      price: colour(skin.price, d.skin.price),
      bg1: colour(skin.bg1, d.skin.bg1),
      prodSize: String(skin.prod_size),
      priceSize: String(skin.price_size),
      hot: colour(skin.hot, d.skin.hot),
      new: newColour,
      onNew: onColour(newColour),
      elevation: String(skin.elevation),
    },
  });
}
