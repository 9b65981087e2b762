import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { linkpageLinks } from "~/shared/forms/shop-settings";
import { koShopSettings } from "~/shared/messages/shop-settings";
import { policyPage } from "~/lib/membership-text.server";
import { sharePage } from "~/lib/shared-page.server";

/**
 * /link?type=privacy | terms: the shop's privacy policy and terms (footer, sign-up, shop
 * membership). The text is put together on the server: it is content, and no script needs it.
 * /link alone is the shop's link page (its `linkpage` lines, decision 107), or 404 without one.
 */

export async function loader({ request, context }: LoaderFunctionArgs) {
  const type = new URL(request.url).searchParams.get("type");
  if (type === null) {
    const links = linkpageLinks(context.shop.linkpage);
    if (links.length === 0) throw new Response(null, { status: 404 });
    sharePage(context);
    return { kind: "links" as const, title: `${context.shop.name} ${koShopSettings.linkTitle}`, links };
  }
  if (type !== "privacy" && type !== "terms") throw new Response(null, { status: 404 });
  sharePage(context);
  return { kind: "policy" as const, ...(await policyPage(type, context.shop)) };
}
