import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import type { Result } from "~/shared/contracts";
import { SITEMAP_FILE_PRODUCTS } from "~/shared/limits";
import { sharePage } from "~/lib/shared-page.server";

/** At most this many addresses in one sitemap file (the protocol's limit). */
const MAX_URLS = 50_000;

const escapeXml = (s: string) =>
  s.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!);

const XML_HEADERS = { "content-type": "application/xml; charset=utf-8", "cache-control": "public, max-age=3600" };

/**
 * /sitemap.xml, per host: the shop's home, lists, categories, notices and products on its
 * canonical address. Streamed: products are read a page at a time while the file goes out, so a
 * big catalogue never sits in memory. A shop with more products than one file holds (the protocol
 * allows 50,000 addresses) gets a sitemap index instead, naming `/sitemap.xml?after={id}` files of
 * SITEMAP_FILE_PRODUCTS products each, found by id (a keyset: every file costs the same).
 * The same for every visitor: kept at the edge like a page (decision 077, keyed by the shop's
 * content version), so a crawler's next fetch of a file is not drawn again.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { shop, api } = context;
  const base = shop.url;
  const param = new URL(request.url).searchParams.get("after");
  if (param !== null && !/^\d{1,15}$/.test(param)) throw new Response(null, { status: 404 });
  const part = param === null ? null : Number(param);
  const first: Result<"sitemapEntries"> = await api.call("sitemapEntries", {
    query: { shopid: shop.shopid, after: part ?? 0 },
  });
  sharePage(context);
  if (part === null && first.parts.length > 0) {
    const files = [0, ...first.parts].map(
      (after) => `<sitemap><loc>${escapeXml(`${base}/sitemap.xml?after=${after}`)}</loc></sitemap>\n`,
    );
    const index = `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${files.join("")}</sitemapindex>\n`;
    return new Response(index, { headers: XML_HEADERS });
  }
  // One file: everything (no `after`), or one file of the index (from `after`, at most one file's products).
  const limit = part === null ? MAX_URLS : SITEMAP_FILE_PRODUCTS;
  const encoder = new TextEncoder();
  const url = (path: string, lastmod?: number) =>
    `<url><loc>${escapeXml(base + path)}</loc>${lastmod ? `<lastmod>${new Date(lastmod).toISOString().slice(0, 10)}</lastmod>` : ""}</url>\n`;
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      const write = (text: string) => controller.enqueue(encoder.encode(text));
      try {
        write('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n');
        let written = 0;
        let products = 0;
        if (!part) {
          // The first file (or the only one) also lists the pages that are no product.
          write(url("/"));
          write(url("/shop/list?category=0"));
          for (const id of first.categories) write(url(`/shop/list?category=${id}`));
          if (first.notices > 0) write(url("/shop/notice-list"));
          written = 2 + first.categories.length + (first.notices > 0 ? 1 : 0);
        }
        let page: Result<"sitemapEntries"> | null = first;
        while (page) {
          const room = Math.min(MAX_URLS - written, limit - products);
          for (const p of page.products.slice(0, room)) {
            // created_at is seconds (unixepoch()).
            write(url(`/shop/view/${encodeURIComponent(p.sid)}`, p.created_at * 1000));
          }
          written += Math.min(room, page.products.length);
          products += Math.min(room, page.products.length);
          page =
            page.next !== null && written < MAX_URLS && products < limit
              ? await api.call("sitemapEntries", { query: { shopid: shop.shopid, after: page.next } })
              : null;
        }
        write("</urlset>\n");
        controller.close();
      } catch (error) {
        controller.error(error);
      }
    },
  });
  return new Response(body, { headers: XML_HEADERS });
}
