import { Link, type LinkProps } from "@remix-run/react";
import { useEffect, useState } from "react";

type NetworkInformation = { saveData?: boolean; effectiveType?: string };

/** Prefetching costs bytes: skip it for shoppers on 2g or with data saver on (spec §9). */
export function prefetchAllowed(connection: NetworkInformation | undefined): boolean {
  if (!connection) return true;
  return !connection.saveData && !/(^|-)2g$/.test(connection.effectiveType ?? "");
}

export function SmartLink({ prefetch = "intent", ...props }: LinkProps) {
  const [allowed, setAllowed] = useState(false);
  useEffect(() => {
    setAllowed(prefetchAllowed((navigator as Navigator & { connection?: NetworkInformation }).connection));
  }, []);
  return <Link {...props} prefetch={allowed ? prefetch : "none"} />;
}
