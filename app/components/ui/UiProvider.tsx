import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from "react";
import type { Dialog } from "./DialogView";
import { ProgressBar } from "./ProgressBar";
import * as css from "./ui.css";

/** Snackbars and the info bar stay this long (spec §9). */
export const ALERT_MS = 3000;

type Bar = { id: number; text: string; position: "top" | "bottom" };

// Drawn only when a dialog opens: its code is fetched then, not with the page.
const DialogView = lazy(() => import("./DialogView").then((m) => ({ default: m.DialogView })));

export type Ui = {
  snackbar: (text: string, position?: "top" | "bottom") => void;
  info: (text: string) => void;
  confirm: (text: string) => Promise<boolean>;
  prompt: (text: string, initial?: string) => Promise<string | null>;
  modal: (content: ReactNode) => Promise<void>;
  closeModal: () => void;
};

const UiContext = createContext<Ui | null>(null);

export function useUi(): Ui {
  const ui = useContext(UiContext);
  if (!ui) throw new Error("useUi outside UiProvider");
  return ui;
}

function useTimedBar() {
  const [bar, setBar] = useState<Bar | null>(null);
  const seq = useRef(0);
  useEffect(() => {
    if (!bar) return;
    const timer = setTimeout(() => setBar(null), ALERT_MS);
    return () => clearTimeout(timer);
  }, [bar]);
  const show = useCallback((text: string, position: "top" | "bottom" = "bottom") => {
    seq.current += 1;
    setBar({ id: seq.current, text, position });
  }, []);
  return [bar, show] as const;
}

export function UiProvider({ children }: { children: ReactNode }) {
  const [snack, showSnack] = useTimedBar();
  const [info, showInfo] = useTimedBar();
  const [dialog, setDialog] = useState<Dialog | null>(null);

  const ui = useMemo<Ui>(
    () => ({
      snackbar: showSnack,
      info: (text) => showInfo(text, "top"),
      confirm: (text) => new Promise((resolve) => setDialog({ kind: "confirm", text, resolve })),
      prompt: (text, initial = "") =>
        new Promise((resolve) => setDialog({ kind: "prompt", text, value: initial, resolve })),
      modal: (content) => new Promise((resolve) => setDialog({ kind: "modal", content, resolve })),
      closeModal: () =>
        setDialog((d) => {
          if (d?.kind === "modal") d.resolve();
          return d?.kind === "modal" ? null : d;
        }),
    }),
    [showSnack, showInfo],
  );

  return (
    <UiContext.Provider value={ui}>
      <ProgressBar />
      {children}
      {snack ? (
        <div key={snack.id} className={css.snackbar[snack.position]} role="alert">
          {snack.text}
        </div>
      ) : null}
      {info ? (
        <div key={info.id} className={css.infoBar} role="status">
          {info.text}
        </div>
      ) : null}
      {dialog ? (
        <Suspense fallback={null}>
          <DialogView dialog={dialog} close={() => setDialog(null)} />
        </Suspense>
      ) : null}
    </UiContext.Provider>
  );
}
