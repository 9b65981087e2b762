import { useRouteLoaderData } from "@remix-run/react";
import type { rootData } from "./root.server";
import type { shopFrameData } from "./shop-frame.server";
import { personalised } from "./personal";
import { FRAME_ROUTE, ROOT_ROUTE } from "~/shared/personal";

/**
 * The root route's data (the shop, its theme, the session), read by every page through these
 * typed helpers rather than by importing the root route module or by casting `matches`.
 */
export type RootData = Awaited<ReturnType<typeof rootData>>;

export function useRootData(): RootData {
  const data = useOptionalRootData();
  if (!data) throw new Error("root data is missing");
  return data;
}

/** The root's data where it may be missing: the document shell and the error boundary. */
export function useOptionalRootData(): RootData | undefined {
  // The session on a page the Worker filled in for its visitor is theirs (decision 122).
  return personalised(ROOT_ROUTE, useRouteLoaderData<typeof rootData>("root"));
}

/** The shop frame's data (categories, cart badge, cart address), under any page inside a shop. */
export type ShopFrameData = Awaited<ReturnType<typeof shopFrameData>>;

export function useShopFrameData(): ShopFrameData | undefined {
  return personalised(FRAME_ROUTE, useRouteLoaderData<typeof shopFrameData>(FRAME_ROUTE));
}

/** The root's data inside a meta function, where hooks cannot run. */
export function rootMatchData(matches: readonly { id: string; data: unknown }[]): RootData | undefined {
  return matches.find((m) => m.id === "root")?.data as RootData | undefined;
}
