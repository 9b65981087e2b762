import type { AppLoadContext } from "@remix-run/cloudflare";
import { requireShopOwner } from "~/lib/admin.server";

/** 정산 (decision 178): the shop's platform sales, fees, refunds and payouts, for its owner only. */
export async function loadSettlement(request: Request, context: AppLoadContext) {
  requireShopOwner(request, context);
  return context.api.call("adminSettlement");
}
