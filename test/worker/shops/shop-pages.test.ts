import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { BEAUTY, BISTRO, get, PICKS, STUDIO_CUSTOM } from "../helpers/request";
import { koErrors } from "~/shared/messages/shop/errors";
import { koHome } from "~/shared/messages/shop/home";
import { koProduct } from "~/shared/messages/shop/product";
import { koDrawer } from "~/shared/messages/shop/drawer";

async function page(host: string, path: string, init?: RequestInit) {
  const res = await get(host, path, init);
  return { status: res.status, html: await res.text(), headers: res.headers };
}

describe("pages through the whole Worker", () => {
  it("home: Korean text, the shop's theme in the server HTML, no flash of the default", async () => {
    const { status, html, headers } = await page(BEAUTY, "/");
    expect(status).toBe(200);
    expect(headers.get("content-type")).toContain("text/html");
    expect(html).toContain('<html lang="ko"');
    expect(html).toContain(koHome.newArrivals);
    // Theme variables are assigned inline on <html>: beauty's colours and the default font.
    const htmlTag = html.match(/<html[^>]*>/)![0];
    expect(htmlTag).toContain("#E4577C");
    expect(htmlTag).toContain("#F6B7C8");
    expect(htmlTag).toContain("12px");
    expect(htmlTag).toContain("1.15"); // skin prod_size default
  });

  it("each shop gets its own theme and content", async () => {
    const picks = await page(PICKS, "/");
    expect(picks.html.match(/<html[^>]*>/)![0]).toContain("#2F3A4A");
    expect(picks.html).toContain("에디터 픽");
    expect(picks.html).not.toContain("#E4577C");
    const studio = await page(STUDIO_CUSTOM, "/");
    expect(studio.html.match(/<html[^>]*>/)![0]).toContain("13px");
  });

  it("prices are formatted in KRW", async () => {
    const { html } = await page(BEAUTY, "/shop/view/b0001");
    expect(html).toContain("18,900원");
    expect(html).toContain("24,000원");
  });

  it("with options, the low-stock note is each option's, never the product's total", async () => {
    // 30ml and 50ml, two left of each: the product's total (4) is no option's stock.
    await env.DB.prepare(
      "UPDATE product_options SET stock = 2 WHERE product_id = (SELECT id FROM products WHERE sid = 'b0005')",
    ).run();
    const { html } = await page(BEAUTY, "/shop/view/b0005");
    expect(html.match(new RegExp(koProduct.lowStock(2), "g"))).toHaveLength(2);
    expect(html).not.toContain(koProduct.lowStock(4));
    // Without options to choose, the product's own note stays.
    expect((await page(BEAUTY, "/shop/view/b0003")).html).toContain(koProduct.lowStock(3));
  });

  it("product page: options, low stock, flags, sharing image", async () => {
    const tint = await page(BEAUTY, "/shop/view/b0017");
    expect(tint.status).toBe(200);
    expect(tint.html).toContain("03 체리밤");
    expect(tint.html).toContain("4개 남음");
    expect(tint.html).toContain('property="og:image:width" content="300"');
    const adult = await page(BEAUTY, "/shop/view/b0030");
    expect(adult.html).toContain(koProduct.adultOnly);
    const members = await page(BEAUTY, "/shop/view/b0041");
    expect(members.html).toContain(koProduct.membersOnly);
  });

  it("recommendations are streamed after the shell, up to 30", async () => {
    const { html } = await page(BEAUTY, "/shop/view/b0017");
    const shellEnd = html.indexOf('<div hidden id="S:');
    expect(shellEnd).toBeGreaterThan(0);
    expect(html.slice(0, shellEnd)).toContain("벨벳 틴트 (6색)");
    const streamed = html.slice(shellEnd);
    const cards = streamed.match(/href="\/shop\/view\/[^"]+"/g) ?? [];
    expect(cards.length).toBeGreaterThan(0);
    expect(cards.length).toBeLessThanOrEqual(30);
  });

  it("list: category 0 is all, paging by links, unknown category 404", async () => {
    const all = await page(BEAUTY, "/shop/list?category=0");
    expect(all.html).toContain("상품 44개");
    expect(all.html).toContain('href="/shop/list?category=0&amp;page=2"');
    expect((await page(BEAUTY, "/shop/list?category=0&page=9")).status).toBe(404);
    expect((await page(BEAUTY, "/shop/list?category=4001")).status).toBe(404);
    expect((await page(BEAUTY, "/shop/list?category=abc")).status).toBe(404);
    const shop = await page(BEAUTY, "/shop");
    expect(shop.status).toBe(200);
    expect(shop.html).toContain("상품 44개");
  });

  it("notices list", async () => {
    const { status, html } = await page(BEAUTY, "/shop/notice-list");
    expect(status).toBe(200);
    expect(html).toContain("설 연휴 배송 안내");
    expect((await page(BEAUTY, "/shop/notice-list?page=2")).html).toContain("이번 주 입고 소식 1호");
  });

  it("unknown routes and /error/404 answer 'page not found' with 404", async () => {
    for (const path of ["/no/such/page", "/error/404"]) {
      const { status, html } = await page(BEAUTY, path);
      expect(status, path).toBe(404);
      expect(html).toContain(koErrors.pageNotFound);
      expect(html).toContain("뷰티 라운지"); // still inside the shop's frame
    }
  });

  it("a product that does not exist here says so, in the shop's frame (404)", async () => {
    for (const path of ["/shop/view/nope", "/shop/view/s0001" /* another shop's */]) {
      const { status, html } = await page(BEAUTY, path);
      expect(status, path).toBe(404);
      expect(html).toContain(koErrors.noProduct);
      expect(html).not.toContain("잠시 후 다시 시도해 주세요");
      expect(html).toContain('data-testid="drawer"');
    }
  });

  it("the footer is hidden on the login-type pages only", async () => {
    const home = await page(STUDIO_CUSTOM, "/");
    expect(home.html).toContain('data-testid="footer"');
    expect(home.html).toContain("주식회사 모노스튜디오");
    expect(home.html).toContain("kcp_pop.jsp?site_cd=T0000");
    expect(home.html).toContain("bizCommPop.do?wrkr_no=4567890121");
  });

  it("the header: logo linking to the custom domain, at least 120px with social links", async () => {
    const { html } = await page(STUDIO_CUSTOM, "/shop/list?category=0");
    // Through the home's device handoff (decision 116), which on the home itself just redirects.
    expect(html).toContain('href="http://shop.example.test/api/device/handoff?url=%2F"');
    expect(html).toContain('src="/files/shops/studio/logo.svg"');
    expect(html.match(/<html[^>]*>/)![0]).toMatch(/120px/);
    const beauty = await page(BEAUTY, "/");
    expect(beauty.html.match(/<html[^>]*>/)![0]).toMatch(/56px/);
  });

  it("drawer rows for external links appear only when set", async () => {
    const studio = await page(STUDIO_CUSTOM, "/");
    for (const label of ["유튜브", "인스타그램", "네이버 블로그", "메일 문의", koDrawer.kakaoChannel]) {
      expect(studio.html, label).toContain(label);
    }
    const bistro = await page(BISTRO, "/");
    for (const label of ["유튜브", "인스타그램", koDrawer.kakaoChannel])
      expect(bistro.html, label).not.toContain(label);
  });

  it("Internet Explorer gets the desktop Chrome banner, others do not", async () => {
    const ie = await page(BEAUTY, "/", {
      headers: { "user-agent": "Mozilla/5.0 (compatible; MSIE 10.0; Windows NT 6.1)" },
    });
    expect(ie.html).toContain('data-testid="ie-banner"');
    const chrome = await page(BEAUTY, "/", {
      headers: { "user-agent": "Mozilla/5.0 Chrome/130.0 Mobile Safari/537.36" },
    });
    expect(chrome.html).not.toContain('data-testid="ie-banner"');
  });
});
