import { useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import * as css from "./ui.css";

/** Navigations shorter than this never flash a bar (spec §9: throttle 200 ms). */
export const PROGRESS_THROTTLE_MS = 200;

export function ProgressBar() {
  const busy = useNavigation().state !== "idle";
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (!busy) {
      setVisible(false);
      return;
    }
    const timer = setTimeout(() => setVisible(true), PROGRESS_THROTTLE_MS);
    return () => clearTimeout(timer);
  }, [busy]);
  return visible ? <div className={css.progress} role="progressbar" aria-label="loading" /> : null;
}
