import { env } from "cloudflare:test";
import type { Shopper } from "./shopper";

/**
 * An adult-only or verified-only line in a guest's cart, as one put there while their
 * verification held and still there after it lapsed: add to cart itself refuses them to the
 * unverified (decision 114). The shopper must already have a device id (a first add).
 */
export async function putInCartUnverified(shopper: Shopper, line: { pid2: number; pid3: number; qty?: number }) {
  if (!shopper.device) throw new Error("the shopper has no device id yet");
  const shop = await env.DB.prepare("SELECT id FROM shops WHERE dom = ?")
    .bind(shopper.host.split(".")[0])
    .first<{ id: number }>();
  await env.DB.prepare(
    "INSERT INTO cart_lines (shop_id, owner, product_id, option_id, qty, sort) VALUES (?, ?, ?, ?, ?, ?)",
  )
    .bind(shop!.id, `d:${shopper.device}`, line.pid2, line.pid3, line.qty ?? 1, Date.now())
    .run();
}
