import { GRID_THREE_COLUMNS_FROM, PAGE_MAX_WIDTH } from "./layout";

/**
 * Addresses of a stored picture's derived sizes (issue 15): made once from the original by the
 * Worker with the Images binding (functions/picture-sizes.ts), kept in R2 beside it, so a phone
 * downloads what fits its screen rather than the original.
 *
 *   /files/w/{width}/{source key}.webp
 */

/**
 * The widths pages offer (device pixels). A phone's card is half its screen: about 200 CSS px, so
 * 320 at 1.5×, 480 at 2× (most phones, and Lighthouse's 1.75×), 640 at 3×; a phone's page is 640
 * or 960, a wide page 1280. Without 480 a 2× phone took 640: 1.8 times the pixels to fetch and
 * decode.
 */
export const PICTURE_WIDTHS = [320, 480, 640, 960, 1280] as const;
export type PictureWidth = (typeof PICTURE_WIDTHS)[number];
/** The sizes phones ask for cards: made as soon as an owner adds a photo. */
export const PHONE_CARD_WIDTHS = [320, 480, 640] as const satisfies readonly PictureWidth[];

/** Pictures the Images binding can resize; an SVG scales by itself. */
const RASTER = /\.(jpe?g|png|webp)$/i;

export function sizedKey(source: string, width: PictureWidth): string {
  return `w/${width}/${source}.webp`;
}

/** The source key and width of a sized key, or null when it is none (or a width not offered). */
export function parseSizedKey(key: string): { source: string; width: PictureWidth } | null {
  const match = /^w\/(\d{1,4})\/(.+)\.webp$/.exec(key);
  if (!match) return null;
  const width = Number(match[1]) as PictureWidth;
  const source = match[2]!;
  if (!PICTURE_WIDTHS.includes(width) || !RASTER.test(source) || source.startsWith("w/")) return null;
  return { source, width };
}

/**
 * The `srcset` of a stored picture at `storage` (the Worker's own `/files/`), or undefined for a
 * picture that is not raster or lives in an outside storage (linked as it is).
 */
export function pictureSrcSet(storage: string, key: string): string | undefined {
  if (storage !== "/files/" || !RASTER.test(key) || key.startsWith("w/")) return undefined;
  return PICTURE_WIDTHS.map((w) => `${storage}${sizedKey(key, w)} ${w}w`).join(", ");
}

/** How wide pictures are drawn, for `sizes`: the frame's measures (app/shared/layout.ts). */
export const PICTURE_SIZES = {
  // Two grid columns of a phone, three from GRID_THREE_COLUMNS_FROM, a third of the page (less
  // the gaps) on a wide screen.
  card: `(min-width: ${PAGE_MAX_WIDTH}px) ${Math.floor((PAGE_MAX_WIDTH - 24) / 3)}px, (min-width: ${GRID_THREE_COLUMNS_FROM}px) 33vw, 50vw`,
  page: `(min-width: ${PAGE_MAX_WIDTH}px) ${PAGE_MAX_WIDTH}px, 100vw`,
} as const;

/** An `<img>`'s srcSet and sizes for a stored picture drawn as `drawn`, when it has sizes. */
export function pictureSizes(storage: string, key: string, drawn: keyof typeof PICTURE_SIZES) {
  const srcSet = pictureSrcSet(storage, key);
  return srcSet ? { srcSet, sizes: PICTURE_SIZES[drawn] } : {};
}
