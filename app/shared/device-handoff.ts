/**
 * A guest's device carried between a shop's sub-domain and its custom domain (decision 116).
 * Links that leave one of a shop's hosts for the other go through the receiving host's
 * handoff door, which fetches the device from the sending host with a one-minute ticket.
 */

/** On the receiving host: starts the handoff, and later redeems the ticket. */
export const HANDOFF_PATH = "/api/device/handoff";
/** On the sending host: mints the ticket for the device in its cookie. */
export const HANDOFF_TICKET_PATH = "/api/device/handoff/ticket";

/**
 * The address of `path` on the shop's home (`shop.url`). With a custom domain the home may be the
 * other host than the page's, so the link asks the home to fetch the device first; on the home
 * itself that door answers with a plain redirect (same-origin navigation).
 */
export function shopHomeHref(shop: { url: string; dom3: string | null }, path = "/"): string {
  if (!shop.dom3) return `${shop.url}${path}`;
  return `${shop.url}${HANDOFF_PATH}?${new URLSearchParams({ url: path })}`;
}
