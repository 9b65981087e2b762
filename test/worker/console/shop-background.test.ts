import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { backgroundUrl } from "~/lib/theme";
import type { ShopInfo } from "~/shared/contracts";
import { MAX_PROFILE_IMAGE_BYTES } from "~/shared/limits";
import { koShopSettings } from "~/shared/messages/shop-settings";
import { BEAUTY, PICKS } from "../helpers/request";
import { login, PASSWORD } from "../helpers/auth";
import { Shopper } from "../helpers/shopper";

/**
 * Decision 111: the shop's own backdrop at /admin/settings, stored as the logo is (under
 * uploads/{shop}/bg/), shown behind the page's column, and removed from storage once replaced.
 */

const t = koShopSettings;
const ownerOf = async (host: string, email: string) => Shopper.signedIn(host, await login(host, email, PASSWORD));
const html = async (res: Response) => (await res.text()).replace(/<!-- -->/g, "");
const bgimg = async (shopId = 1) =>
  (await env.DB.prepare("SELECT bgimg FROM shops WHERE id = ?").bind(shopId).first<string>("bgimg"))!;
/** A 1×1 PNG. */
const PNG = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="),
  (c) => c.charCodeAt(0),
);

function display(file: File | null, fields: Record<string, string> = {}): FormData {
  const form = new FormData();
  form.set("section", "display");
  form.set("show_prod", "on");
  form.set("show_price", "on");
  form.set("bgimg", "own");
  form.set("linkpage", "");
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  if (file) form.set("bg_file", file);
  return form;
}
const post = (owner: Shopper, form: FormData) => owner.fetch("/admin/settings", { method: "POST", body: form });

describe("the shop's own backdrop", () => {
  it("is uploaded from a plain multipart post, shown behind the page, and the replaced one removed", async () => {
    const owner = await ownerOf(BEAUTY, "owner@beauty.example.test");
    const res = await post(owner, display(new File([PNG], "bg.png", { type: "image/png" })));
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/admin/settings?done=display#display");
    const first = await bgimg();
    expect(first).toMatch(/^uploads\/1\/bg\/[\w-]+\.png$/);
    expect(await env.FILES.get(first)).not.toBeNull();
    const home = await html(await new Shopper(BEAUTY).fetch("/"));
    expect(home).toContain(`background-image:url(&quot;/files/${first}&quot;)`);
    expect(await html(await owner.fetch("/admin/settings"))).toContain('data-testid="settings-background"');

    // "내 사진" again without a file keeps the one stored.
    expect((await post(owner, display(null))).status).toBe(303);
    expect(await bgimg()).toBe(first);

    // A new picture replaces it; the old one leaves storage.
    expect((await post(owner, display(new File([PNG], "bg2.png", { type: "image/png" })))).status).toBe(303);
    const second = await bgimg();
    expect(second).not.toBe(first);
    expect(await env.FILES.get(first)).toBeNull();
    expect(await env.FILES.get(second)).not.toBeNull();

    // Back to the platform's pattern: the upload leaves storage too.
    expect((await post(owner, display(null, { bgimg: "default" }))).status).toBe(303);
    expect(await bgimg()).toBe("/bg.png");
    expect(await env.FILES.get(second)).toBeNull();
  });

  it("is refused by the field when not a picture, too big or missing, with nothing stored", async () => {
    const owner = await ownerOf(BEAUTY, "owner@beauty.example.test");
    const before = await bgimg();
    const cases: [File | null, string][] = [
      [new File(["<svg/>"], "bg.svg", { type: "image/svg+xml" }), t.errors.logoType],
      [
        new File([PNG, new Uint8Array(MAX_PROFILE_IMAGE_BYTES)], "big.png", { type: "image/png" }),
        t.errors.logoSize(MAX_PROFILE_IMAGE_BYTES / 1024 / 1024),
      ],
      [null, t.errors.bgMissing],
    ];
    for (const [file, message] of cases) {
      const res = await post(owner, display(file));
      expect(res.status, message).toBe(400);
      const page = await html(res);
      expect(page, message).toContain(message);
      expect(page).toMatch(/name="bg_file"[^>]*aria-invalid="true"/);
    }
    expect(await bgimg()).toBe(before);
    expect((await env.FILES.list({ prefix: "uploads/1/bg/" })).objects).toEqual([]);
  });

  it("takes no key the page did not make for this very shop", async () => {
    const owner = await ownerOf(BEAUTY, "owner@beauty.example.test");
    // A key posted with the form is not the page's upload: ignored, so "own" without a file is refused.
    const forged = await post(owner, display(null, { bg_key: "uploads/1/bg/forged.png" }));
    expect(forged.status).toBe(400);
    expect(await bgimg()).not.toContain("forged");

    // Another shop's owner: not on this shop's console, and their own API takes no key of this shop.
    const picks = await ownerOf(BEAUTY, "owner@picks.example.test");
    expect((await post(picks, display(new File([PNG], "bg.png", { type: "image/png" })))).status).toBe(404);
    const own = await ownerOf(PICKS, "owner@picks.example.test");
    const body = { section: "display", show_prod: true, show_price: true, bgimg: "own", linkpage: "" };
    const theirs = await own.api<{ error: { message: string } }>("/api/myshp/admin/settings/save", {
      ...body,
      bg_key: "uploads/1/bg/x.png",
    });
    expect(theirs.status).toBe(400);
    expect(theirs.data.error.message).toBe(t.errors.bgKey);
    expect(await bgimg(2)).not.toContain("uploads/");
  });

  it("is put into the style only as this shop's own upload in our storage", () => {
    const shop = (bg: string) => ({ shopid: 1, bgimg: bg }) as ShopInfo;
    expect(backgroundUrl(shop("/bg.png"), "/files/")).toBe("/bg.png");
    expect(backgroundUrl(shop("uploads/1/bg/abc.webp"), "/files/")).toBe("/files/uploads/1/bg/abc.webp");
    expect(backgroundUrl(shop("uploads/1/bg/abc.webp"), "https://cdn.example.test/")).toBe(
      "https://cdn.example.test/uploads/1/bg/abc.webp",
    );
    expect(backgroundUrl(shop("uploads/2/bg/abc.webp"), "/files/")).toBeNull();
    expect(backgroundUrl(shop('uploads/1/bg/a").png'), "/files/")).toBeNull();
    expect(backgroundUrl(shop("uploads/1/logo/abc.png"), "/files/")).toBeNull();
    expect(backgroundUrl(shop("https://evil.example/x.png"), "/files/")).toBeNull();
    expect(backgroundUrl(shop("uploads/1/bg/abc.png"), 'https://x.test/")')).toBeNull();
  });
});
