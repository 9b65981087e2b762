import { field, intentValue } from "~/lib/cart-form";
import * as css from "./cart.css";
import { koCart } from "~/lib/messages-cart";

/**
 * The cart form's order and save buttons. Each is a real submit button (without scripts the form
 * posts with its intent); with scripts the click runs the handler instead.
 */
export function OrderButton({
  npay,
  busy,
  onOrder,
  children,
}: {
  npay: boolean;
  busy: boolean;
  onOrder: (npay: boolean) => Promise<void>;
  children: React.ReactNode;
}) {
  return (
    <button
      type="submit"
      name={field.intent}
      value={npay ? intentValue.npay : intentValue.order}
      className={npay ? css.wallet : css.primary}
      disabled={busy}
      onClick={(e) => {
        e.preventDefault();
        void onOrder(npay);
      }}
    >
      {children}
    </button>
  );
}

export function SaveBar({ saving, onSave }: { saving: boolean; onSave: () => void }) {
  return (
    <div className={css.saveBar} role="status" data-testid="save-bar">
      <span>{koCart.modified}</span>
      <button
        type="submit"
        name={field.intent}
        value={intentValue.save}
        className={css.saveButton}
        disabled={saving}
        onClick={(e) => {
          e.preventDefault();
          onSave();
        }}
      >
        {saving ? koCart.saving : koCart.save}
      </button>
    </div>
  );
}
