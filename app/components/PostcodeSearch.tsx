import { useEffect, useRef, useState, type ReactNode } from "react";
import { useHydrated } from "~/lib/hydrated";
import { postcodeProvider } from "~/lib/postcode.client";
import { useRootData } from "~/lib/root-data";
import { koPostcode } from "~/shared/messages/shop/postcode";
import * as css from "./ui/ui.css";

const DEFAULT_NAMES = { postcode: "postcode", address: "address", detail: "detail" };

/**
 * 우편번호 찾기 beside a postcode field (issue 11, point 3): with scripts and a configured
 * provider, a button that opens the provider's search in a dialog and fills the form's postcode
 * and address, then puts the cursor in the detail field. Without either, nothing is drawn: the
 * fields are typed by hand.
 */
export function PostcodeSearch({
  names = DEFAULT_NAMES,
  children,
}: {
  names?: { postcode: string; address: string; detail: string };
  /** The postcode field, drawn with the button beside it. */
  children: ReactNode;
}) {
  const { postcode: providerName } = useRootData();
  const hydrated = useHydrated();
  const button = useRef<HTMLButtonElement>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const frame = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  const [failed, setFailed] = useState(false);
  const t = koPostcode;

  useEffect(() => {
    const box = frame.current;
    const modal = dialog.current;
    if (!open || !providerName || !box || !modal) return;
    modal.showModal();
    let live = true;
    postcodeProvider(providerName)
      .embed(box, (pick) => {
        const form = button.current?.form;
        const input = (name: string) => form?.elements.namedItem(name) as HTMLInputElement | null;
        const postcode = input(names.postcode);
        const address = input(names.address);
        if (postcode) {
          postcode.value = pick.postcode;
          // Pages that follow the postcode (the order sheet's 제주/도서산간 extra) hear of it.
          postcode.dispatchEvent(new Event("input", { bubbles: true }));
        }
        if (address) address.value = pick.address;
        // Closing a modal dialog gives focus back to its opener: close first, then move on.
        modal.close();
        input(names.detail)?.focus();
        setOpen(false);
      })
      .catch(() => {
        if (!live) return;
        setFailed(true);
        setOpen(false);
      });
    return () => {
      live = false;
      modal.close();
      box.replaceChildren();
    };
  }, [open, providerName, names]);

  // One tree before and after hydration: the field stays the same element, so what a shopper
  // typed before the scripts arrived is kept (moving it into another wrapper would remount it).
  const live = hydrated && Boolean(providerName);
  return (
    <div>
      <div className={live ? css.postcodeRow : undefined}>
        {children}
        {live ? (
          <button
            ref={button}
            type="button"
            className={css.postcodeButton}
            onClick={() => {
              setFailed(false);
              setOpen(true);
            }}
          >
            {t.search}
          </button>
        ) : null}
      </div>
      {failed ? (
        <p role="alert" className={css.postcodeFailed}>
          {t.failed}
        </p>
      ) : null}
      {open ? (
        <dialog
          ref={dialog}
          className={css.postcodeDialog}
          aria-label={t.search}
          onClose={() => setOpen(false)}
          onCancel={() => setOpen(false)}
        >
          <div className={css.postcodeHead}>
            <span>{t.search}</span>
            <button type="button" className={css.button} onClick={() => setOpen(false)}>
              {t.close}
            </button>
          </div>
          <div ref={frame} className={css.postcodeFrame} data-testid="postcode-frame" />
        </dialog>
      ) : null}
    </div>
  );
}
