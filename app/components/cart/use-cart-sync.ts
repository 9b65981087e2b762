import { useBlocker, useRevalidator } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { intentValue } from "~/shared/cart-form";
import { useUi } from "../ui/UiProvider";
import { koCart } from "~/shared/messages/cart";
import type { CartDraft, FeeData } from "./use-cart-draft";

/**
 * Fees are rechecked 1 s after a quantity change (spec §9), at once after a check box. Every change
 * is saved as it happens (issue 40, decision 127: no Korean cart has a save step; this replaces
 * spec §2's save bar and its 3 s after a delete): 0.6 s after the last tap, so a run of taps on +
 * is one save.
 */
export const FEE_RECHECK_MS = 1000;
export const SAVE_AFTER_CHANGE_MS = 600;

/**
 * Saves and fee checks run with fetch, not router fetchers: a fetcher whose request fails on the
 * network hands the error to the route's error boundary, which would replace the cart (and the
 * shopper's unsaved changes) with an error page. Here a failure is just a failed save: the change
 * stays on screen, marked unsaved, and is saved again when the connection comes back.
 */
async function post(url: string, body: FormData, keepalive = false): Promise<boolean> {
  try {
    const res = await fetch(url, { method: "POST", body, keepalive, credentials: "same-origin" });
    if (res.status === 401) {
      // The session ended: log in again and come back, rather than saving for the device.
      const { login } = (await res.json()) as { login?: string };
      if (login) window.location.assign(login);
    }
    return res.ok;
  } catch {
    return false;
  }
}

/**
 * Keeps the server in step with the draft: fees rechecked after a change, every change saved as it
 * happens, again when a lost connection comes back, before ordering, and on leaving the view
 * (router navigations wait for it; closing or reloading the page sends a beacon nobody waits for).
 * `holdLeave` is true while an order is being placed, whose own post saves first.
 */
export function useCartSync(draft: CartDraft, apiBase: string, holdLeave: { current: boolean }) {
  const ui = useUi();
  const revalidator = useRevalidator();
  const [saving, setSaving] = useState(false);
  // The last save failed (offline): said quietly beside the order button until one succeeds.
  const [failed, setFailed] = useState(false);
  const timers = useRef<{ fee?: ReturnType<typeof setTimeout>; save?: ReturnType<typeof setTimeout> }>({});
  const { formData, snapshot, setModified, setFees, latest, modified } = draft;

  /** Saves what is on screen. True when the server has it; the bar goes only if nothing changed since. */
  const saveNow = useCallback(async (): Promise<boolean> => {
    clearTimeout(timers.current.save);
    const before = snapshot();
    setSaving(true);
    const ok = await post(`${apiBase}/save`, formData(intentValue.save));
    setSaving(false);
    setFailed(!ok);
    if (!ok) {
      ui.snackbar(koCart.saveFailed);
      return false;
    }
    if (before === snapshot()) setModified(false);
    revalidator.revalidate(); // the count badge and the server's view of the cart
    return true;
  }, [apiBase, formData, revalidator, setModified, snapshot, ui]);
  const save = useCallback(() => void saveNow(), [saveNow]);

  const recheckFees = useCallback(
    (after = FEE_RECHECK_MS) => {
      clearTimeout(timers.current.fee);
      timers.current.fee = setTimeout(async () => {
        try {
          const res = await fetch(`${apiBase}/fees?l=${encodeURIComponent(latest.current.feeSig)}`, {
            credentials: "same-origin",
          });
          if (res.ok) setFees((await res.json()) as FeeData);
        } catch {
          // Offline: the sums wait for the next change or the save.
        }
      }, after);
    },
    [apiBase, latest, setFees],
  );

  const saveSoon = useCallback(() => {
    clearTimeout(timers.current.save);
    timers.current.save = setTimeout(save, SAVE_AFTER_CHANGE_MS);
  }, [save]);

  // A change the connection lost is saved when it comes back.
  useEffect(() => {
    if (!failed) return;
    const again = () => void saveNow();
    window.addEventListener("online", again);
    return () => window.removeEventListener("online", again);
  }, [failed, saveNow]);

  const stopFeeCheck = useCallback(() => clearTimeout(timers.current.fee), []);

  useEffect(() => {
    const t = timers.current;
    return () => {
      clearTimeout(t.fee);
      clearTimeout(t.save);
    };
  }, []);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      modified && !holdLeave.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state === "blocked") {
      void post(`${apiBase}/save`, formData(intentValue.save), true);
      blocker.proceed();
    }
  }, [blocker, apiBase, formData]);
  useEffect(() => {
    if (!modified) return;
    const onHide = () => navigator.sendBeacon(`${apiBase}/save`, formData(intentValue.save));
    window.addEventListener("pagehide", onHide);
    return () => window.removeEventListener("pagehide", onHide);
  }, [modified, apiBase, formData]);

  return { saving, failed: failed && modified, saveNow, save, recheckFees, saveSoon, stopFeeCheck };
}
