import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { encode as encodePng } from "fast-png";
import { decode as decodeJpeg } from "jpeg-js";
import { get, STUDIO_CUSTOM } from "../helpers/request";
import { shareKey } from "~/shared/share-image";
import { squareImage } from "../../../functions/share-image";

/** Issue 14, point 4: the 300×300 sharing image, made once from the stored picture (decisions 072, 079). */

/** A width×height picture, `paint(x, y)` giving each pixel's RGBA. */
function picture(width: number, height: number, paint: (x: number, y: number) => [number, number, number, number]) {
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) data.set(paint(x, y), (y * width + x) * 4);
  return { width, height, data };
}

const pixel = (img: { width: number; data: Uint8Array }, x: number, y: number) =>
  Array.from(img.data.slice((y * img.width + x) * 4, (y * img.width + x) * 4 + 3));
const near = (a: number[], b: number[]) => a.every((v, i) => Math.abs(v - b[i]!) <= 12);

describe("sharing images", () => {
  it("crops a photo to its centre square, 300×300 JPEG, stored after the first request", async () => {
    // 600×400: red left of x=300, blue right of it; the centre square is x 100–500.
    const png = encodePng({
      ...picture(600, 400, (x) => (x < 300 ? [220, 30, 30, 255] : [30, 30, 220, 255])),
      channels: 4,
    });
    await env.FILES.put("shops/test/p/photo.png", png, { httpMetadata: { contentType: "image/png" } });
    const key = shareKey("shops/test/p/photo.png");
    expect(key).toBe("share/300/ffffff/shops/test/p/photo.png.jpg");
    expect(await env.FILES.head(key)).toBeNull();

    const res = await get(STUDIO_CUSTOM, `/files/${key}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/jpeg");
    expect(res.headers.get("cache-control")).toContain("immutable");
    const img = decodeJpeg(new Uint8Array(await res.arrayBuffer()), { useTArray: true });
    expect([img.width, img.height]).toEqual([300, 300]);
    expect(near(pixel(img, 20, 150), [220, 30, 30])).toBe(true);
    expect(near(pixel(img, 280, 150), [30, 30, 220])).toBe(true);
    // Made once: the next request is the stored file.
    expect((await env.FILES.head(key))?.httpMetadata?.contentType).toBe("image/jpeg");
    expect((await get(STUDIO_CUSTOM, `/files/${key}`)).status).toBe(200);
  });

  it("reads what the Images binding reads: an owner's WebP photo, wide, on the page's background", async () => {
    // A 900×400 WebP (made by the binding from a PNG): wide enough to be fitted whole.
    const png = encodePng({ ...picture(900, 400, () => [30, 160, 60, 255]), channels: 4 });
    const images = (env as unknown as { IMAGES: ImagesBinding }).IMAGES;
    const webp = await (
      await images.input(new Blob([Uint8Array.from(png)]).stream()).output({ format: "image/webp" })
    ).response();
    await env.FILES.put("uploads/9/p/1/wide.webp", await webp.arrayBuffer(), {
      httpMetadata: { contentType: "image/webp" },
    });
    const res = await get(STUDIO_CUSTOM, `/files/${shareKey("uploads/9/p/1/wide.webp", "#203040")}`);
    expect(res.headers.get("content-type")).toBe("image/jpeg");
    const img = decodeJpeg(new Uint8Array(await res.arrayBuffer()), { useTArray: true });
    expect([img.width, img.height]).toEqual([300, 300]);
    // 300×133 of green across the middle, the background above and below it.
    expect(near(pixel(img, 150, 150), [30, 160, 60])).toBe(true);
    expect(near(pixel(img, 150, 40), [0x20, 0x30, 0x40])).toBe(true);
    expect(near(pixel(img, 150, 260), [0x20, 0x30, 0x40])).toBe(true);
  });

  it("fits a wide logo whole onto the background colour, which also fills transparency", () => {
    const logo = picture(400, 100, (x) => (x < 200 ? [255, 255, 255, 255] : [0, 0, 0, 0]));
    const out = squareImage(logo, 300, [63, 107, 91]);
    expect(pixel(out, 150, 10)).toEqual([63, 107, 91]); // above the logo
    expect(pixel(out, 50, 150)).toEqual([255, 255, 255]); // the logo's white half
    expect(pixel(out, 250, 150)).toEqual([63, 107, 91]); // its transparent half
  });

  it("links a picture it cannot make one from (SVG), and knows no missing or foreign key", async () => {
    await env.FILES.put("shops/test/vector.svg", '<svg xmlns="http://www.w3.org/2000/svg"/>', {
      httpMetadata: { contentType: "image/svg+xml" },
    });
    const svg = await get(STUDIO_CUSTOM, `/files/${shareKey("shops/test/vector.svg")}`);
    expect(svg.status).toBe(302);
    expect(svg.headers.get("location")).toBe("/files/shops/test/vector.svg");
    expect((await get(STUDIO_CUSTOM, `/files/${shareKey("shops/test/none.png")}`)).status).toBe(404);
    expect((await get(STUDIO_CUSTOM, "/files/share/300/zzzzzz/shops/test/p/photo.png.jpg")).status).toBe(404);
    expect((await get(STUDIO_CUSTOM, "/files/share/300/ffffff/share/300/ffffff/x.png.jpg.jpg")).status).toBe(404);
  });

  it("pages share the 300×300 copy: a product's picture, else the logo on the shop's colour", async () => {
    const product = (await (await get(STUDIO_CUSTOM, "/shop/view/s0001")).text()).replace(/<!-- -->/g, "");
    expect(product).toContain(
      '<meta property="og:image" content="http://shop.example.test/files/share/300/ffffff/shops/studio/p/s0001.svg.jpg"/>',
    );
    expect(product).toContain('<meta property="og:image:width" content="300"/>');
    const home = await (await get(STUDIO_CUSTOM, "/")).text();
    expect(home).toContain("/files/share/300/3f6b5b/shops/studio/logo.svg.jpg");
  });
});
