import { Link, type LinkProps } from "@remix-run/react";

type NetworkInformation = { saveData?: boolean; effectiveType?: string };

/** Prefetching costs bytes: skip it for shoppers on 2g or with data saver on (spec §9). */
export function prefetchAllowed(connection: NetworkInformation | undefined): boolean {
  if (!connection) return true;
  return !connection.saveData && !/(^|-)2g$/.test(connection.effectiveType ?? "");
}

/**
 * Read at render, not after it: whether Remix prefetches on intent changes only its event
 * handlers, never the markup (hence only "intent" or "none" here), so the browser's first render
 * may differ from the server's (which never prefetches) without a mismatch, and no link renders a
 * second time after hydration.
 */
const connection = () =>
  typeof navigator === "undefined"
    ? undefined
    : (navigator as Navigator & { connection?: NetworkInformation }).connection;

export function SmartLink({
  prefetch = "intent",
  ...props
}: Omit<LinkProps, "prefetch"> & { prefetch?: "intent" | "none" }) {
  return <Link {...props} prefetch={prefetchAllowed(connection()) ? prefetch : "none"} />;
}
