/**
 * An address on the platform's own host (decision 108): https in production; locally http and the
 * request's port, as shop addresses are built (functions/host.ts shopOrigin).
 */
export function platformUrl(platformDomain: string, requestUrl: URL, path: string): string {
  const local = platformDomain === "localhost" || platformDomain.endsWith(".localhost");
  const port = local && requestUrl.port ? `:${requestUrl.port}` : "";
  return `${local ? "http:" : "https:"}//${platformDomain}${port}${path}`;
}
