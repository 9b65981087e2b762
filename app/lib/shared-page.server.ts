import type { AppLoadContext } from "@remix-run/cloudflare";
import type { PersonalNotes } from "~/shared/personal";

/**
 * Says that this page is the same for every visitor without a session, cart or device, so the
 * Worker may keep it at the edge (decision 077). Only a page's own (leaf) loader calls it, after
 * everything the page needs has loaded. `viewed`: a product page's product, whose view the Worker
 * records for each visitor it gives the page to, since the loader runs only for the first.
 * `personal`: the page differs for a visitor with a session or device only in the marked parts and
 * these ♡, so the Worker gives it to them too, filled in (decision 122).
 */
export function sharePage(
  context: AppLoadContext,
  viewed: number | null = null,
  personal: PersonalNotes | null = null,
): void {
  if (!context.shared) return;
  context.shared.keep = true;
  context.shared.viewed = viewed;
  context.shared.personal = personal;
}
