import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { koShopSettings } from "~/shared/messages/shop-settings";
import { koFooter } from "~/shared/messages/shop/footer";
import { formatKRW } from "~/shared/format";
import { validBusinessNumber } from "~/shared/forms/shop-settings";
import { remoteArea, remoteFee } from "~/shared/remote-areas";
import { BEAUTY, PICKS } from "../helpers/request";
import { login, PASSWORD, SHOPPER } from "../helpers/auth";
import { Shopper } from "../helpers/shopper";

/**
 * Issue 36 item 4 (decision 107): the owner sets the shop itself at /admin/settings, one section
 * per plain form post, and the shop shows it on the next page.
 */

const t = koShopSettings;
const ownerOf = async (host: string, email: string) => Shopper.signedIn(host, await login(host, email, PASSWORD));
const beautyOwner = () => ownerOf(BEAUTY, "owner@beauty.example.test");
const html = async (res: Response) => (await res.text()).replace(/<!-- -->/g, "");
const save = (browser: Shopper, fields: Record<string, string>) => browser.form("/admin/settings", fields);
const shopRow = () =>
  env.DB.prepare("SELECT * FROM shops WHERE id = 1").first<Record<string, string | number | null>>();
/** A valid 사업자등록번호 (check digit 1). */
const BIZ = "123-45-67891";
const invalid = (page: string, field: string) =>
  new RegExp(`name="${field}"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*name="${field}"`).test(page);

describe("the shop's settings", () => {
  it("save each section from a plain form post and show on the shop at once", async () => {
    const owner = await beautyOwner();
    const shopper = new Shopper(BEAUTY);
    const before = Number((await shopRow())!.content_version);
    await html(await shopper.fetch("/")); // the shop's record is now cached in this isolate

    const posts: [string, Record<string, string>][] = [
      ["identity", { name: "뷰티 라운지 2호점", profile: "피부를 위한 작은 가게", notice: "오늘 주문 내일 도착" }],
      ["colours", { mcolor: "#1A237E", mcolor2: "", scolor: "#FFFFFF", scolor2: "#F5F6F8" }],
      ["links", { instagram: "https://instagram.com/beauty", youtube: "", naver: "", link1: "", show_link: "on" }],
      [
        "business",
        {
          seller_type: "corporate",
          corpname: "(주)뷰티라운지",
          ceo: "김대표",
          idnum: "1234567891",
          idnum_singo: "제2026-서울강남-01234호",
          zipcode: "06236",
          address: "서울특별시 강남구 테헤란로 1",
          tel: "02-1234-5678",
          email: "help@beauty.example.test",
          privacy_officer: "이보안",
        },
      ],
      [
        "bank",
        { bank_name: "신한은행", bank_account: "110-123-456789", bank_holder: "뷰티라운지", guest_deposit_hours: "12" },
      ],
      ["delivery", { delivery_fee: "2,500", free_delivery_threshold: "50000", jeju_fee: "3000", island_fee: "5000" }],
      [
        "display",
        { show_prod: "on", show_price: "on", bgimg: "none", linkpage: "인스타그램 https://instagram.com/beauty" },
      ],
    ];
    for (const [section, fields] of posts) {
      const res = await save(owner, { section, ...fields });
      expect(res.status, section).toBe(303);
      expect(res.headers.get("location"), section).toBe(`/admin/settings?done=${section}#${section}`);
    }

    const row = (await shopRow())!;
    expect(row).toMatchObject({
      name: "뷰티 라운지 2호점",
      mcolor: "#1a237e",
      mcolor2: null,
      seller_type: "corporate",
      idnum: BIZ,
      bank_name: "신한은행",
      guest_deposit_hours: 12,
      delivery_fee: 2500,
      free_delivery_threshold: 50000,
      jeju_fee: 3000,
      island_fee: 5000,
      bgimg: "",
      privacy_officer: "이보안",
    });
    expect(Number(row.content_version)).toBeGreaterThan(before);

    const page = await html(await owner.fetch("/admin/settings?done=display"));
    expect(page).toContain(t.done.display);
    expect(page).toContain("110-123-456789");

    const home = await html(await shopper.fetch("/"));
    expect(home).toContain("뷰티 라운지 2호점");
    expect(home).toContain("오늘 주문 내일 도착");
    expect(home).toContain("#1a237e"); // the theme's main colour
    expect(home).toContain("(주)뷰티라운지");
    expect(home).toContain(BIZ);
    expect(home).toContain(koFooter.privacyOfficer);
    expect(home).toContain("이보안");
    expect(home).not.toContain("url(&quot;/bg.png&quot;)");

    const links = await html(await shopper.fetch("/link"));
    expect(links).toContain('href="https://instagram.com/beauty"');

    const sheetBank = await env.DB.prepare("SELECT bank_holder FROM shops WHERE id = 1").first<string>("bank_holder");
    expect(sheetBank).toBe("뷰티라운지");
  });

  it("say what is wrong next to the field, keeping what was typed and nothing saved", async () => {
    const owner = await beautyOwner();
    const kept = (await shopRow())!;
    const cases: [Record<string, string>, string, string][] = [
      [{ section: "identity", name: "  " }, "name", t.errors.name],
      [{ section: "colours", mcolor: "#808080", scolor: "#ffffff" }, "mcolor", t.errors.mainContrast],
      [{ section: "colours", mcolor: "blue", scolor: "#ffffff" }, "mcolor", t.errors.colour],
      [{ section: "colours", mcolor: "#1a237e", scolor: "#333333" }, "scolor", t.errors.subContrast],
      [{ section: "links", instagram: "javascript:alert(1)" }, "instagram", t.errors.url],
      [{ section: "business", idnum: "123-45-67890" }, "idnum", t.errors.idnumCheck],
      [{ section: "business", idnum: "12345" }, "idnum", t.errors.idnum],
      [
        { section: "bank", bank_name: "없는은행", bank_account: "110-123-456789", bank_holder: "a" },
        "bank_name",
        t.errors.bankName,
      ],
      [
        { section: "bank", bank_name: "신한은행", bank_account: "12ab", bank_holder: "a" },
        "bank_account",
        t.errors.bankAccount,
      ],
      [
        { section: "bank", bank_name: "신한은행", bank_account: "", bank_holder: "" },
        "bank_account",
        t.errors.bankIncomplete,
      ],
      [{ section: "bank", guest_deposit_hours: "100" }, "guest_deposit_hours", t.errors.guestHours],
      [
        { section: "delivery", delivery_fee: "-1", free_delivery_threshold: "0", jeju_fee: "0", island_fee: "0" },
        "delivery_fee",
        t.errors.fee,
      ],
      [{ section: "display", bgimg: "default", linkpage: "no link here" }, "linkpage", t.errors.linkpage],
    ];
    for (const [fields, field, message] of cases) {
      const res = await save(owner, fields);
      expect(res.status, message).toBe(400);
      const page = await html(res);
      expect(page, message).toContain(message);
      expect(invalid(page, field), `${field} is marked`).toBe(true);
    }
    expect(await shopRow()).toEqual(kept);
  });

  it("are the host shop's owner's alone", async () => {
    const body = { section: "identity", name: "남의 상점" };
    // Another shop's owner, on this shop's host: the console is not there, the API refuses.
    const picks = await ownerOf(BEAUTY, "owner@picks.example.test");
    expect((await picks.fetch("/admin/settings")).status).toBe(404);
    expect((await save(picks, body)).status).toBe(404);
    expect((await picks.api("/api/myshp/admin/settings/save", body)).status).toBe(403);
    const shopper = await ownerOf(BEAUTY, SHOPPER);
    expect((await shopper.api("/api/myshp/admin/settings")).status).toBe(403);
    expect((await new Shopper(BEAUTY).api("/api/myshp/admin/settings/save", body)).status).toBe(401);
    expect((await shopRow())!.name).not.toBe("남의 상점");
    // On their own host, their own shop only.
    const own = await ownerOf(PICKS, "owner@picks.example.test");
    const theirs = await own.api<{ name: string }>("/api/myshp/admin/settings");
    expect(theirs.data.name).toBe("에디터 픽");
    // A logo key outside the shop's own prefix is refused by the API.
    const logo = await own.api<{ error: { message: string } }>("/api/myshp/admin/settings/save", {
      section: "logo",
      logo: "uploads/1/logo/x.png",
      use_logo: true,
    });
    expect(logo.status).toBe(400);
    expect(logo.data.error.message).toBe(t.errors.logoKey);
  });

  it("show_price off hides prices on every page that shows a product", async () => {
    const owner = await beautyOwner();
    const product = (await env.DB.prepare(
      "SELECT sid, title, price FROM products WHERE shop_id = 1 AND visible = 1 ORDER BY id LIMIT 1",
    ).first<{ sid: string; title: string; price: number }>())!;
    const shopper = new Shopper(BEAUTY);
    const pages = ["/", "/shop/list", `/shop/search?q=${encodeURIComponent(product.title)}`];
    for (const path of pages) expect(await html(await shopper.fetch(path)), path).toContain('data-testid="card-price"');
    expect(await html(await shopper.fetch(`/shop/view/${product.sid}`))).toContain('data-testid="price"');

    const off = await save(owner, { section: "display", show_prod: "on", bgimg: "default", linkpage: "" });
    expect(off.status).toBe(303);
    for (const path of pages) {
      const page = await html(await shopper.fetch(path));
      expect(page, path).not.toContain('data-testid="card-price"');
      expect(page, path).toContain(product.title.replace(/&/g, "&amp;"));
    }
    const view = await html(await shopper.fetch(`/shop/view/${product.sid}`));
    expect(view).not.toContain('data-testid="price"');
    expect(view).not.toContain(formatKRW(product.price));
    expect(view).not.toContain("product:price:amount");
    // The link page went with the emptied linkpage.
    expect((await shopper.fetch("/link")).status).toBe(404);

    await save(owner, { section: "display", show_prod: "on", show_price: "on", bgimg: "default", linkpage: "" });
    expect(await html(await shopper.fetch("/"))).toContain('data-testid="card-price"');
  });

  it("take a logo through the upload code, show it in the header, and remove it from storage", async () => {
    const owner = await beautyOwner();
    // A 1×1 PNG.
    const png = Uint8Array.from(
      atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="),
      (c) => c.charCodeAt(0),
    );
    const form = new FormData();
    form.set("section", "logo");
    form.set("use_logo", "on");
    form.set("logo", new File([png], "logo.png", { type: "image/png" }));
    const res = await owner.fetch("/admin/settings", { method: "POST", body: form });
    expect(res.status).toBe(303);
    const key = String((await shopRow())!.logo);
    expect(key.startsWith("uploads/1/logo/")).toBe(true);
    expect(await env.FILES.get(key)).not.toBeNull();
    expect(await html(await new Shopper(BEAUTY).fetch("/"))).toContain(key);

    const refused = new FormData();
    refused.set("section", "logo");
    refused.set("logo", new File(["<svg/>"], "logo.svg", { type: "image/svg+xml" }));
    const bad = await owner.fetch("/admin/settings", { method: "POST", body: refused });
    expect(bad.status).toBe(400);
    expect(await html(bad)).toContain(t.errors.logoType);

    const removed = await owner.form("/admin/settings", { section: "logo", intent: "remove" });
    expect(removed.headers.get("location")).toBe("/admin/settings?done=logoRemoved#logo");
    expect((await shopRow())!.logo).toBeNull();
    expect(await env.FILES.get(key)).toBeNull();
  });

  it("check a 사업자등록번호's digit and name 제주 and 도서산간 postcodes", () => {
    expect(validBusinessNumber("1234567891")).toBe(true);
    expect(validBusinessNumber("1234567890")).toBe(false);
    expect(validBusinessNumber("2208162517")).toBe(true);
    expect(remoteArea("63000")).toBe("jeju");
    expect(remoteArea("63644")).toBe("jeju");
    expect(remoteArea("63645")).toBeNull();
    expect(remoteArea("40200")).toBe("island");
    expect(remoteArea("06236")).toBeNull();
    expect(remoteFee("63100", { jeju: 3000, island: 5000 })).toBe(3000);
    expect(remoteFee("58800", { jeju: 3000, island: 5000 })).toBe(5000);
    expect(remoteFee("", { jeju: 3000, island: 5000 })).toBe(0);
  });
});
