import { useLocation } from "@remix-run/react";
import { useEffect, useLayoutEffect } from "react";
import type { CommerceEvent } from "~/shared/tracking";

/**
 * Pages report commerce events here; the tags' code (tracking.client.ts, loaded only after
 * consent) picks them up. Until it has loaded the events wait in a short queue on `window`, the
 * way tag managers' data layers work, so a page never waits for a tag and never imports one.
 */
export type QueuedEvent = CommerceEvent & { path: string };
type Sink = { push(event: QueuedEvent): void };

declare global {
  interface Window {
    __shopTrack?: QueuedEvent[] | Sink;
  }
}

/** Events kept for a tag that is not there yet: the current page's, a few pages back at most. */
const QUEUE_LIMIT = 30;

export function track(event: CommerceEvent): void {
  if (typeof window === "undefined") return;
  const sink = (window.__shopTrack ??= []);
  sink.push({ ...event, path: window.location.pathname });
  if (Array.isArray(sink) && sink.length > QUEUE_LIMIT) sink.splice(0, sink.length - QUEUE_LIMIT);
}

const useBrowserLayoutEffect = typeof window === "undefined" ? useEffect : useLayoutEffect;

/**
 * page_view on every page of a shop with tags, client-side navigations included. In the root, not
 * in the tags' island (decision 073): a layout effect, so it is queued before the page's own events
 * (view_item…), whose passive effects run after it.
 */
export function usePageView(on: boolean): void {
  const { pathname, search } = useLocation();
  useBrowserLayoutEffect(() => {
    if (on) track({ name: "page_view" });
  }, [on, pathname, search]);
}
