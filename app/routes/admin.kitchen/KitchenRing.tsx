import { useCallback, useEffect, useRef, useState } from "react";
import * as css from "~/components/admin/admin.css";
import * as cartCss from "~/components/cart/cart.css";
import { useHydrated } from "~/lib/hydrated";
import { koTableLive } from "~/shared/messages/smart-live";
import { audioContext, keepMuted, readMuted, ring } from "./ring";

const t = koTableLive.ring;

/**
 * The kitchen board's ring (issue 40, decision 132): each order that appears on the board after it
 * was first shown rings once, unless muted. The board hears new orders through the console's one
 * socket (the inbox room), whose events reload its data; this only compares the orders before and
 * after. `data-rang` counts the rings played, for tests and for a look in the inspector.
 */
export function KitchenRing({ orderIds }: { orderIds: number[] }) {
  const hydrated = useHydrated();
  const [muted, setMuted] = useState(false);
  const [armed, setArmed] = useState(false);
  const [rang, setRang] = useState(0);
  const audio = useRef<AudioContext | null>(null);
  const seen = useRef<Set<number> | null>(null);
  const latest = useRef({ muted, armed });
  latest.current = { muted, armed };

  useEffect(() => setMuted(readMuted()), []);

  // Browsers let a page play sound only after a tap or a key: the first one anywhere on the page
  // makes the audio context (the 소리 켜기 button is there to invite it). A finished click, not a
  // pointerdown: the button goes away when armed, and the board moving up between a press and its
  // release would send the release elsewhere (a 조리 시작 tap that does nothing).
  const arm = useCallback(() => {
    if (audio.current) return;
    audio.current = audioContext();
    setArmed(true);
  }, []);
  useEffect(() => {
    window.addEventListener("click", arm, { once: true });
    window.addEventListener("keydown", arm, { once: true });
    return () => {
      window.removeEventListener("click", arm);
      window.removeEventListener("keydown", arm);
    };
  }, [arm]);
  useEffect(() => () => void audio.current?.close().catch(() => undefined), []);

  const key = orderIds.join(",");
  useEffect(() => {
    const ids = key ? key.split(",").map(Number) : [];
    if (seen.current === null) {
      // What the board showed when it opened is not new.
      seen.current = new Set(ids);
      return;
    }
    const known = seen.current;
    const fresh = ids.filter((id) => !known.has(id));
    for (const id of fresh) known.add(id);
    if (fresh.length === 0 || latest.current.muted || !latest.current.armed) return;
    ring(audio.current, fresh.length);
    setRang((n) => n + fresh.length);
  }, [key]);

  // Without scripts nothing can ring: no switch to show.
  if (!hydrated) return null;
  return (
    <div className={css.buttons} data-testid="kitchen-ring" data-rang={rang} data-armed={armed ? "1" : "0"}>
      {!armed && !muted ? (
        <button type="button" className={css.bigButton} onClick={arm} aria-describedby="kitchen-ring-help">
          {t.enable}
        </button>
      ) : null}
      <label className={cartCss.checkRow}>
        <input
          type="checkbox"
          checked={muted}
          onChange={(e) => {
            setMuted(e.currentTarget.checked);
            keepMuted(e.currentTarget.checked);
          }}
        />
        <span>{t.mute}</span>
      </label>
      <p id="kitchen-ring-help" className={cartCss.mutedFlush}>
        {muted ? t.off : armed ? t.on : t.enableHelp}
      </p>
    </div>
  );
}
