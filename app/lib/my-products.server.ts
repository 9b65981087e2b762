import type { AppLoadContext } from "@remix-run/cloudflare";
import type { ProductCard } from "~/shared/contracts";
import { mayOwnAnything } from "./cart.server";

/** Which of `items` the shopper (member or device) likes, for the cards' ♡; none without either. */
export async function likedOf(context: AppLoadContext, request: Request, items: readonly ProductCard[]) {
  const hasOwner = mayOwnAnything(request, context);
  if (!hasOwner || items.length === 0) return [];
  const { ids } = await context.api
    .call("likedProducts", { query: { pids: items.map((p) => p.id).join(",") } })
    .catch(() => ({ ids: [] as number[] }));
  return ids;
}
