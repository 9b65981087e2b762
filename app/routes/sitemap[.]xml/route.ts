import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import type { Result } from "~/shared/contracts";

/** At most this many addresses in one sitemap file (the protocol's limit). */
const MAX_URLS = 50_000;

const escapeXml = (s: string) =>
  s.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!);

/**
 * /sitemap.xml, per host: the shop's home, lists, categories, notices and products on its
 * canonical address. Streamed: products are read a page at a time while the file goes out, so a
 * big catalogue never sits in memory.
 */
export function loader({ context }: LoaderFunctionArgs) {
  const { shop, api } = context;
  const base = shop.url;
  const encoder = new TextEncoder();
  const url = (path: string, lastmod?: number) =>
    `<url><loc>${escapeXml(base + path)}</loc>${lastmod ? `<lastmod>${new Date(lastmod).toISOString().slice(0, 10)}</lastmod>` : ""}</url>\n`;
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      const write = (text: string) => controller.enqueue(encoder.encode(text));
      try {
        write('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n');
        write(url("/"));
        write(url("/shop/list?category=0"));
        let written = 2;
        let after: number | null = 0;
        while (after !== null && written < MAX_URLS) {
          const page: Result<"sitemapEntries"> = await api.call("sitemapEntries", {
            query: { shopid: shop.shopid, after },
          });
          if (after === 0) {
            for (const id of page.categories) write(url(`/shop/list?category=${id}`));
            if (page.notices > 0) write(url("/shop/notice-list"));
            written += page.categories.length + 1;
          }
          for (const p of page.products.slice(0, MAX_URLS - written)) {
            // created_at is seconds (unixepoch()).
            write(url(`/shop/view/${encodeURIComponent(p.sid)}`, p.created_at * 1000));
          }
          written += page.products.length;
          after = page.next;
        }
        write("</urlset>\n");
        controller.close();
      } catch (error) {
        controller.error(error);
      }
    },
  });
  return new Response(body, {
    headers: { "content-type": "application/xml; charset=utf-8", "cache-control": "public, max-age=3600" },
  });
}
