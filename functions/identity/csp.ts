import type { Config } from "../env";

/** The page that opens PortOne's identity verification window (decision 114). */
export const IDENTITY_WINDOW_PAGE = "/identity/start";

/**
 * What the Content-Security-Policy of /identity/start allows besides the page's own: PortOne's
 * SDK script and the calls and frames of its window (PortOne's domains in production, the
 * stand-in's origin locally). No other page loads it.
 */
export function identityWindowCsp(
  pathname: string,
  config: Pick<Config, "PORTONE_SDK_URL">,
): { script: string[]; frame: string[]; connect: string[] } | null {
  if (pathname !== IDENTITY_WINDOW_PAGE) return null;
  const sdk = new URL(config.PORTONE_SDK_URL);
  const portone = sdk.hostname === "portone.io" || sdk.hostname.endsWith(".portone.io");
  const others = portone ? ["https://*.portone.io"] : [sdk.origin];
  return { script: [sdk.origin], frame: others, connect: others };
}
