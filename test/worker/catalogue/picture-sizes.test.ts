import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { encode } from "jpeg-js";
import {
  PHONE_CARD_WIDTHS,
  PICTURE_SIZES,
  PICTURE_WIDTHS,
  parseSizedKey,
  pictureSrcSet,
  sizedKey,
} from "~/shared/picture-sizes";
import { BEAUTY, get } from "../helpers/request";

/** A photo-like JPEG (smooth gradients and grain) of this size. */
function jpeg(width: number, height: number): Uint8Array {
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 4;
      const grain = (x * 7919 + y * 104729) % 23;
      data[at] = (x * 255) / width + grain;
      data[at + 1] = (y * 255) / height + grain;
      data[at + 2] = 140 + grain;
      data[at + 3] = 255;
    }
  }
  return encode({ width, height, data }, 85).data;
}

const images = () => (env as unknown as { IMAGES: ImagesBinding }).IMAGES;
const infoOf = async (res: Response) => images().info(new Blob([await res.arrayBuffer()]).stream());

describe("a stored picture's derived sizes (issue 15)", () => {
  it("are made once with the Images binding, as WebP no wider than asked, and kept in R2", async () => {
    await env.FILES.put("products/test/photo.jpg", jpeg(1600, 1200), { httpMetadata: { contentType: "image/jpeg" } });
    const key = sizedKey("products/test/photo.jpg", 640);
    const first = await get(BEAUTY, `/files/${key}`);
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toBe("image/webp");
    expect(first.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(await infoOf(first)).toMatchObject({ format: "image/webp", width: 640, height: 480 });
    // Kept: the next request is the stored file (with its etag), far smaller than the original.
    const kept = await env.FILES.head(key);
    expect(kept?.size).toBeGreaterThan(0);
    expect(kept!.size).toBeLessThan((await env.FILES.head("products/test/photo.jpg"))!.size / 3);
    const again = await get(BEAUTY, `/files/${key}`);
    expect(again.headers.get("etag")).toBe(kept!.httpEtag);
    expect(await infoOf(again)).toMatchObject({ width: 640 });
  });

  it("never enlarge a small original", async () => {
    await env.FILES.put("products/test/small.png.jpg", jpeg(200, 100));
    const res = await get(BEAUTY, `/files/${sizedKey("products/test/small.png.jpg", 1280)}`);
    expect(await infoOf(res)).toMatchObject({ format: "image/webp", width: 200, height: 100 });
  });

  it("link the original when it cannot be made, and exist only for the offered widths", async () => {
    await env.FILES.put("products/test/broken.jpg", new TextEncoder().encode("not a picture"));
    // The binding's refusal is logged, for the shop's maintainers.
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const broken = await get(BEAUTY, `/files/${sizedKey("products/test/broken.jpg", 320)}`);
    expect(broken.status).toBe(302);
    expect(broken.headers.get("location")).toBe("/files/products/test/broken.jpg");
    expect(JSON.parse(String(logged.mock.calls[0]?.[0]))).toMatchObject({
      level: "error",
      msg: "picture size not made",
      key: sizedKey("products/test/broken.jpg", 320),
      error: { name: expect.any(String) },
    });
    expect((await get(BEAUTY, `/files/${sizedKey("products/test/none.jpg", 320)}`)).status).toBe(404);
    expect((await get(BEAUTY, "/files/w/500/products/test/photo.jpg.webp")).status).toBe(404);
    expect(parseSizedKey("w/320/demo/tint.svg.webp")).toBeNull();
    expect(parseSizedKey("w/320/w/320/a.jpg.webp.webp")).toBeNull();
  });

  it("fit a phone's card at its density: 480 at 2×, not 640", () => {
    // What a browser takes from srcset: the narrowest candidate at least as wide as the drawn
    // width in device pixels. A 412 px phone draws a card at half its width (PICTURE_SIZES.card).
    const chosen = (cssWidth: number, dpr: number) => PICTURE_WIDTHS.find((w) => w >= cssWidth * dpr);
    expect(PICTURE_SIZES.card.endsWith(", 50vw")).toBe(true);
    expect(chosen(412 / 2, 1.75)).toBe(480); // Lighthouse's phone
    expect(chosen(412 / 2, 2)).toBe(480);
    expect(chosen(412 / 2, 3)).toBe(640);
    expect(chosen(360 / 2, 1.5)).toBe(320);
    expect(PHONE_CARD_WIDTHS).toEqual([320, 480, 640]);
  });

  it("are offered in srcset for the Worker's own raster pictures only", () => {
    expect(pictureSrcSet("/files/", "products/a.jpg")).toBe(
      PICTURE_WIDTHS.map((w) => `/files/w/${w}/products/a.jpg.webp ${w}w`).join(", "),
    );
    expect(pictureSrcSet("/files/", "demo/tint.svg")).toBeUndefined();
    expect(pictureSrcSet("https://cdn.example.com/", "products/a.jpg")).toBeUndefined();
  });

  it("are what a page's raster pictures offer, with the sizes they are drawn at", async () => {
    const photo = "shops/beauty/p/b0017-photo.jpg";
    await env.FILES.put(photo, jpeg(1200, 1200), { httpMetadata: { contentType: "image/jpeg" } });
    await env.DB.batch([
      env.DB.prepare("UPDATE products SET image = ? WHERE sid = 'b0017'").bind(photo),
      env.DB.prepare(
        "UPDATE product_images SET image = ? WHERE sort = 0 AND product_id = (SELECT id FROM products WHERE sid = 'b0017')",
      ).bind(photo),
    ]);
    const srcset = PICTURE_WIDTHS.map((w) => `/files/w/${w}/${photo}.webp ${w}w`).join(", ");
    // (React writes the attribute as srcSet; HTML's names are case-insensitive.)
    const html = async (path: string) => (await (await get(BEAUTY, path)).text()).replaceAll(" srcSet=", " srcset=");
    const page = await html("/shop/view/b0017");
    expect(page).toContain(`srcset="${srcset}" sizes="${PICTURE_SIZES.page}"`);
    const list = await html("/shop/list?category=0");
    expect(list).toContain(`srcset="${srcset}" sizes="${PICTURE_SIZES.card}"`);
    // The demo's SVG pictures scale by themselves: no sizes for them.
    expect(list).toMatch(/<img[^>]+src="\/files\/shops\/beauty\/p\/[^"]+\.svg"(?![^>]*srcset)[^>]*>/);
  });
});
