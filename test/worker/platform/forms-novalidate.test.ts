import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { BISTRO_TABLES } from "../../../functions/seed/demo";
import { ADDRESS, Shopper } from "../helpers/shopper";
import { BEAUTY, BISTRO } from "../helpers/request";
import { BEAUTY_OWNER, joinNew, login, PASSWORD, SHOPPER } from "../helpers/auth";
import { koAdmin } from "~/shared/messages/admin";
import { koDaily } from "~/shared/messages/daily";
import { koDomain } from "~/shared/messages/domain";
import { koPayments } from "~/shared/messages/payments";
import { koProducts } from "~/shared/messages/products";
import { koQuestions } from "~/shared/messages/questions";
import { koReviews } from "~/shared/messages/reviews";
import { koSmart } from "~/shared/messages/smart";

/**
 * Issue 40, point 3 (decision 130, follow-up): every form with a `required` field is `noValidate`,
 * so a browser posts it empty instead of showing its own bubble, and our Korean message comes back
 * beside the field (or in the page's result area). Each form is posted empty here, as that browser
 * would, and its page is checked for `novalidate` on the form that holds the field.
 */

const html = async (res: Response) => (await res.text()).replace(/<!-- -->/g, "");

/** The opening tag of the form that holds the control named `field` (the first one on the page). */
function formOf(page: string, field: string): string {
  const at = page.indexOf(`name="${field}"`);
  expect(at, `a control named ${field}`).toBeGreaterThan(0);
  const start = page.lastIndexOf("<form", at);
  return page.slice(start, page.indexOf(">", start) + 1);
}

const multipart = (browser: Shopper, path: string, fields: Record<string, string>) => {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.set(k, v);
  return browser.fetch(path, { method: "POST", body });
};

const signedIn = async (host: string, email: string) => Shopper.signedIn(host, await login(host, email, PASSWORD));

/** A member's delivered order of product 14, so its review page opens. */
async function deliveredOrder(): Promise<{ browser: Shopper; id: number }> {
  const account = await joinNew(BEAUTY, "빈칸 회원");
  const browser = Shopper.signedIn(BEAUTY, account.cookie);
  expect((await browser.api("/api/myshp/join?shopid=1", { agree: true })).status).toBe(200);
  await browser.add([{ pid2: 14, pid3: 1400 }]);
  const id = (await browser.order([{ pid2: 14, pid3: 1400, qty: 1 }])).data.order_id;
  expect((await browser.api("/api/myshp/pay/my/order", { id, pay_method: "bank", ...ADDRESS })).status).toBe(200);
  const owner = await signedIn(BEAUTY, BEAUTY_OWNER);
  await owner.api("/api/myshp/admin/order/action", { id, action: "confirm_payment" });
  await owner.api("/api/myshp/admin/order/action", { id, action: "ship", courier: "cj", tracking_no: "601234567890" });
  await owner.api("/api/myshp/admin/order/action", { id, action: "deliver" });
  return { browser, id };
}

type Case = {
  name: string;
  /** The page the form is on, and the control marked `required` in it. */
  page: string;
  field: string;
  /** The form posted with its required fields empty. */
  post: (browser: Shopper) => Promise<Response>;
  message: string;
};

describe("forms without browser bubbles", () => {
  it("posts each console and shop form empty and gets our Korean message, and each form is novalidate", async () => {
    const owner = await signedIn(BEAUTY, BEAUTY_OWNER);
    const bistro = await signedIn(BISTRO, "owner@bistro.example.test");
    const shopper = await signedIn(BEAUTY, SHOPPER);
    // A question to answer and a review to reply to.
    const asked = await shopper.form("/shop/qna?pid=b0005", {
      intent: "ask",
      type: "product",
      pid: "5",
      body: "빈칸 시험용 문의입니다",
    });
    expect(asked.status).toBe(303);
    const question = await env.DB.prepare(
      "SELECT id FROM product_questions WHERE shop_id = 1 AND status = 'WAITING' ORDER BY id DESC LIMIT 1",
    ).first<{ id: number }>();
    const reviewed = await deliveredOrder();
    const saved = await reviewed.browser.api<{ id: number }>("/api/myshp/review/save", {
      order_id: reviewed.id,
      product_id: 14,
      option_id: 1400,
      rating: 5,
      body: "빈칸 시험용 리뷰입니다. 잘 쓰고 있어요.",
      repurchase: false,
    });
    const review = saved.status === 200 ? saved.data : null;
    expect([question, review].every(Boolean)).toBe(true);
    const diner = new Shopper(BISTRO);
    expect((await diner.fetch(`/smartorder/${BISTRO_TABLES[0]}`)).status).toBe(303);
    const bought = await deliveredOrder();
    const reviewPage = `/myshop/review?order=${bought.id}&line=14-1400`;

    const cases: (Case & { browser: Shopper })[] = [
      {
        name: "상품문의 (shop)",
        browser: shopper,
        page: "/shop/qna?pid=b0005",
        field: "body",
        post: (b) => b.form("/shop/qna?pid=b0005", { intent: "ask", type: "product", pid: "5", body: "" }),
        message: koQuestions.errors.bodyShort,
      },
      {
        name: "문의 답변",
        browser: owner,
        page: "/admin/questions",
        field: "answer",
        post: (b) => b.form("/admin/questions", { id: String(question!.id), answer: "" }),
        message: koQuestions.errors.answerEmpty,
      },
      {
        name: "카테고리",
        browser: owner,
        page: "/admin/categories",
        field: "name",
        post: (b) => b.form("/admin/categories", { intent: "save", name: "", parent_id: "" }),
        message: koProducts.errors.categoryName,
      },
      {
        name: "도메인",
        browser: owner,
        page: "/admin/domain",
        field: "hostname",
        post: (b) => b.form("/admin/domain", { intent: "add", hostname: "" }),
        message: koDomain.errors.required,
      },
      {
        name: "상품 사진",
        browser: owner,
        page: "/admin/photos?id=1",
        field: "photo",
        post: (b) => multipart(b, "/admin/photos?id=1", { intent: "add" }),
        message: koAdmin.errors.photoMissing,
      },
      {
        name: "송장 일괄등록",
        browser: owner,
        page: "/admin/tracking-upload",
        field: "file",
        post: (b) => multipart(b, "/admin/tracking-upload", {}),
        message: koDaily.tracking.errors.fileMissing,
      },
      {
        name: "테이블",
        browser: bistro,
        page: "/admin/tables",
        field: "name",
        post: (b) => b.form("/admin/tables", { intent: "add", name: "" }),
        message: koSmart.admin.nameRequired,
      },
      {
        name: "공지",
        browser: owner,
        page: "/admin/notices",
        field: "title",
        post: (b) => b.form("/admin/notices", { intent: "save", title: "", body: "" }),
        message: koAdmin.errors.noticeTitle,
      },
      {
        name: "적립금",
        browser: owner,
        page: "/admin/points",
        field: "point_unit",
        post: (b) => b.form("/admin/points", { point: "on", point_rate: "", point_unit: "" }),
        message: koAdmin.errors.pointUnit,
      },
      {
        name: "리뷰 답글",
        browser: owner,
        page: "/admin/reviews",
        field: "body",
        post: (b) => b.form("/admin/reviews", { intent: "reply", id: String(review!.id), body: "" }),
        message: koReviews.errors.reply,
      },
      {
        name: "재고",
        browser: owner,
        page: "/admin/stock",
        field: "stock",
        post: async (b) => {
          // An option the first page lists, so its row can show the message.
          const listed = /name="option_id" value="(\d+)"/.exec(await html(await b.fetch("/admin/stock")))!;
          return b.form("/admin/stock", { option_id: listed[1]!, stock: "" });
        },
        message: koAdmin.errors.stock,
      },
      {
        name: "상품 등록",
        browser: owner,
        page: "/admin/product",
        field: "title",
        post: (b) => b.form("/admin/product", { intent: "save", title: "", price: "" }),
        message: koProducts.errors.title,
      },
      {
        name: "결제 키",
        browser: owner,
        page: "/admin/payments",
        field: "client_key",
        post: (b) => b.form("/admin/payments", { intent: "save", client_key: "", secret_key: "" }),
        message: koPayments.errors.clientRequired,
      },
      {
        name: "스마트오더 선택",
        browser: diner,
        page: "/smartorder/start_customize00?sid=m0001",
        field: "option",
        post: (b) => b.form("/smartorder/start_customize00?sid=m0001", { sid: "m0001", qty: "1" }),
        message: koSmart.errors.choose,
      },
      {
        name: "리뷰 쓰기",
        browser: bought.browser,
        page: reviewPage,
        field: "rating",
        post: (b) => multipart(b, reviewPage, { intent: "save", body: "" }),
        message: koReviews.errors.rating,
      },
    ];

    for (const c of cases) {
      const page = await c.browser.fetch(c.page);
      expect(page.status, c.name).toBe(200);
      expect(formOf(await html(page), c.field), c.name).toMatch(/\snovalidate=""/);
      const res = await c.post(c.browser);
      expect(res.status, c.name).toBe(400);
      // Shown on the page (between tags), not only carried in the page's data.
      expect(await html(res), c.name).toContain(`>${c.message}<`);
    }
  });
});
