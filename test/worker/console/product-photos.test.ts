import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { encode } from "jpeg-js";
import { MAX_PRODUCT_PHOTO_BYTES, MAX_PRODUCT_PHOTOS } from "~/shared/limits";
import { BEAUTY } from "../helpers/request";
import { login, PASSWORD } from "../helpers/auth";
import { Shopper } from "../helpers/shopper";
import { koAdmin } from "~/shared/messages/admin";

/** Issue 15, point 2: an owner's product photos from the console, as plain form posts. */

const owner = async () => Shopper.signedIn(BEAUTY, await login(BEAUTY, "owner@beauty.example.test", PASSWORD));

function jpeg(width: number, height: number): Uint8Array<ArrayBuffer> {
  const data = new Uint8Array(width * height * 4).map((_, i) => (i % 4 === 3 ? 255 : (i * 31) % 251));
  return Uint8Array.from(encode({ width, height, data }, 80).data);
}

/** The console's upload form, as a browser without scripts posts it. */
function upload(browser: Shopper, productId: number, file: File | null) {
  const form = new FormData();
  form.set("intent", "add");
  if (file) form.set("photo", file);
  return browser.fetch(`/admin/photos?id=${productId}`, { method: "POST", body: form });
}

const change = (browser: Shopper, productId: number, intent: "main" | "remove", image: string) =>
  browser.form(`/admin/photos?id=${productId}`, { intent, image });

const text = async (res: Response) => (await res.text()).replace(/<!-- -->/g, "");

async function picturesOf(productId: number): Promise<string[]> {
  const main = await env.DB.prepare("SELECT image FROM products WHERE id = ?")
    .bind(productId)
    .first<{ image: string }>();
  const { results } = await env.DB.prepare("SELECT image FROM product_images WHERE product_id = ? ORDER BY sort")
    .bind(productId)
    .all<{ image: string }>();
  return [main!.image, ...results.map((r) => r.image)].filter(Boolean);
}

const stored = async (prefix: string) => (await env.FILES.list({ prefix })).objects.map((o) => o.key);

describe("an owner's product photos (issue 15)", () => {
  it("an upload is stored under the product's prefix, joins its gallery and shows on its page", async () => {
    const browser = await owner();
    const before = await picturesOf(5);
    const version = async () =>
      (await env.DB.prepare("SELECT content_version AS v FROM shops WHERE id = 1").first<{ v: number }>())!.v;
    const was = await version();
    const res = await upload(browser, 5, new File([jpeg(800, 600)], "사진.jpg", { type: "image/jpeg" }));
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/admin/photos?id=5&done=added");
    const after = await picturesOf(5);
    expect(after.slice(0, -1)).toEqual(before);
    const key = after.at(-1)!;
    expect(key).toMatch(/^uploads\/1\/p\/5\/[\w-]+\.jpg$/);
    expect(await stored("uploads/1/p/5/")).toEqual([key]);
    // Cached pages of the shop are no longer current.
    expect(await version()).toBeGreaterThan(was);

    const page = await text(await browser.fetch("/admin/photos?id=5&done=added"));
    expect(page).toContain(koAdmin.photos.done.added);
    expect(page.match(/data-testid="admin-photo"/g)).toHaveLength(before.length + 1);
    const product = await text(await new Shopper(BEAUTY).fetch("/shop/view/b0005"));
    expect(product).toContain(`/files/w/640/${key}.webp 640w`);
    // The stock list leads there, with a count.
    const { title } = (await env.DB.prepare("SELECT title FROM products WHERE id = 5").first<{ title: string }>())!;
    const stock = await text(await browser.fetch(`/admin/stock?q=${encodeURIComponent(title)}`));
    expect(stock).toContain('href="/admin/photos?id=5"');
    expect(stock).toContain(`사진 ${before.length + 1}장`);
  });

  it("refuses what is not a photo, too large or too wide, and keeps nothing of it", async () => {
    const browser = await owner();
    const refused = async (file: File | null, message: string) => {
      const res = await upload(browser, 2, file);
      expect(res.status).toBe(400);
      expect(await text(res)).toContain(message);
    };
    await refused(null, koAdmin.errors.photoMissing);
    await refused(new File(["<svg onload=alert(1)>"], "x.jpg", { type: "image/jpeg" }), "JPEG, PNG, WebP 사진만");
    await refused(new File(["GIF89a......"], "x.gif", { type: "image/gif" }), "JPEG, PNG, WebP 사진만");
    // A JPEG's first bytes, then nothing a decoder can read.
    await refused(new File([Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], "x.jpg"), "JPEG, PNG, WebP 사진만");
    const big = new Uint8Array(MAX_PRODUCT_PHOTO_BYTES + 1);
    big.set([0xff, 0xd8, 0xff, 0xe0]);
    await refused(new File([big], "big.jpg"), "사진은 10MB까지 올릴 수 있습니다");
    await refused(new File([jpeg(12_001, 8)], "wide.jpg"), "사진의 가로·세로는 12,000픽셀까지입니다");
    expect(await stored("uploads/1/p/2/")).toEqual([]);
    expect(await picturesOf(2)).toEqual(["shops/beauty/p/b0002.svg"]);
  });

  it("a full gallery, another shop's product or a pick: the upload is refused and removed again", async () => {
    const browser = await owner();
    const photo = () => new File([jpeg(64, 64)], "p.jpg", { type: "image/jpeg" });
    // Product 3 filled up to the limit.
    const fill = Array.from({ length: MAX_PRODUCT_PHOTOS - 1 }, (_, i) =>
      env.DB.prepare("INSERT INTO product_images (product_id, image, sort) VALUES (3, ?, ?)").bind(`x/${i}.jpg`, i + 1),
    );
    await env.DB.batch(fill);
    let res = await upload(browser, 3, photo());
    expect(res.status).toBe(409);
    expect(await text(res)).toContain(`사진은 상품당 ${MAX_PRODUCT_PHOTOS}장까지입니다`);
    expect(await stored("uploads/1/p/3/")).toEqual([]);
    // picks' own goods (251) and a pick of beauty's goods in picks (201): not beauty's.
    for (const id of [251, 201]) {
      res = await upload(browser, id, photo());
      expect(res.status).toBe(404);
      expect(await stored(`uploads/1/p/${id}/`)).toEqual([]);
    }
  });

  it("a gallery picture becomes the main one; removing the main one promotes the next; a stale post says so", async () => {
    const browser = await owner();
    // Product 7: its main picture and two more (the seed's every third product).
    const [main, second, third] = await picturesOf(7);
    expect(third).toBeDefined();
    let res = await change(browser, 7, "main", third!);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/admin/photos?id=7&done=main");
    expect(await picturesOf(7)).toEqual([third, second, main]);
    expect(await text(await new Shopper(BEAUTY).fetch("/shop/list?category=0"))).toContain(third);

    res = await change(browser, 7, "remove", third!);
    expect(res.status).toBe(303);
    expect(await picturesOf(7)).toEqual([second, main]);
    // The same post again (a second tab): nothing changes, and the page says why.
    res = await change(browser, 7, "remove", third!);
    expect(res.status).toBe(409);
    expect(await text(res)).toContain("이미 바뀐 사진입니다");
    res = await change(browser, 7, "main", second!);
    expect(res.status).toBe(409);
    expect(await picturesOf(7)).toEqual([second, main]);
    // A seeded picture is taken off the product but its file stays (only uploads are deleted).
    res = await change(browser, 7, "remove", main!);
    expect(res.status).toBe(303);
    expect(await picturesOf(7)).toEqual([second]);
    expect(await env.FILES.head(main!)).not.toBeNull();
  });

  it("removing an upload deletes its file and its sizes", async () => {
    const browser = await owner();
    await upload(browser, 8, new File([jpeg(400, 400)], "p.jpg", { type: "image/jpeg" }));
    const key = (await picturesOf(8)).at(-1)!;
    await env.FILES.put(`w/320/${key}.webp`, "made");
    expect(await stored("uploads/1/p/8/")).toEqual([key]);
    const res = await change(browser, 8, "remove", key);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/admin/photos?id=8&done=removed");
    expect(await stored("uploads/1/p/8/")).toEqual([]);
    expect(await env.FILES.head(`w/320/${key}.webp`)).toBeNull();
    expect(await picturesOf(8)).not.toContain(key);
  });

  it("a removed photo or product takes its files along, unless another product of the shop still shows them", async () => {
    const browser = await owner();
    const copy = async () => {
      const res = await browser.form("/admin/products", { id: "8", intent: "copy" });
      return Number(/id=(\d+)/.exec(res.headers.get("location") ?? "")![1]);
    };
    const [a, b] = [await copy(), await copy()];
    await upload(browser, a, new File([jpeg(64, 64)], "a.jpg", { type: "image/jpeg" }));
    await upload(browser, a, new File([jpeg(64, 64)], "b.jpg", { type: "image/jpeg" }));
    const [own, shared] = await picturesOf(a);
    await env.FILES.put(`w/320/${own}.webp`, "made");
    // Product b shows the second photo too; a's gallery also names another shop's file.
    const foreign = "uploads/2/p/1/foreign.jpg";
    await env.FILES.put(foreign, "theirs");
    await env.DB.batch([
      env.DB.prepare("INSERT INTO product_images (product_id, image, sort) VALUES (?, ?, 1)").bind(b, shared!),
      env.DB.prepare("INSERT INTO product_images (product_id, image, sort) VALUES (?, ?, 9)").bind(a, foreign),
    ]);

    expect((await change(browser, a, "remove", shared!)).status).toBe(303);
    expect(await picturesOf(a)).not.toContain(shared);
    expect(await env.FILES.head(shared!)).not.toBeNull();

    const gone = await browser.form("/admin/products", { id: String(a), intent: "remove", confirm: "1" });
    expect(gone.headers.get("location")).toBe("/admin/products?done=removed");
    expect(await stored(`uploads/1/p/${a}/`)).toEqual([shared]);
    expect(await env.FILES.head(`w/320/${own}.webp`)).toBeNull();
    expect(await env.FILES.head(foreign)).not.toBeNull();

    await browser.form("/admin/products", { id: String(b), intent: "remove", confirm: "1" });
    expect(await stored(`uploads/1/p/${a}/`)).toEqual([]);
  });

  it("the API records only a key the console made for that product, and only for the owner", async () => {
    const browser = await owner();
    const call = (as: Shopper, image: string) =>
      as.api<{ error: { code: string } }>("/api/myshp/admin/photos/change", { intent: "add", product_id: 9, image });
    for (const image of [
      "members/1002/x.png",
      "uploads/2/p/9/x.jpg",
      "uploads/1/p/10/x.jpg",
      "shops/picks/p/e0001.svg",
    ]) {
      const res = await call(browser, image);
      expect([image, res.status, res.data.error.code]).toEqual([image, 404, "NOT_FOUND"]);
    }
    expect((await call(browser, "uploads/1/p/9/../../2/x.jpg")).status).toBe(400);
    const shopper = Shopper.signedIn(BEAUTY, await login(BEAUTY, "shopper@example.test", PASSWORD));
    expect((await call(shopper, "uploads/1/p/9/x.jpg")).status).toBe(403);
    expect((await call(new Shopper(BEAUTY), "uploads/1/p/9/x.jpg")).status).toBe(401);
    // The page itself is the console's: a shopper finds nothing there.
    expect((await shopper.fetch("/admin/photos?id=9")).status).toBe(404);
    expect(await picturesOf(9)).toEqual(["shops/beauty/p/b0009.svg"]);
  });
});
