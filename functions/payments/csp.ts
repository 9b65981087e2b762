import type { Config } from "../env";

/**
 * The pages that open Toss's payment window: the order sheet, on either side of the purchase flow
 * (reached by a document of its own: the cart and 바로구매 answer with redirectDocument).
 */
const WINDOW_PAGES = new Set(["/user/order", "/myorder/order"]);

/**
 * A table's pages (smart order). Its order check opens the window when the restaurant takes payment
 * first (decision 105), and a diner reaches it from the menu by a move inside the page, which keeps
 * the policy of the document the table was opened with: every page of the table allows the window,
 * so it opens on the first tap however the diner got there (issue 52, decision 165).
 */
const TABLE_PAGES = /^\/smartorder(?:\/|$)/;

/**
 * What the Content-Security-Policy of a page that opens Toss's window allows besides the page's
 * own (issue 35): the SDK's script, and the window's frames and calls (Toss's domains in
 * production, the stand-in's origin locally). Other pages allow none of it.
 */
export function paymentWindowCsp(
  pathname: string,
  config: Pick<Config, "TOSS_SDK_URL" | "TOSS_API_BASE">,
): { script: string[]; frame: string[]; connect: string[] } | null {
  if (!WINDOW_PAGES.has(pathname) && !TABLE_PAGES.test(pathname)) return null;
  const sdk = new URL(config.TOSS_SDK_URL);
  // Toss's window runs on several of its own sub-domains (payment, card company and wallet steps).
  const toss = sdk.hostname === "tosspayments.com" || sdk.hostname.endsWith(".tosspayments.com");
  const others = toss ? ["https://*.tosspayments.com"] : [sdk.origin, new URL(config.TOSS_API_BASE).origin];
  return { script: [sdk.origin], frame: others, connect: others };
}
