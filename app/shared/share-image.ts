/**
 * Addresses of the 300×300 sharing images (spec §9, decision 072): made once from a stored
 * picture by the Worker (functions/share-image.ts) and kept beside it.
 *
 *   /files/share/300/{rrggbb background}/{source key}.jpg
 */
export const SHARE_SIZE = 300;

/** The share image's key for a stored picture, on a background colour (#rrggbb or rrggbb). */
export function shareKey(source: string, background = "ffffff"): string {
  const hex = /^#?[0-9a-f]{6}$/i.test(background) ? background.replace(/^#/, "").toLowerCase() : "ffffff";
  return `share/${SHARE_SIZE}/${hex}/${source}.jpg`;
}

/** The source key and background of a share key, or null when it is none. */
export function parseShareKey(key: string): { source: string; background: [number, number, number] } | null {
  const match = /^share\/300\/([0-9a-f]{6})\/(.+)\.jpg$/.exec(key);
  if (!match || match[2]!.startsWith("share/")) return null;
  const hex = match[1]!;
  const channel = (i: number) => parseInt(hex.slice(i, i + 2), 16);
  return { source: match[2]!, background: [channel(0), channel(2), channel(4)] };
}
