import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireMember } from "~/lib/auth.server";

/**
 * The account area's summary (spec §2 /myshop, §3 User summary): members only. Its counts are the
 * shop frame's (one D1 round trip beside the categories, decision 060): no call of its own.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const member = requireMember(request, context);
  // A member who runs a shop of their own finds the way to it here (spec's userinfo/myshop).
  const own = await context.api.call("userInfoMyShop").catch(() => null);
  return {
    name: member.name,
    profile: member.profile,
    ownShop: own?.shop ? { name: own.shop.name, url: own.shop.url } : null,
  };
}
