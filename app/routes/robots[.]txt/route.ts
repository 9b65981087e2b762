import type { LoaderFunctionArgs } from "@remix-run/cloudflare";

/** Paths that are a shopper's own or a form's, never a page to list. */
const PRIVATE = [
  "/admin",
  "/api/",
  "/myshp/",
  "/myshop",
  "/myorder",
  "/message",
  "/user/",
  "/exmy/",
  "/smartorder",
  "/shop/search",
];

/**
 * /robots.txt, per host: this shop's rules and its own sitemap, on its canonical address (its
 * custom domain when it has one), never another shop's.
 */
export function loader({ context }: LoaderFunctionArgs) {
  const lines = [
    "User-agent: *",
    ...PRIVATE.map((p) => `Disallow: ${p}`),
    "Allow: /",
    "",
    `Sitemap: ${context.shop.url}/sitemap.xml`,
    "",
  ];
  return new Response(lines.join("\n"), {
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "public, max-age=3600" },
  });
}
