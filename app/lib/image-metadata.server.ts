/**
 * Drops the metadata a phone writes into a photo (EXIF with its GPS position, XMP, text chunks)
 * before a shopper's picture is stored where anyone may see it. The picture data is untouched; a
 * file we cannot walk is returned as it came (storeImage still judges it by its bytes).
 */

const u16 = (b: Uint8Array, i: number) => (b[i]! << 8) | b[i + 1]!;
const u32be = (b: Uint8Array, i: number) => ((b[i]! << 24) | (b[i + 1]! << 16) | (b[i + 2]! << 8) | b[i + 3]!) >>> 0;
const u32le = (b: Uint8Array, i: number) => (b[i]! | (b[i + 1]! << 8) | (b[i + 2]! << 16) | (b[i + 3]! << 24)) >>> 0;
const tag = (b: Uint8Array, i: number) => String.fromCharCode(b[i]!, b[i + 1]!, b[i + 2]!, b[i + 3]!);

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** JPEG: every APP1 (EXIF, XMP) and APP13 (IPTC) segment before the image data goes. */
function jpeg(b: Uint8Array): Uint8Array {
  const parts: Uint8Array[] = [b.subarray(0, 2)];
  let i = 2;
  while (i + 4 <= b.length && b[i] === 0xff) {
    const marker = b[i + 1]!;
    // Start of scan: the rest is image data.
    if (marker === 0xda) break;
    const end = i + 2 + u16(b, i + 2);
    if (end > b.length) return b;
    if (marker !== 0xe1 && marker !== 0xed) parts.push(b.subarray(i, end));
    i = end;
  }
  parts.push(b.subarray(i));
  return concat(parts);
}

const PNG_DROPPED = new Set(["eXIf", "tEXt", "iTXt", "zTXt", "tIME"]);

/** PNG: the EXIF and text chunks go. */
function png(b: Uint8Array): Uint8Array {
  const parts: Uint8Array[] = [b.subarray(0, 8)];
  let i = 8;
  while (i + 12 <= b.length) {
    const end = i + 12 + u32be(b, i);
    if (end > b.length) return b;
    if (!PNG_DROPPED.has(tag(b, i + 4))) parts.push(b.subarray(i, end));
    i = end;
  }
  return concat(parts);
}

/** WebP: the EXIF and XMP chunks go, their flags in VP8X are cleared and the RIFF size follows. */
function webp(b: Uint8Array): Uint8Array {
  const parts: Uint8Array[] = [];
  let i = 12;
  while (i + 8 <= b.length) {
    const size = u32le(b, i + 4);
    const end = i + 8 + size + (size & 1);
    if (end > b.length) return b;
    const name = tag(b, i);
    if (name === "VP8X") {
      const chunk = b.slice(i, end);
      chunk[8] = chunk[8]! & ~0x0c;
      parts.push(chunk);
    } else if (name !== "EXIF" && name !== "XMP ") parts.push(b.subarray(i, end));
    i = end;
  }
  const body = concat(parts);
  const head = b.slice(0, 12);
  const riff = body.length + 4;
  head.set([riff & 0xff, (riff >> 8) & 0xff, (riff >> 16) & 0xff, (riff >>> 24) & 0xff], 4);
  return concat([head, body]);
}

export function stripImageMetadata(b: Uint8Array): Uint8Array {
  if (b[0] === 0xff && b[1] === 0xd8) return jpeg(b);
  if (b.length > 8 && b[0] === 0x89 && tag(b, 1) === "PNG\r") return png(b);
  if (b.length > 12 && tag(b, 0) === "RIFF" && tag(b, 8) === "WEBP") return webp(b);
  return b;
}

/** The upload as a File again, its metadata gone. */
export async function withoutMetadata(file: File): Promise<File> {
  const bytes = stripImageMetadata(new Uint8Array(await file.arrayBuffer()));
  return new File([bytes as Uint8Array<ArrayBuffer>], file.name, { type: file.type });
}
