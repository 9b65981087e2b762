import { encode as encodeJpeg } from "jpeg-js";
import { convertIndexedToRgb, decode as decodePng } from "fast-png";
import { SHARE_SIZE, parseShareKey } from "~/shared/share-image";
import { deriveAndKeep, resized } from "./picture-sizes";
import type { Log } from "./log";

/**
 * The 300×300 sharing image of spec §9 (decisions 072, 079): derived from a stored picture once,
 * on the first request of its address, and kept in R2 beside it; every later request is a plain
 * file. Photos are cropped to the centre square; wide or tall pictures (a logo) are fitted whole
 * onto a background colour, which also fills transparency (JPEG has none). The Images binding
 * reads the original (JPEG, PNG, WebP, any size it takes) and shrinks it to what the square
 * needs; the crop and the background are laid here, on a few hundred pixels. Addresses:
 * app/shared/share-image.ts.
 */

export type Rgba = { width: number; height: number; data: Uint8Array };

/** More than 1.5 times as wide as tall, or the reverse (a logo, a banner): fitted whole, not cropped. */
const fitsWhole = (width: number, height: number) => width / height > 1.5 || height / width > 1.5;

/** A PNG's pixels as 8-bit RGBA (any depth, palette, grey or alpha). */
export function pngRgba(bytes: Uint8Array): Rgba {
  const png = decodePng(bytes);
  const data = png.palette ? convertIndexedToRgb(png) : png.data;
  const channels = png.palette ? (png.palette[0]?.length ?? 3) : png.channels;
  const shift = png.depth === 16 ? 8 : 0;
  const out = new Uint8Array(png.width * png.height * 4);
  for (let p = 0; p < png.width * png.height; p++) {
    const at = p * channels;
    const v = (i: number) => (data[at + i]! >> shift) & 0xff;
    const grey = channels <= 2;
    out[p * 4] = v(0);
    out[p * 4 + 1] = grey ? v(0) : v(1);
    out[p * 4 + 2] = grey ? v(0) : v(2);
    out[p * 4 + 3] = channels === 2 ? v(1) : channels === 4 ? v(3) : 255;
  }
  return { width: png.width, height: png.height, data: out };
}

/**
 * A size×size picture: the centre square scaled (area average when shrinking), or, for a picture
 * more than 1.5 times as wide as tall or the other way, the whole picture fitted inside. Pixels
 * are laid over `background`.
 */
export function squareImage(img: Rgba, size: number, background: [number, number, number]): Rgba {
  const fit = fitsWhole(img.width, img.height);
  // The source rectangle that maps onto the target rectangle [tx, tx + tw) × [ty, ty + th).
  let sx = 0;
  let sy = 0;
  let sw = img.width;
  let sh = img.height;
  let tx = 0;
  let ty = 0;
  let tw = size;
  let th = size;
  if (fit) {
    const scale = Math.min(size / img.width, size / img.height);
    tw = Math.max(1, Math.round(img.width * scale));
    th = Math.max(1, Math.round(img.height * scale));
    tx = Math.floor((size - tw) / 2);
    ty = Math.floor((size - th) / 2);
  } else {
    const side = Math.min(img.width, img.height);
    sx = Math.floor((img.width - side) / 2);
    sy = Math.floor((img.height - side) / 2);
    sw = side;
    sh = side;
  }
  const out = new Uint8Array(size * size * 4);
  for (let p = 0; p < size * size; p++) {
    out[p * 4] = background[0];
    out[p * 4 + 1] = background[1];
    out[p * 4 + 2] = background[2];
    out[p * 4 + 3] = 255;
  }
  for (let y = 0; y < th; y++) {
    const y0 = sy + (y * sh) / th;
    const y1 = sy + ((y + 1) * sh) / th;
    for (let x = 0; x < tw; x++) {
      const x0 = sx + (x * sw) / tw;
      const x1 = sx + ((x + 1) * sw) / tw;
      // Every source pixel the target pixel covers (at least the nearest one when enlarging).
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      let n = 0;
      const yEnd = Math.max(Math.floor(y0) + 1, Math.ceil(y1));
      const xEnd = Math.max(Math.floor(x0) + 1, Math.ceil(x1));
      for (let yy = Math.floor(y0); yy < yEnd && yy < img.height; yy++) {
        for (let xx = Math.floor(x0); xx < xEnd && xx < img.width; xx++) {
          const at = (yy * img.width + xx) * 4;
          const alpha = img.data[at + 3]!;
          r += img.data[at]! * alpha;
          g += img.data[at + 1]! * alpha;
          b += img.data[at + 2]! * alpha;
          a += alpha;
          n++;
        }
      }
      const cover = n > 0 ? a / n / 255 : 0;
      const to = ((ty + y) * size + tx + x) * 4;
      const mix = (sum: number, bg: number) => Math.round((a > 0 ? sum / a : 0) * cover + bg * (1 - cover));
      out[to] = mix(r, background[0]);
      out[to + 1] = mix(g, background[1]);
      out[to + 2] = mix(b, background[2]);
    }
  }
  return { width: size, height: size, data: out };
}

/** The share image's JPEG bytes from a picture's RGBA pixels. */
export function shareJpeg(img: Rgba, background: [number, number, number]): Uint8Array<ArrayBuffer> {
  const bytes = encodeJpeg(squareImage(img, SHARE_SIZE, background), 85).data;
  const out = new Uint8Array(new ArrayBuffer(bytes.length));
  out.set(bytes);
  return out;
}

/**
 * Makes and stores the share image for `key` when its source can be read. Null when it cannot
 * (no binding, no such source, too big, not a bitmap): the caller links the original instead.
 */
export async function deriveShareImage(
  bucket: R2Bucket,
  images: ImagesBinding | undefined,
  key: string,
  log: Log,
): Promise<Uint8Array<ArrayBuffer> | null> {
  const parsed = parseShareKey(key);
  if (!parsed || !images) return null;
  return deriveAndKeep(bucket, images, parsed.source, key, "sharing image", "image/jpeg", log, async (source) => {
    // Just big enough: the short side fills the square (cropped), or the long side (fitted whole).
    const { width, height } = source;
    const side = fitsWhole(width, height) ? Math.max(width, height) : Math.min(width, height);
    const out = await resized(images, source, (width * SHARE_SIZE) / side).output({ format: "image/png" });
    return shareJpeg(pngRgba(new Uint8Array(await out.response().arrayBuffer())), parsed.background);
  });
}
