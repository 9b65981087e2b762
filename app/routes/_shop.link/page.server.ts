import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { policyPage } from "~/lib/membership-text.server";
import { sharePage } from "~/lib/shared-page.server";

/**
 * /link?type=privacy | terms: the shop's privacy policy and terms (footer, sign-up, shop
 * membership). The text is put together on the server: it is content, and no script needs it.
 */

export async function loader({ request, context }: LoaderFunctionArgs) {
  const type = new URL(request.url).searchParams.get("type");
  if (type !== "privacy" && type !== "terms") throw new Response(null, { status: 404 });
  sharePage(context);
  return policyPage(type, context.shop);
}
