import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { BISTRO_TABLES } from "../../../functions/seed/demo";
import { BusinessBody } from "~/shared/forms/shop-settings";
import { koSeller } from "~/shared/messages/seller";
import { legalGaps, TOSS_SELLER_TYPE, type SellerDetails } from "~/shared/seller";
import { escapeHtml } from "../../../functions/pages";
import { BEAUTY_OWNER, login, openAndCarry, platformSignUp, SOLE_BUSINESS } from "../helpers/auth";
import { BISTRO } from "../helpers/request";
import { Shopper } from "../helpers/shopper";

/**
 * Issue 52 item 2 (decision 175): a shop takes orders only once the seller details the law asks
 * for are filled — per kind of seller — and the one gate (`legalGaps`) is what the order path, the
 * storefront and the console all ask.
 */
type Failure = { error: { code: string; message: string; field?: string } };
const html = async (res: Response) => (await res.text()).replace(/<!-- -->/g, "");

const EMPTY: SellerDetails = {
  seller_type: null,
  corpname: null,
  ceo: null,
  idnum: null,
  idnum_singo: null,
  address: null,
  tel: null,
  email: null,
};
const FULL: SellerDetails = {
  seller_type: "sole",
  corpname: "새상회",
  ceo: "새 사장",
  idnum: "220-81-62517",
  idnum_singo: "제2026-서울강남-00001호",
  address: "서울특별시 마포구 양화로 12",
  tel: "021234567",
  email: "a@b.test",
};

describe("legalGaps", () => {
  it("asks a seller who has not chosen its kind for that first, and what every kind needs", () => {
    expect(legalGaps(EMPTY)).toEqual(["seller_type", "name", "tel", "email", "address"]);
    expect(legalGaps({ ...FULL, seller_type: null })).toEqual(["seller_type"]);
  });

  it("asks an 개인 판매자 for 이름, 연락처, 이메일 and 주소 only (전자상거래법 §20②)", () => {
    const person = { ...EMPTY, seller_type: "individual" as const };
    expect(legalGaps(person)).toEqual(["name", "tel", "email", "address"]);
    expect(legalGaps({ ...person, ceo: "김하나", tel: "01012345678", email: "a@b.test", address: "서울" })).toEqual([]);
    // Blank text is no name.
    expect(legalGaps({ ...person, ceo: "  ", tel: "01012345678", email: "a@b.test", address: "서울" })).toEqual([
      "name",
    ]);
  });

  it("asks a 개인사업자 and a 법인사업자 for the footer's business details, a real 신고번호 included", () => {
    for (const kind of ["sole", "corporate"] as const) {
      expect(legalGaps({ ...EMPTY, seller_type: kind })).toEqual([
        "corpname",
        "ceo",
        "idnum",
        "idnum_singo",
        "address",
        "tel",
        "email",
      ]);
      expect(legalGaps({ ...FULL, seller_type: kind })).toEqual([]);
      // "신고 준비 중" is not a 통신판매업 신고번호.
      expect(legalGaps({ ...FULL, seller_type: kind, idnum_singo: "신고 준비 중" })).toEqual(["idnum_singo"]);
    }
  });

  it("names the kinds as Toss's payout sellers do", () => {
    expect(TOSS_SELLER_TYPE).toEqual({ individual: "INDIVIDUAL", sole: "INDIVIDUAL_BUSINESS", corporate: "CORPORATE" });
  });
});

describe("the seller type in the settings' business form", () => {
  it("refuses a kind that is none of the three, in Korean beside the field, and saves nothing", async () => {
    expect(BusinessBody.safeParse({ section: "business", seller_type: "INDIVIDUAL" }).success).toBe(false);
    expect(BusinessBody.parse({ section: "business", seller_type: "corporate" }).seller_type).toBe("corporate");
    expect(BusinessBody.parse({ section: "business", seller_type: "" }).seller_type).toBeNull();

    const owner = Shopper.signedIn("beauty.localhost", await login("beauty.localhost", BEAUTY_OWNER));
    const row = () =>
      env.DB.prepare("SELECT seller_type, corpname, content_version FROM shops WHERE id = 1").first<{
        seller_type: string;
        corpname: string;
        content_version: number;
      }>();
    const before = await row();
    expect(before?.seller_type).toBe("corporate");
    // Without scripts: the page again, 400, the message by the field, what was typed kept.
    const posted = await owner.form("/admin/settings", {
      section: "business",
      seller_type: "company",
      corpname: "다른 상호",
    });
    expect(posted.status).toBe(400);
    const page = await html(posted);
    expect(page).toContain(escapeHtml(koSeller.typeError));
    expect(page).toContain('value="다른 상호"');
    // The API answers the same refusal, by field.
    const api = await owner.api<Failure>("/api/myshp/admin/settings/save", { section: "business", seller_type: "x" });
    expect(api.status).toBe(400);
    expect(api.data.error.message).toBe(koSeller.typeError);
    expect(await row()).toEqual(before);
  });
});

describe("a shop without the law's seller details", () => {
  it("takes no order (sheet or payment) until its owner fills them, and its pages say so", async () => {
    const { cookie } = await platformSignUp("legal");
    const dom = `legal-${Date.now().toString(36)}`;
    const host = `${dom}.localhost`;
    const owner = Shopper.signedIn(host, await openAndCarry(cookie, dom, "법 먼저 상점"));
    const save = (body: Record<string, unknown>) => owner.api("/api/myshp/admin/settings/save", body);
    expect(
      (await save({ section: "bank", bank_name: "국민은행", bank_account: "123456-01-234567", bank_holder: "새 사장" }))
        .status,
    ).toBe(200);
    const product = {
      title: "첫 상품",
      price: 10000,
      summary: "",
      description: "",
      sort: 0,
      options: [{ name: "", extra_price: 0, stock: 5 }],
    };
    expect((await owner.api("/api/myshp/admin/product/save", product)).status).toBe(200);
    const item = await env.DB.prepare(
      `SELECT p.id AS pid2, o.id AS pid3, p.sid FROM products p JOIN product_options o ON o.product_id = p.id
       JOIN shops s ON s.id = p.shop_id WHERE s.dom = ?`,
    )
      .bind(dom)
      .first<{ pid2: number; pid3: number; sid: string }>();
    expect(item).not.toBeNull();
    const line = { pid2: item!.pid2, pid3: item!.pid3, qty: 1 };

    // The shopper: the product page and the cart say it, without an order button; the API refuses.
    const shopper = new Shopper(host);
    const view = await html(await shopper.fetch(`/shop/view/${item!.sid}`));
    expect(view).toContain(escapeHtml(koSeller.notReady));
    expect(view).not.toContain('aria-label="장바구니 담기"');
    expect((await shopper.add([{ pid2: line.pid2, pid3: line.pid3 }])).status).toBe(200);
    const cart = await html(await shopper.fetch("/user/checkout"));
    expect(cart).toContain('data-testid="seller-not-ready"');
    const refused = await shopper.order([line]);
    expect(refused.status).toBe(409);
    expect(refused.data.error).toMatchObject({ code: "SELLER_NOT_READY", message: koSeller.notReady });
    // Nothing was written.
    const orders = () =>
      env.DB.prepare("SELECT COUNT(*) AS n FROM orders o JOIN shops s ON s.id = o.shop_id WHERE s.dom = ?")
        .bind(dom)
        .first<number>("n");
    expect(await orders()).toBe(0);

    // The owner's console says what is missing, with the link to fill it.
    const settings = await html(await owner.fetch("/admin/settings"));
    expect(settings).toContain(escapeHtml(koSeller.missing("판매자 유형, 이름, 연락처, 이메일, 주소")));
    const dashboard = await html(await owner.fetch("/admin"));
    expect(dashboard).toContain('href="/admin/settings#business"');

    // Filled as a 개인사업자: the sheet is made and paid.
    const filled = await owner.form("/admin/settings", SOLE_BUSINESS);
    expect(filled.status).toBe(303);
    expect(await html(await owner.fetch("/admin/settings"))).toContain(escapeHtml(koSeller.complete));
    expect(await html(await shopper.fetch(`/shop/view/${item!.sid}`))).not.toContain(escapeHtml(koSeller.notReady));
    const made = await shopper.order([line]);
    expect(made.status).toBe(200);
    const sheet = made.data.order_id;

    // A detail cleared again while a sheet is open: that sheet is not paid either.
    expect((await owner.form("/admin/settings", { ...SOLE_BUSINESS, email: "" })).status).toBe(303);
    const unpaid = await shopper.pay(sheet);
    expect(unpaid.status).toBe(409);
    expect(unpaid.data.error?.code).toBe("SELLER_NOT_READY");
    expect((await owner.form("/admin/settings", SOLE_BUSINESS)).status).toBe(303);
    const paid = await shopper.pay(sheet);
    expect(paid.status).toBe(200);
    expect(await orders()).toBe(1);
  });

  it("takes no table order either (smart order)", async () => {
    await env.DB.prepare("UPDATE shops SET email = NULL WHERE dom = 'bistro'").run();
    try {
      const phone = new Shopper(BISTRO);
      phone.cookies.set("uuid_value", crypto.randomUUID().replaceAll("-", ""));
      phone.ip = "10.175.0.1";
      const opened = await phone.api<{ visit: string }>("/api/smartorder/open", { hash: BISTRO_TABLES[0] });
      expect(opened.status).toBe(200);
      phone.cookies.set("smart_table", opened.data.visit);
      expect((await phone.api("/api/smartorder/cart/add", { sid: "m0010", qty: 1 })).status).toBe(200);
      const order = await phone.api<Failure>("/api/smartorder/order", { key: crypto.randomUUID(), pay: "counter" });
      expect(order.status).toBe(409);
      expect(order.data.error).toMatchObject({ code: "SELLER_NOT_READY", message: koSeller.notReady });
    } finally {
      await env.DB.prepare("UPDATE shops SET email = 'hello@bistro.example.test' WHERE dom = 'bistro'").run();
    }
  });
});
