import type { Config } from "../env";

/**
 * What the Content-Security-Policy of a page that opens Toss's window allows besides the page's
 * own (issue 35): the SDK's script, and the window's frames and calls (Toss's domains in
 * production, the stand-in's origin locally). Which pages open it, each page says itself
 * (`TOSS_WINDOW_PAGE`: the order sheet, every page of a table; issue 53 item 2, decision 165).
 */
export function paymentWindowCsp(config: Pick<Config, "TOSS_SDK_URL" | "TOSS_API_BASE">): {
  script: string[];
  frame: string[];
  connect: string[];
} {
  const sdk = new URL(config.TOSS_SDK_URL);
  // Toss's window runs on several of its own sub-domains (payment, card company and wallet steps).
  const toss = sdk.hostname === "tosspayments.com" || sdk.hostname.endsWith(".tosspayments.com");
  const others = toss ? ["https://*.tosspayments.com"] : [sdk.origin, new URL(config.TOSS_API_BASE).origin];
  return { script: [sdk.origin], frame: others, connect: others };
}
