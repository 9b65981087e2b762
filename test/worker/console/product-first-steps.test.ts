import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { BEAUTY } from "../helpers/request";
import { login, PASSWORD } from "../helpers/auth";
import { Shopper } from "../helpers/shopper";
import { escapeHtml } from "../../../functions/pages";

/** As React writes text: an apostrophe as &#x27;. */
const reactHtml = (s: string) => escapeHtml(s).replace(/&#39;/g, "&#x27;");
import { koProducts } from "~/shared/messages/products";

/**
 * Issue 52 item 3: a new product's stock is asked, never silently 0, and a save that leaves it
 * 품절 says so; a category made from the product form keeps everything typed.
 */

const t = koProducts;
const owner = async () => Shopper.signedIn(BEAUTY, await login(BEAUTY, "owner@beauty.example.test", PASSWORD));
const text = async (res: Response) => (await res.text()).replace(/<!-- -->/g, "");
const html = reactHtml;

type Option = { name: string; stock?: string; soldout?: boolean };

function productForm(p: { title: string; options: Option[]; intent?: string; extra?: [string, string][] }) {
  const fields: [string, string][] = [
    ["title", p.title],
    ["price", "9,000"],
    ["list_price", ""],
    ["summary", "한 줄"],
    ["description", "<p>설명</p>"],
    ["sort", "0"],
    ["visible", "on"],
    ["intent", p.intent ?? "save"],
    ...(p.extra ?? []),
  ];
  p.options.forEach((o, i) => {
    fields.push([`opt_${i}_key`, `k${i}`], [`opt_${i}_id`, ""], [`opt_${i}_name`, o.name], [`opt_${i}_price`, "0"]);
    if (o.stock !== undefined) fields.push([`opt_${i}_stock`, o.stock]);
    if (o.soldout) fields.push([`opt_${i}_soldout`, "on"]);
  });
  return fields;
}

const stockInput = (page: string, i: number) => new RegExp(`<input[^>]*name="opt_${i}_stock"[^>]*>`).exec(page)?.[0];

describe("a new product's stock", () => {
  it("starts empty and required, and a save without it is refused by the row", async () => {
    const o = await owner();
    const page = await text(await o.fetch("/admin/product"));
    const input = stockInput(page, 0)!;
    expect(input).toContain('value=""');
    expect(input).toContain("required");
    const refused = await o.form(
      "/admin/product",
      productForm({ title: "재고 없는 새 상품", options: [{ name: "", stock: "" }] }),
    );
    expect(refused.status).toBe(400);
    expect(await text(refused)).toContain(html(t.errors.stockRequired));
    // A row added by the form's button starts empty too.
    const more = await text(
      await o.form(
        "/admin/product",
        productForm({ title: "행", options: [{ name: "A", stock: "3" }], intent: "add_option" }),
      ),
    );
    expect(stockInput(more, 1)).toContain('value=""');
    // 품절 ticked needs no number: it saves 0.
    const stopped = await o.form(
      "/admin/product",
      productForm({ title: "품절로 등록", options: [{ name: "", stock: "", soldout: true }] }),
    );
    expect(stopped.status).toBe(303);
  });

  it("set to 0 is saved, and the success says the product shows 품절", async () => {
    const o = await owner();
    const res = await o.form(
      "/admin/product",
      productForm({ title: "재고 0 상품", options: [{ name: "", stock: "0" }] }),
    );
    expect(res.status).toBe(303);
    const page = await text(await o.fetch(res.headers.get("location")!));
    expect(page).toContain(html(t.doneSoldOut.created));
    expect(page).not.toContain(html(t.done.created));
    // One option of two at 0: the success names it.
    const some = await o.form(
      "/admin/product",
      productForm({
        title: "옵션 하나 0",
        options: [
          { name: "작은 것", stock: "4" },
          { name: "큰 것", stock: "0" },
        ],
      }),
    );
    const somePage = await text(await o.fetch(some.headers.get("location")!));
    expect(somePage).toContain(html(t.done.created));
    expect(somePage).toContain(html(t.doneSomeSoldOut("큰 것")));
    // With stock, the plain success.
    const stocked = await o.form(
      "/admin/product",
      productForm({ title: "재고 있음", options: [{ name: "", stock: "5" }] }),
    );
    const stockedPage = await text(await o.fetch(stocked.headers.get("location")!));
    expect(stockedPage).toContain(html(t.done.created));
    expect(stockedPage).not.toContain(html(t.doneSomeSoldOut("")).slice(0, 8));
  });
});

describe("a category made from the product form", () => {
  it("is made, ticked, and the form comes back with everything typed, nothing saved", async () => {
    const o = await owner();
    const name = `폼에서 만든 ${Date.now() % 100000}`;
    const before = await env.DB.prepare("SELECT COUNT(*) AS n FROM products").first<number>("n");
    const res = await o.form(
      "/admin/product",
      productForm({
        title: "적던 상품",
        options: [{ name: "", stock: "12" }],
        intent: "add_category",
        extra: [
          ["new_category", name],
          ["category_ids", "39"],
        ],
      }),
    );
    expect(res.status).toBe(200);
    const page = await text(res);
    const made = await env.DB.prepare(
      "SELECT id FROM categories WHERE name = ? AND shop_id = (SELECT id FROM shops WHERE dom = 'beauty')",
    )
      .bind(name)
      .first<number>("id");
    expect(made).not.toBeNull();
    expect(page).toContain(html(t.fields.categoryAdded(name)));
    for (const id of [made, 39]) {
      const box = new RegExp(`<input[^>]*name="category_ids"[^>]*value="${id}"[^>]*>`).exec(page)?.[0];
      expect(box, String(id)).toContain("checked");
    }
    expect(page).toContain('value="적던 상품"');
    expect(page).toContain("&lt;p&gt;설명&lt;/p&gt;");
    expect(stockInput(page, 0)).toContain('value="12"');
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM products").first<number>("n")).toBe(before);
    // A refused name comes back by its field, the rest kept.
    const empty = await o.form(
      "/admin/product",
      productForm({
        title: "적던 상품",
        options: [{ name: "", stock: "12" }],
        intent: "add_category",
        extra: [["new_category", " "]],
      }),
    );
    expect(empty.status).toBe(400);
    const emptyPage = await text(empty);
    expect(emptyPage).toContain(html(t.errors.categoryName));
    expect(emptyPage).toContain('value="적던 상품"');
  });
});
