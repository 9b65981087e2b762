import { field, intentValue } from "~/shared/cart-form";
import * as css from "./cart.css";

/**
 * A button of the cart form: a real submit button carrying its intent (without scripts the form
 * posts with it); with scripts the click runs `onPress` instead.
 */
export function IntentButton({
  intent,
  onPress,
  ...rest
}: { intent: string; onPress: () => void } & Omit<
  React.ButtonHTMLAttributes<HTMLButtonElement>,
  "type" | "name" | "value" | "onClick"
>) {
  return (
    <button
      type="submit"
      name={field.intent}
      value={intent}
      onClick={(e) => {
        e.preventDefault();
        onPress();
      }}
      {...rest}
    />
  );
}

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
    <IntentButton
      intent={npay ? intentValue.npay : intentValue.order}
      className={npay ? css.wallet : css.primary}
      disabled={busy}
      onPress={() => void onOrder(npay)}
    >
      {children}
    </IntentButton>
  );
}
