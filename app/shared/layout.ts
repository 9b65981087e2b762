/**
 * The shop frame's measures, for its styles (app/components/shop.css.ts) and for what depends on
 * them elsewhere: the `sizes` of pictures (app/shared/picture-sizes.ts).
 */
/** A shop's pages are at most this wide (CSS px), centred on a wider screen. */
export const PAGE_MAX_WIDTH = 720;
/** Product grids show two columns, and three from this viewport width on. */
export const GRID_THREE_COLUMNS_FROM = 600;
