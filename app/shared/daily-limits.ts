/** The console's daily work's caps (decision 109), apart from the forms so pages ship no zod. */

/** Rows in one upload: four batches of D1 writes at most (TRACKING_ROWS_PER_BATCH). */
export const MAX_TRACKING_ROWS = 200;
/** Rows shipped per D1 batch: three statements each (the `ship` transition). */
export const TRACKING_ROWS_PER_BATCH = 50;
/** The file's size: 200 rows of a courier's export with a few more columns fit well within. */
export const MAX_TRACKING_FILE_KB = 48;
/** Orders one shop may ship by upload in TRACKING_WINDOW_MINUTES (a replayed upload costs a read). */
export const MAX_SHIPPED_PER_WINDOW = 1_000;
export const TRACKING_WINDOW_MINUTES = 10;
/** Most orders one CSV export holds. */
export const MAX_EXPORT_ROWS = 1_000;
