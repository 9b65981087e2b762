import type { Config } from "../env";

/**
 * What the Content-Security-Policy of the page that opens PortOne's identity window allows besides
 * the page's own: its SDK script and the calls and frames of its window (PortOne's domains in
 * production, the stand-in's origin locally). The page says it opens it (`IDENTITY_WINDOW_PAGE`,
 * issue 53 item 2); no other page loads it.
 */
export function identityWindowCsp(config: Pick<Config, "PORTONE_SDK_URL">): {
  script: string[];
  frame: string[];
  connect: string[];
} {
  const sdk = new URL(config.PORTONE_SDK_URL);
  const portone = sdk.hostname === "portone.io" || sdk.hostname.endsWith(".portone.io");
  const others = portone ? ["https://*.portone.io"] : [sdk.origin];
  return { script: [sdk.origin], frame: others, connect: others };
}
