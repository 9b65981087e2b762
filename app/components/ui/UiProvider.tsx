import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { ko } from "~/shared/messages";
import { ProgressBar } from "./ProgressBar";
import * as css from "./ui.css";

/** Snackbars and the info bar stay this long (spec §9). */
export const ALERT_MS = 3000;

type Bar = { id: number; text: string; position: "top" | "bottom" };
type Dialog =
  | { kind: "confirm"; text: string; resolve: (ok: boolean) => void }
  | { kind: "prompt"; text: string; value: string; resolve: (value: string | null) => void }
  | { kind: "modal"; content: ReactNode; resolve: () => void };

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
      {dialog ? <DialogView dialog={dialog} close={() => setDialog(null)} /> : null}
    </UiContext.Provider>
  );
}

function DialogView({ dialog, close }: { dialog: Dialog; close: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const primary = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (el && !el.open) el.showModal();
    // showModal() focuses the first button (No/Cancel); Enter must confirm, so move focus on.
    (input.current ?? primary.current)?.focus();
  }, []);

  const finish = (answer: "yes" | "no") => {
    if (dialog.kind === "confirm") dialog.resolve(answer === "yes");
    else if (dialog.kind === "prompt") dialog.resolve(answer === "yes" ? (input.current?.value ?? "").trim() : null);
    else dialog.resolve();
    close();
  };

  return (
    <dialog
      ref={ref}
      className={css.dialog}
      aria-modal="true"
      onCancel={(e) => {
        e.preventDefault();
        finish("no");
      }}
    >
      {/* method=dialog: Enter in the field or on the default button confirms. */}
      <form
        method="dialog"
        onSubmit={(e) => {
          e.preventDefault();
          finish("yes");
        }}
      >
        <div className={css.dialogBody}>
          {dialog.kind === "modal" ? dialog.content : dialog.text}
          {dialog.kind === "prompt" ? (
            <input
              ref={input}
              className={css.dialogInput}
              defaultValue={dialog.value}
              autoFocus
              aria-label={dialog.text}
            />
          ) : null}
        </div>
        <div className={css.dialogActions}>
          {dialog.kind === "confirm" ? (
            <>
              <button type="button" className={css.button} onClick={() => finish("no")}>
                {ko.common.no}
              </button>
              <button ref={primary} type="submit" className={css.primaryButton}>
                {ko.common.yes}
              </button>
            </>
          ) : dialog.kind === "prompt" ? (
            <>
              <button type="button" className={css.button} onClick={() => finish("no")}>
                {ko.common.cancel}
              </button>
              <button ref={primary} type="submit" className={css.primaryButton}>
                {ko.common.ok}
              </button>
            </>
          ) : (
            <button ref={primary} type="submit" className={css.button}>
              {ko.common.close}
            </button>
          )}
        </div>
      </form>
    </dialog>
  );
}
