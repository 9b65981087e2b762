import type { MetaDescriptor } from "@remix-run/cloudflare";
import { DEFAULT_MAIN_COLOR } from "~/shared/theme-defaults";
import { koCommon } from "~/shared/messages/shop/common";
import { koSeo } from "~/shared/messages/shop/seo";
import { SHARE_SIZE, shareKey } from "~/shared/share-image";
import { rootMatchData } from "./root-data";

/**
 * Every page's metadata in one place (issue 14): title, description, canonical address on the
 * shop's canonical origin (its custom domain when it has one), Open Graph and Twitter cards, and
 * JSON-LD where a page has structured data. A route's meta replaces its parents' in Remix, so each
 * route that has its own builds the whole set here; the root's covers the rest.
 */

/** Query parameters that make another page (the rest are views of the same page). */
const PAGE_PARAMS = ["category", "page", "id", "sid"];
/** Search engines cut descriptions around here. */
const DESCRIPTION_CHARS = 150;

export type PageSeo = {
  /** The page's own title; the shop's name follows it. None: the shop's name alone (home). */
  title?: string;
  description?: string | null;
  /** A stored file's key (product picture) or an absolute address. */
  image?: string | null;
  type?: "website" | "product" | "article";
  /** Personal and form pages: not for search engines. */
  noindex?: boolean;
  jsonLd?: Record<string, unknown>[];
};

type MetaArgs = { matches: readonly { id: string; data: unknown }[]; location: { pathname: string; search: string } };

const clip = (text: string) => {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > DESCRIPTION_CHARS ? `${flat.slice(0, DESCRIPTION_CHARS - 1)}…` : flat;
};

/** The page's canonical address: the shop's canonical origin, the path, the parameters that make the page. */
export function canonicalUrl(origin: string, location: { pathname: string; search: string }): string {
  const params = new URLSearchParams(location.search);
  const kept = new URLSearchParams();
  for (const name of PAGE_PARAMS) {
    const value = params.get(name);
    if (value !== null && !(name === "page" && value === "1")) kept.set(name, value);
  }
  const query = kept.toString();
  return `${origin}${location.pathname}${query ? `?${query}` : ""}`;
}

export function shopMeta({ matches, location }: MetaArgs, seo: PageSeo = {}): MetaDescriptor[] {
  const root = rootMatchData(matches);
  const shop = root?.shop;
  const shopName = shop?.name || koCommon.defaultShopName;
  const origin = shop?.url ?? "";
  const title = seo.title ? `${seo.title} | ${shopName}` : shopName;
  const description = clip(seo.description || shop?.profile || shop?.notice || koSeo.defaultDescription(shopName));
  const url = canonicalUrl(origin, location);
  const logo = seo.image ? null : shop?.use_logo && shop.logo ? shop.logo : null;
  const picture = seo.image ?? logo;
  const storage = root?.storageUrl ?? "/files/";
  // Pictures in this Worker's own storage are shared as their 300×300 copy (decision 072), a logo
  // on the shop's colour; another storage's pictures are linked as they are.
  const own = storage === "/files/" && picture !== null && !/^https?:\/\//.test(picture);
  const image = picture
    ? /^https?:\/\//.test(picture)
      ? picture
      : own
        ? `${origin}/files/${shareKey(picture, logo ? shop?.mcolor || "ffffff" : "ffffff")}`
        : `${/^https?:\/\//.test(storage) ? "" : origin}${storage}${picture}`
    : null;
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: description },
    { name: "theme-color", content: shop?.themeColor || shop?.mcolor || DEFAULT_MAIN_COLOR },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: shopName },
    { property: "og:title", content: seo.title ?? shopName },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:type", content: seo.type ?? "website" },
    { property: "og:locale", content: "ko_KR" },
    { name: "twitter:card", content: "summary" },
    { name: "twitter:title", content: seo.title ?? shopName },
    { name: "twitter:description", content: description },
  ];
  if (image) {
    tags.push({ property: "og:image", content: image });
    if (own) {
      tags.push(
        { property: "og:image:width", content: String(SHARE_SIZE) },
        { property: "og:image:height", content: String(SHARE_SIZE) },
      );
    }
    tags.push({ name: "twitter:image", content: image });
  }
  if (seo.noindex) tags.push({ name: "robots", content: "noindex" });
  for (const data of seo.jsonLd ?? []) tags.push({ "script:ld+json": data });
  return tags;
}
