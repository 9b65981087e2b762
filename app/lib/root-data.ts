import { useRouteLoaderData } from "@remix-run/react";
import type { loader } from "~/root";

/**
 * The root route's data (the shop, its theme, the session), read by every page through these
 * typed helpers rather than by importing the root route module or by casting `matches`.
 */
export type RootData = Awaited<ReturnType<typeof loader>>;

export function useRootData(): RootData {
  const data = useRouteLoaderData<typeof loader>("root");
  if (!data) throw new Error("root data is missing");
  return data;
}

/** The root's data inside a meta function, where hooks cannot run. */
export function rootMatchData(matches: readonly { id: string; data: unknown }[]): RootData | undefined {
  return matches.find((m) => m.id === "root")?.data as RootData | undefined;
}
