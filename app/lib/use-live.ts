import { useNavigation, useRevalidator } from "@remix-run/react";
import { useEffect, useRef } from "react";
import type { LiveEvent, LiveRoomName } from "./live.client";

/**
 * Keeps the page live: after hydration it opens the event socket (live.client.ts) and, on an
 * event or a reconnect, reloads the page's data once (a burst of events is one reload). The
 * connected flag is `data-live` on <html> ("on"/"off"), for the UI and for tests.
 */
export function useLive(room: LiveRoomName | null, accept: (event: LiveEvent) => boolean = () => true) {
  const revalidator = useRevalidator();
  // A reload started while the router is loading would abort that load (its request wasted on a
  // weak network, and Remix logs the aborted response): it is owed instead, and made once the
  // router is idle, so the page still ends up with data newer than the event.
  const navigation = useNavigation();
  const busy = revalidator.state !== "idle" || navigation.state !== "idle";
  const latest = useRef({ revalidator, accept, busy });
  latest.current = { revalidator, accept, busy };
  const owed = useRef(false);
  useEffect(() => {
    if (busy || !owed.current) return;
    owed.current = false;
    latest.current.revalidator.revalidate();
  }, [busy]);
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
            if (latest.current.busy) owed.current = true;
            else latest.current.revalidator.revalidate();
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
