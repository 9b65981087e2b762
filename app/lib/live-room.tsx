import { lazy, Suspense, useSyncExternalStore } from "react";
import type { LiveRoomName } from "./live.client";

// The socket's hook comes only to a page with a room (a member's, a guest's order pages): a
// guest browsing the shop never pays its bytes. Offline, or an old build's chunk after a deploy,
// the page goes on without live updates rather than into the error page.
const Live = lazy(() =>
  import("./use-live").then(
    ({ useLive }) => ({
      default: function Live({ room }: { room: LiveRoomName }) {
        useLive(room);
        return null;
      },
    }),
    () => ({ default: () => null }),
  ),
);

/** The shop frame's live room, once the page has hydrated (useLive opens no socket before then anyway). */
export function LiveRoom({ room }: { room: LiveRoomName | null }) {
  const browser = useSyncExternalStore(noChange, inBrowser, onServer);
  return room && browser ? (
    <Suspense fallback={null}>
      <Live room={room} />
    </Suspense>
  ) : null;
}

const noChange = () => () => {};
const inBrowser = () => true;
// Also what React reads while hydrating: then it renders again with `inBrowser`, this component alone.
const onServer = () => false;
