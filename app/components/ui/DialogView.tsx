import { useEffect, useRef, type ReactNode } from "react";
import { koCommon } from "~/shared/messages/shop/common";
import * as css from "./ui.css";

export type Dialog =
  | { kind: "confirm"; text: string; resolve: (ok: boolean) => void }
  | { kind: "prompt"; text: string; value: string; resolve: (value: string | null) => void }
  | { kind: "modal"; content: ReactNode; resolve: () => void };

/** The open confirm, prompt or modal of UiProvider, as a native <dialog>. */
export function DialogView({ dialog, close }: { dialog: Dialog; close: () => void }) {
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
          {dialog.kind !== "modal" ? (
            <>
              <button type="button" className={css.button} onClick={() => finish("no")}>
                {dialog.kind === "confirm" ? koCommon.no : koCommon.cancel}
              </button>
              <button ref={primary} type="submit" className={css.primaryButton}>
                {dialog.kind === "confirm" ? koCommon.yes : koCommon.ok}
              </button>
            </>
          ) : (
            <button ref={primary} type="submit" className={css.button}>
              {koCommon.close}
            </button>
          )}
        </div>
      </form>
    </dialog>
  );
}
