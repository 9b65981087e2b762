/**
 * A card's reviews (decision 119): "★ 4.5 (12)". A file of its own, so only the card grid's code
 * carries it, not every page that reads the product copy (the product page's byte budget).
 */
export const cardRating = (avg: number, n: number) => `★ ${avg.toFixed(1)} (${n})`;
