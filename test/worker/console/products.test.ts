import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { sanitizeRichText } from "../../../functions/catalogue/rich-text";
import { shopImages } from "../../../functions/api/products";
import { BEAUTY, PICKS } from "../helpers/request";
import { login, PASSWORD } from "../helpers/auth";
import { Shopper } from "../helpers/shopper";
import { koProducts } from "~/shared/messages/products";
import { viewCached } from "../helpers/page-cache";

/** Issue 36 items 2 and 3 (decision 106): products and categories from the console, as plain form posts. */

const t = koProducts;
const ownerOf = async (host: string, email: string) => Shopper.signedIn(host, await login(host, email, PASSWORD));
const beautyOwner = () => ownerOf(BEAUTY, "owner@beauty.example.test");
const text = async (res: Response) => (await res.text()).replace(/<!-- -->/g, "");

type Option = { name: string; price?: string; stock: string; id?: string; soldout?: boolean; loaded?: string };

/** The edit form's fields, as a browser without scripts posts them. */
function productForm(p: {
  title: string;
  price: string;
  options: Option[];
  categories?: number[];
  description?: string;
  visible?: boolean;
  intent?: string;
}): [string, string][] {
  const fields: [string, string][] = [
    ["title", p.title],
    ["price", p.price],
    ["list_price", ""],
    ["summary", ""],
    ["description", p.description ?? ""],
    ["sort", "0"],
    ["intent", p.intent ?? "save"],
  ];
  if (p.visible ?? true) fields.push(["visible", "on"]);
  for (const c of p.categories ?? []) fields.push(["category_ids", String(c)]);
  p.options.forEach((o, i) => {
    fields.push(
      [`opt_${i}_key`, `k${i}`],
      [`opt_${i}_id`, o.id ?? ""],
      [`opt_${i}_name`, o.name],
      [`opt_${i}_price`, o.price ?? "0"],
      [`opt_${i}_stock`, o.stock],
    );
    if (o.soldout) fields.push([`opt_${i}_soldout`, "on"]);
    if (o.loaded !== undefined) fields.push([`opt_${i}_loaded`, o.loaded]);
  });
  return fields;
}

async function create(owner: Shopper, p: Parameters<typeof productForm>[0]) {
  const res = await owner.form("/admin/product", productForm(p));
  expect(res.status).toBe(303);
  const id = Number(/id=(\d+)/.exec(res.headers.get("location")!)![1]);
  const row = await env.DB.prepare("SELECT sid FROM products WHERE id = ?").bind(id).first<{ sid: string }>();
  return { id, sid: row!.sid, location: res.headers.get("location")! };
}

const optionsOf = async (id: number) =>
  (
    await env.DB.prepare(
      "SELECT id, name, extra_price, stock, default_option FROM product_options WHERE product_id = ? ORDER BY sort",
    )
      .bind(id)
      .all<{ id: number; name: string; extra_price: number; stock: number; default_option: number }>()
  ).results;

/** A guest's page through the whole Worker with the edge page cache on (decision 077). */
async function cached(host: string, path: string) {
  const { res, html, state } = await viewCached(host, path);
  return { status: res.status, html: html.replace(/<!-- -->/g, ""), state };
}

/** Orders one of a product's options as a guest: the product now has a past order. */
async function order(host: string, pid2: number, pid3: number) {
  const shopper = new Shopper(host);
  await shopper.add([{ pid2, pid3 }]);
  const res = await shopper.api<{ order_id: number }>("/api/myshp/make/my/order/v4", {
    list: [{ pid2, pid3, qty: 1 }],
    key: crypto.randomUUID(),
  });
  expect(res.status).toBe(200);
}

describe("products in the console (issue 36)", () => {
  it("creates a product with two options in a category; the shop's list and page show it", async () => {
    const owner = await beautyOwner();
    const page = await text(await owner.fetch("/admin/product"));
    expect(page).toContain(t.create);
    expect(page).toContain(t.fields.addOption);

    const { id, sid, location } = await create(owner, {
      title: "테스트 수분 크림",
      price: "12,000",
      categories: [39, 41],
      description: '<p>촉촉한 <strong>크림</strong></p><script>alert(1)</script><a href="javascript:alert(1)">x</a>',
      options: [
        { name: "50ml", stock: "5" },
        { name: "100ml", price: "8,000", stock: "3" },
      ],
    });
    expect(location).toBe(`/admin/product?id=${id}&done=created`);
    expect(await optionsOf(id)).toMatchObject([
      { name: "50ml", extra_price: 0, stock: 5, default_option: 0 },
      { name: "100ml", extra_price: 8000, stock: 3, default_option: 0 },
    ]);
    const row = await env.DB.prepare("SELECT shop_id, price, category_id, description FROM products WHERE id = ?")
      .bind(id)
      .first<{ shop_id: number; price: number; category_id: number; description: string }>();
    expect(row).toEqual({
      shop_id: 1,
      price: 12000,
      category_id: 39,
      description: "<p>촉촉한 <strong>크림</strong></p>x",
    });

    const edit = await text(await owner.fetch(location));
    expect(edit).toContain(t.done.created);
    expect(edit).toContain(`href="/admin/photos?id=${id}"`);

    // In both its categories' lists, and on its page with its options and its description as HTML.
    for (const category of [39, 41]) {
      expect(await text(await new Shopper(BEAUTY).fetch(`/shop/list?category=${category}`))).toContain(
        "테스트 수분 크림",
      );
    }
    const view = await text(await new Shopper(BEAUTY).fetch(`/shop/view/${sid}`));
    expect(view).toContain("테스트 수분 크림");
    expect(view).toContain("100ml");
    expect(view).toContain("<p>촉촉한 <strong>크림</strong></p>");
    expect(view).not.toContain("alert(1)");
  });

  it("adds and removes option rows without scripts, and says what is wrong by the field", async () => {
    const owner = await beautyOwner();
    const more = await text(
      await owner.form(
        "/admin/product",
        productForm({ title: "행 추가", price: "1000", options: [{ name: "", stock: "1" }], intent: "add_option" }),
      ),
    );
    expect(more.match(/data-testid="option-row"/g)).toHaveLength(2);
    expect(more).toContain('value="행 추가"');
    const fewer = await text(
      await owner.form(
        "/admin/product",
        productForm({
          title: "행 빼기",
          price: "1000",
          options: [
            { name: "A", stock: "1" },
            { name: "B", stock: "1" },
          ],
          intent: "remove_option:0",
        }),
      ),
    );
    expect(fewer.match(/data-testid="option-row"/g)).toHaveLength(1);
    expect(fewer).toContain('value="B"');

    const refused = await owner.form(
      "/admin/product",
      productForm({
        title: "",
        price: "싸게",
        options: [
          { name: "A", stock: "1" },
          { name: "B", stock: "-1" },
        ],
      }),
    );
    expect(refused.status).toBe(400);
    const html = await text(refused);
    expect(html).toContain(t.errors.title);
    expect(html).toContain(t.errors.price);
    expect(html).toContain(t.errors.optionStock);
    const unnamed = await owner.form(
      "/admin/product",
      productForm({
        title: "",
        price: "1000",
        options: [
          { name: "A", stock: "1" },
          { name: "", stock: "1" },
        ],
      }),
    );
    const second = await text(unnamed);
    expect(second).toContain(t.errors.title);
    expect(second).toContain(t.errors.optionName);
  });

  it("edits the price; hiding takes it off the shop's list and page at once, cached pages included", async () => {
    const owner = await beautyOwner();
    const { id, sid } = await create(owner, {
      title: "캐시 확인 세럼",
      price: "20000",
      categories: [40],
      options: [{ name: "", stock: "9" }],
    });
    const [option] = await optionsOf(id);
    expect(option).toMatchObject({ name: "", default_option: 1 });
    const list = `/shop/list?category=40&t=${crypto.randomUUID()}`;
    const view = `/shop/view/${sid}?t=${crypto.randomUUID()}`;
    expect((await cached(BEAUTY, list)).html).toContain("캐시 확인 세럼");
    expect((await cached(BEAUTY, view)).html).toContain("20,000");
    expect((await cached(BEAUTY, view)).state).toBe("hit");

    const saved = await owner.form(
      `/admin/product?id=${id}`,
      productForm({
        title: "캐시 확인 세럼",
        price: "18000",
        categories: [40],
        options: [{ id: String(option!.id), name: "", stock: "9" }],
      }),
    );
    expect(saved.headers.get("location")).toBe(`/admin/product?id=${id}&done=saved`);
    expect((await optionsOf(id)).map((o) => o.id)).toEqual([option!.id]);
    const after = await cached(BEAUTY, view);
    expect(after.html).toContain("18,000");
    expect(after.html).not.toContain("20,000원");

    const hidden = await owner.form("/admin/products?status=all", { id: String(id), intent: "hide" });
    expect(hidden.status).toBe(303);
    expect(hidden.headers.get("location")).toBe("/admin/products?status=all&done=hidden");
    expect((await cached(BEAUTY, list)).html).not.toContain("캐시 확인 세럼");
    expect((await cached(BEAUTY, view)).status).toBe(404);
    // The console lists it as 숨김.
    const console = await text(await owner.fetch(`/admin/products?status=hidden&q=${encodeURIComponent("캐시 확인")}`));
    expect(console).toContain("캐시 확인 세럼");
    expect(console).toContain(t.statuses.hidden);
  });

  it("a save keeps stock that moved since the form was loaded; a changed stock over a moved one asks again", async () => {
    const owner = await beautyOwner();
    const fresh = await create(owner, {
      title: "재고 경합 크림",
      price: "10000",
      options: [
        { name: "50ml", stock: "5" },
        { name: "100ml", stock: "3" },
      ],
    });
    const [a, b] = await optionsOf(fresh.id);
    const form = await text(await owner.fetch(`/admin/product?id=${fresh.id}`));
    expect(form).toContain(`name="opt_0_loaded" value="5"`);
    // Meanwhile /admin/stock sets both options' stock (as an order would take some).
    for (const [o, stock] of [
      [a!, "4"],
      [b!, "10"],
    ] as const) {
      const res = await owner.form("/admin/stock", { option_id: String(o.id), stock });
      expect(res.status).toBe(303);
    }
    const options = (stocks: [string, string], loaded: [string, string]) => [
      { id: String(a!.id), name: "50ml", stock: stocks[0], loaded: loaded[0] },
      { id: String(b!.id), name: "100ml", stock: stocks[1], loaded: loaded[1] },
    ];

    // The form as loaded, only the title changed: the stock stays as it is now.
    let res = await owner.form(
      `/admin/product?id=${fresh.id}`,
      productForm({ title: "재고 경합 크림 2", price: "10000", options: options(["5", "3"], ["5", "3"]) }),
    );
    expect(res.status).toBe(303);
    expect((await optionsOf(fresh.id)).map((o) => o.stock)).toEqual([4, 10]);

    // A stock the owner changed over one that moved: nothing is written; the form says the stock now.
    res = await owner.form(
      `/admin/product?id=${fresh.id}`,
      productForm({ title: "재고 경합 크림 3", price: "10000", options: options(["20", "3"], ["5", "3"]) }),
    );
    expect(res.status).toBe(409);
    const page = await text(res);
    expect(page).toContain(t.errors.stockChanged("4"));
    expect(page).toContain(`name="opt_0_loaded" value="4"`);
    expect(page).toContain(`name="opt_1_loaded" value="10"`);
    expect((await optionsOf(fresh.id)).map((o) => o.stock)).toEqual([4, 10]);
    const title = await env.DB.prepare("SELECT title FROM products WHERE id = ?")
      .bind(fresh.id)
      .first<{ title: string }>();
    expect(title!.title).toBe("재고 경합 크림 2");

    // Saved again from that form: the owner's stock now stands.
    res = await owner.form(
      `/admin/product?id=${fresh.id}`,
      productForm({ title: "재고 경합 크림 3", price: "10000", options: options(["20", "10"], ["4", "10"]) }),
    );
    expect(res.status).toBe(303);
    expect((await optionsOf(fresh.id)).map((o) => o.stock)).toEqual([20, 10]);
  });

  it("deletes a product never ordered; an ordered one is hidden and keeps its rows", async () => {
    const owner = await beautyOwner();
    const fresh = await create(owner, { title: "지울 상품", price: "1000", options: [{ name: "", stock: "1" }] });
    const ask = await text(await owner.form("/admin/products", { id: String(fresh.id), intent: "remove" }));
    expect(ask).toContain(t.removeConfirm);
    expect(await env.DB.prepare("SELECT 1 FROM products WHERE id = ?").bind(fresh.id).first()).not.toBeNull();
    const gone = await owner.form("/admin/products", { id: String(fresh.id), intent: "remove", confirm: "1" });
    expect(gone.headers.get("location")).toBe("/admin/products?done=removed");
    expect(await env.DB.prepare("SELECT 1 FROM products WHERE id = ?").bind(fresh.id).first()).toBeNull();

    const sold = await create(owner, { title: "팔린 상품", price: "1000", options: [{ name: "", stock: "5" }] });
    const [option] = await optionsOf(sold.id);
    await order(BEAUTY, sold.id, option!.id);
    const kept = await owner.form("/admin/products", { id: String(sold.id), intent: "remove", confirm: "1" });
    expect(kept.headers.get("location")).toBe("/admin/products?done=kept");
    const row = await env.DB.prepare("SELECT visible FROM products WHERE id = ?")
      .bind(sold.id)
      .first<{ visible: number }>();
    expect(row).toEqual({ visible: 0 });
    expect(await optionsOf(sold.id)).toHaveLength(1);
    // Its ordered option cannot be taken off either: marked sold out instead.
    const refused = await owner.form(
      `/admin/product?id=${sold.id}`,
      productForm({ title: "팔린 상품", price: "1000", options: [{ name: "", stock: "5" }] }),
    );
    expect(refused.status).toBe(409);
    expect(await text(refused)).toContain(t.errors.optionOrdered);
  });

  it("copies a product as a hidden one with its options", async () => {
    const owner = await beautyOwner();
    const { id } = await create(owner, {
      title: "복사할 상품",
      price: "3000",
      options: [
        { name: "빨강", stock: "2" },
        { name: "파랑", stock: "4" },
      ],
    });
    const res = await owner.form("/admin/products", { id: String(id), intent: "copy" });
    expect(res.status).toBe(303);
    const copy = Number(/id=(\d+)/.exec(res.headers.get("location")!)![1]);
    expect(copy).not.toBe(id);
    const row = await env.DB.prepare("SELECT title, visible, shop_id FROM products WHERE id = ?").bind(copy).first();
    expect(row).toEqual({ title: t.copyTitle("복사할 상품"), visible: 0, shop_id: 1 });
    expect((await optionsOf(copy)).map((o) => [o.name, o.stock])).toEqual([
      ["빨강", 2],
      ["파랑", 4],
    ]);
  });

  it("refuses another shop's owner for every action, and a pick's goods are edited only at their origin", async () => {
    const picks = await ownerOf(PICKS, "owner@picks.example.test");
    // Beauty's console is no console for picks' owner.
    const stranger = await ownerOf(BEAUTY, "owner@picks.example.test");
    expect((await stranger.fetch("/admin/products")).status).toBe(404);
    expect((await stranger.fetch("/admin/product?id=1")).status).toBe(404);
    expect((await stranger.fetch("/admin/categories")).status).toBe(404);
    expect((await stranger.form("/admin/products", { id: "1", intent: "hide" })).status).toBe(404);
    expect((await stranger.form("/admin/categories", { id: "39", intent: "hide" })).status).toBe(404);
    const api = await stranger.api("/api/myshp/admin/product/action", { id: 1, intent: "hide" });
    expect(api.status).toBe(403);

    // On their own host, beauty's ids are not theirs.
    expect((await picks.fetch("/admin/product?id=1")).status).toBe(404);
    for (const intent of ["hide", "show", "copy", "remove"]) {
      const res = await picks.api<{ error: { message: string } }>("/api/myshp/admin/product/action", { id: 1, intent });
      expect(res.status).toBe(404);
    }
    const save = await picks.api("/api/myshp/admin/product/save", {
      id: 1,
      title: "가로채기",
      price: 1,
      summary: "",
      description: "",
      sort: 0,
      options: [{ name: "", extra_price: 0, stock: 1 }],
    });
    expect(save.status).toBe(404);
    expect((await picks.api("/api/myshp/admin/category/save", { id: 39, name: "가로채기" })).status).toBe(404);
    expect((await picks.api("/api/myshp/admin/category/action", { id: 39, intent: "hide" })).status).toBe(404);
    // Nor may a product of theirs be put in beauty's category.
    const foreign = await picks.api<{ error: { message: string } }>("/api/myshp/admin/product/save", {
      title: "남의 카테고리",
      price: 1000,
      summary: "",
      description: "",
      sort: 0,
      category_ids: [39],
      options: [{ name: "", extra_price: 0, stock: 1 }],
    });
    expect(foreign.status).toBe(400);
    const beauty = await env.DB.prepare("SELECT title, visible FROM products WHERE id = 1").first();
    expect(beauty).toEqual({ title: expect.not.stringContaining("가로채기"), visible: 1 });
    const category = await env.DB.prepare("SELECT name, visible FROM categories WHERE id = 39").first();
    expect(category).toMatchObject({ visible: 1 });

    // A pick (picks' row 201, beauty's goods) can be hidden and shown here, not edited or copied.
    const pick = await picks.api<{ error: { message: string } }>("/api/myshp/admin/product?id=201");
    expect(pick.status).toBe(409);
    expect(pick.data.error.message).toBe(t.errors.pick);
    expect((await picks.form("/admin/products", { id: "201", intent: "copy" })).status).toBe(409);
    expect((await picks.form("/admin/products", { id: "201", intent: "hide" })).status).toBe(303);
    expect(await new Shopper(PICKS).fetch("/shop/view/" + (await sidOf(201)))).toHaveProperty("status", 404);
    expect((await picks.form("/admin/products", { id: "201", intent: "show" })).status).toBe(303);
    expect((await new Shopper(PICKS).fetch("/shop/view/" + (await sidOf(201)))).status).toBe(200);
  });
});

const sidOf = async (id: number) =>
  (await env.DB.prepare("SELECT sid FROM products WHERE id = ?").bind(id).first<{ sid: string }>())!.sid;

describe("categories in the console (issue 36)", () => {
  it("creates, nests one level, renames, reorders and hides; the shop's menu follows", async () => {
    const owner = await beautyOwner();
    const menu = async () => text(await new Shopper(BEAUTY).fetch(`/shop/list?category=0&t=${crypto.randomUUID()}`));
    const made = await owner.form("/admin/categories", { intent: "save", name: "새 기획전", parent_id: "" });
    expect(made.headers.get("location")).toBe("/admin/categories?done=created");
    const top = await env.DB.prepare("SELECT id FROM categories WHERE shop_id = 1 AND name = '새 기획전'").first<{
      id: number;
    }>();
    expect(await menu()).toContain("새 기획전");

    await owner.form("/admin/categories", { intent: "save", name: "겨울 세트", parent_id: String(top!.id) });
    const child = await env.DB.prepare("SELECT id, parent_id FROM categories WHERE name = '겨울 세트'").first<{
      id: number;
      parent_id: number;
    }>();
    expect(child!.parent_id).toBe(top!.id);
    // One level only: nothing nests under a child, and a parent with children stays on top.
    const deep = await owner.form("/admin/categories", {
      intent: "save",
      name: "너무 깊음",
      parent_id: String(child!.id),
    });
    expect(deep.status).toBe(400);
    expect(await text(deep)).toContain(t.errors.categoryParent);
    const under = await owner.form("/admin/categories", {
      intent: "save",
      id: String(top!.id),
      name: "새 기획전",
      parent_id: "1002",
    });
    expect(await text(under)).toContain(t.errors.categoryHasChildren);

    // A product in the child shows in the parent's list too.
    const { id } = await create(owner, {
      title: "겨울 한정 세트",
      price: "5000",
      categories: [39, child!.id],
      options: [{ name: "", stock: "3" }],
    });
    expect(await text(await new Shopper(BEAUTY).fetch(`/shop/list?category=${top!.id}`))).toContain("겨울 한정 세트");
    const admin = await text(await owner.fetch("/admin/categories"));
    expect(admin).toContain(t.categories.products(1));

    await owner.form("/admin/categories", { intent: "save", id: String(top!.id), name: "연말 기획전", parent_id: "" });
    expect(await menu()).toContain("연말 기획전");

    const order = async () =>
      (
        await env.DB.prepare(
          "SELECT id FROM categories WHERE shop_id = 1 AND parent_id IS NULL ORDER BY sort, id",
        ).all<{ id: number }>()
      ).results.map((r) => r.id);
    const before = await order();
    expect(before.at(-1)).toBe(top!.id);
    expect((await owner.form("/admin/categories", { intent: "up", id: String(top!.id) })).status).toBe(303);
    const after = await order();
    expect(after.at(-2)).toBe(top!.id);
    const html = await menu();
    expect(html.indexOf("연말 기획전")).toBeLessThan(html.indexOf(`>${await nameOf(before.at(-2)!)}<`));

    expect(
      (await owner.form("/admin/categories", { intent: "hide", id: String(top!.id) })).headers.get("location"),
    ).toBe("/admin/categories?done=hidden");
    const hidden = await menu();
    expect(hidden).not.toContain("연말 기획전");
    expect(hidden).not.toContain("겨울 세트");
    // Its products stay in the shop.
    expect(await text(await new Shopper(BEAUTY).fetch(`/shop/view/${await sidOf(id)}`))).toContain("겨울 한정 세트");
    await owner.form("/admin/categories", { intent: "show", id: String(top!.id) });
    expect(await menu()).toContain("연말 기획전");
  });
});

const nameOf = async (id: number) =>
  (await env.DB.prepare("SELECT name FROM categories WHERE id = ?").bind(id).first<{ name: string }>())!.name;

describe("the description sanitiser (decision 106)", () => {
  const clean = (html: string) => sanitizeRichText(html, shopImages(1));
  it("keeps the allowed set and closes what was left open", () => {
    expect(clean("<p>안녕 <b>굵게</b> <i>기울임</i><br>줄</p><ul><li>하나<li>둘</ul><h3>제목</h3>")).toBe(
      "<p>안녕 <strong>굵게</strong> <em>기울임</em><br>줄</p><ul><li>하나</li><li>둘</li></ul><h3>제목</h3>",
    );
    expect(clean("<p><strong>열린 채")).toBe("<p><strong>열린 채</strong></p>");
    expect(clean("첫 줄\n둘째 줄 & <셋째>")).toBe("첫 줄<br>둘째 줄 &amp; &lt;셋째&gt;");
  });
  it("drops scripts, handlers, styles, frames and unknown tags, keeping their harmless text", () => {
    expect(clean('<p onclick="x()" style="color:red" class="a">글</p>')).toBe("<p>글</p>");
    expect(clean("<script>alert(1)</script><style>p{}</style><iframe src=//evil></iframe>남음")).toBe("남음");
    expect(clean("<div><span>감싼 글</span></div><!-- 주석 -->")).toBe("감싼 글");
    expect(clean("<svg><script>alert(1)</script></svg>끝")).toBe("끝");
    expect(clean('<img src=x onerror="alert(1)">')).toBe("");
    expect(clean("<p>a</p></ul></p>")).toBe("<p>a</p>");
  });
  it("keeps links only to http(s), and pictures only from the shop's own storage", () => {
    expect(clean('<a href="https://example.com/a?b=1&amp;c=2">링크</a>')).toBe(
      '<a href="https://example.com/a?b=1&amp;c=2" rel="nofollow noopener noreferrer" target="_blank">링크</a>',
    );
    for (const href of [
      "javascript:alert(1)",
      "JaVaScRiPt:alert(1)",
      "java&#x09;script:alert(1)",
      " data:text/html,x",
      "//evil.example",
      "/local",
    ]) {
      expect(clean(`<a href="${href}">글</a>`)).toBe("글");
    }
    expect(clean('<img src="/files/uploads/1/p/5/abc.jpg" alt="사진">')).toBe(
      '<img src="/files/uploads/1/p/5/abc.jpg" alt="사진" loading="lazy">',
    );
    for (const src of [
      "/files/uploads/2/p/5/abc.jpg",
      "https://evil.example/x.jpg",
      "/files/uploads/1/../../2/x.jpg",
      "/files/members/1/x.jpg",
    ]) {
      expect(clean(`<img src="${src}">`)).toBe("");
    }
    expect(clean('<a href="https://e.example/" title="x" onmouseover="y">"따옴표"</a>')).toBe(
      '<a href="https://e.example/" rel="nofollow noopener noreferrer" target="_blank">&quot;따옴표&quot;</a>',
    );
  });
});
