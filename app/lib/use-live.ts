import { useRevalidator } from "@remix-run/react";
import { useEffect, useRef } from "react";
import type { LiveEvent, LiveRoomName } from "./live.client";

/**
 * Keeps the page live: after hydration it opens the event socket (live.client.ts) and, on an
 * event or a reconnect, reloads the page's data once (a burst of events is one reload). The
 * connected flag is `data-live` on <html> ("on"/"off"), for the UI and for tests.
 */
export function useLive(room: LiveRoomName | null, accept: (event: LiveEvent) => boolean = () => true) {
  const revalidator = useRevalidator();
  const latest = useRef({ revalidator, accept });
  latest.current = { revalidator, accept };
  useEffect(() => {
    if (!room) return;
    let pending: number | undefined;
    let close: (() => void) | undefined;
    let gone = false;
    void import("./live.client").then(({ openLive }) => {
      if (gone) return;
      close = openLive(
        room,
        (event) => {
          if (!latest.current.accept(event)) return;
          window.clearTimeout(pending);
          pending = window.setTimeout(() => {
            // A navigation that overtakes the reload aborts it: the new page loads its own data.
            Promise.resolve(latest.current.revalidator.revalidate() as unknown).catch((error: unknown) => {
              if ((error as { name?: string } | null)?.name !== "AbortError") console.error(error);
            });
          }, 100);
        },
        (connected) => {
          document.documentElement.dataset.live = connected ? "on" : "off";
        },
      );
    });
    return () => {
      gone = true;
      window.clearTimeout(pending);
      close?.();
      delete document.documentElement.dataset.live;
    };
  }, [room]);
}
