import type { AppLoadContext } from "@remix-run/cloudflare";

/**
 * Says that this page is the same for every visitor without a session, cart or device, so the
 * Worker may keep it at the edge (decision 077). Only a page's own (leaf) loader calls it, after
 * everything the page needs has loaded. `viewed`: a product page's product, whose view the Worker
 * records for each visitor it gives the page to, since the loader runs only for the first.
 */
export function sharePage(context: AppLoadContext, viewed: number | null = null): void {
  if (!context.shared) return;
  context.shared.keep = true;
  context.shared.viewed = viewed;
}
