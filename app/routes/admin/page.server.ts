import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireShopOwner } from "~/lib/admin.server";

/** The shop owner's console on the shop's own host: its owner or a platform admin, nobody else. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  requireShopOwner(request, context);
  return { shopName: context.shop.name, restaurant: context.shop.shop_type === "restaurant" };
}
