import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { BEAUTY, get, STUDIO_CUSTOM } from "../helpers/request";
import { koCommon } from "~/shared/messages/shop/common";

/** Issue 14 (in part): every page's metadata: title, description, canonical, cards, JSON-LD. */

async function head(host: string, path: string) {
  const html = await (await get(host, path)).text();
  const part = html.slice(0, html.indexOf("</head>"));
  const meta = (key: string) =>
    new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(part)?.[1]?.replace(/&amp;/g, "&") ?? null;
  return {
    title: /<title>([^<]*)<\/title>/.exec(part)?.[1] ?? null,
    canonical: /<link rel="canonical" href="([^"]+)"/.exec(part)?.[1]?.replace(/&amp;/g, "&") ?? null,
    meta,
    jsonLd: [...part.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
      (m) => JSON.parse(m[1]!) as Record<string, unknown>,
    ),
    html: part,
  };
}

describe("metadata on every page", () => {
  it("gives home, lists, notices, search and the cart a title, description, canonical address and cards", async () => {
    const pages: [string, string][] = [
      ["/", "뷰티 라운지"],
      ["/shop/list?category=39&sort=popular&page=1", "스킨/토너 | 뷰티 라운지"],
      ["/shop/notice-list", "공지사항 | 뷰티 라운지"],
      ["/user/checkout", "장바구니 | 뷰티 라운지"],
      ["/link?type=privacy", ""],
    ];
    for (const [path, title] of pages) {
      const h = await head(BEAUTY, path);
      if (title) expect(h.title, path).toBe(title);
      expect(h.meta("description"), path).toBeTruthy();
      expect(h.meta("og:title"), path).toBeTruthy();
      expect(h.meta("og:url"), path).toBe(h.canonical);
      expect(h.meta("og:locale"), path).toBe("ko_KR");
      expect(h.meta("twitter:card"), path).toBe("summary");
      expect(h.canonical, path).toMatch(/^http:\/\/beauty\.localhost\//);
    }
    // The list's canonical keeps what makes the page (category) and drops views of it (sort, page 1).
    expect((await head(BEAUTY, "/shop/list?category=39&sort=popular&page=1")).canonical).toBe(
      "http://beauty.localhost/shop/list?category=39",
    );
    expect((await head(BEAUTY, "/user/checkout")).meta("robots")).toBe("noindex");
    expect((await head(BEAUTY, "/")).meta("robots")).toBeNull();
  });

  it("puts the canonical address on the custom domain, from the sub-domain too", async () => {
    for (const host of ["studio.localhost", STUDIO_CUSTOM]) {
      const h = await head(host, "/shop/view/s0001");
      expect(h.canonical).toBe(`http://${STUDIO_CUSTOM}/shop/view/s0001`);
      expect(h.meta("og:image")).toBe(`http://${STUDIO_CUSTOM}/files/share/300/ffffff/shops/studio/p/s0001.svg.jpg`);
    }
  });

  it("describes a product with Product/Offer and BreadcrumbList JSON-LD, escaped", async () => {
    const h = await head(BEAUTY, "/shop/view/b0002");
    expect(h.title).toBe("녹차 수분 스킨 200ml | 뷰티 라운지");
    expect(h.meta("og:type")).toBe("product");
    const [product, crumbs] = h.jsonLd;
    expect(product).toMatchObject({
      "@type": "Product",
      name: "녹차 수분 스킨 200ml",
      sku: "b0002",
      offers: { "@type": "Offer", price: 15000, priceCurrency: "KRW", availability: "https://schema.org/InStock" },
    });
    expect(crumbs).toMatchObject({ "@type": "BreadcrumbList" });
    const names = (crumbs!.itemListElement as { name: string; position: number }[]).map((i) => i.name);
    expect(names).toEqual(["뷰티 라운지", "스킨케어", "스킨/토너", "녹차 수분 스킨 200ml"]);

    // Sold out says so; a title that tries to close the script stays inside it.
    await env.DB.prepare("UPDATE products SET title = '</script><script>alert(1)</script>' WHERE sid = 'b0007'").run();
    const tricky = await head(BEAUTY, "/shop/view/b0007");
    expect(tricky.html).not.toContain("<script>alert(1)");
    expect(tricky.jsonLd[0]).toMatchObject({ name: "</script><script>alert(1)</script>" });
  });

  it("uses the default name 'my shop' (내 상점) for a shop that has none", async () => {
    await env.DB.prepare("UPDATE shops SET name = '내 상점' WHERE id = 2").run();
    const h = await head("picks.localhost", "/");
    expect(h.title).toBe(koCommon.defaultShopName);
  });
});
