import { useFetcher, useNavigate } from "@remix-run/react";
import { useEffect, useState } from "react";
import { field, intentValue } from "~/shared/cart-form";
import { useLatest } from "~/lib/use-latest";
import { useUi } from "../ui/UiProvider";
import { orderErrorView, type OrderErrorCode, type OrderErrorLinks } from "~/shared/order-errors";
import type { CartDraft } from "./use-cart-draft";
import type { useCartSync } from "./use-cart-sync";

export type CartActionData =
  | { saved: true; error?: undefined; key?: undefined }
  | { saved?: undefined; error: { code: OrderErrorCode }; key: string | null };

/**
 * Where the order errors lead (verification, joining this shop's membership: a member goes
 * straight to /shop/member_point, a guest logs in first) and the shop, chosen by the loader.
 */
export type OrderLinks = OrderErrorLinks & { shop: string };

/**
 * 주문하기 with scripts: saves what is pending, then posts the cart form's order intent through a
 * fetcher (the action answers with a redirect to the sheet, or an order error of spec §8 shown as
 * an alert or a confirm that offers the way forward).
 */
export function useOrderSubmit(
  draft: CartDraft,
  sync: ReturnType<typeof useCartSync>,
  orderKey: string,
  links: OrderLinks,
  /** True from 주문하기 until the order fails: leaving for the sheet needs no save. */
  placingOrder: { current: boolean },
) {
  const ui = useUi();
  const navigate = useNavigate();
  const orderer = useFetcher<CartActionData>({ key: "cart-order" });
  // One key per intent to order: a failed or timed-out attempt is retried with the same key (the
  // loader's fresh key after a revalidation is not taken); a new page after an order gets a new one.
  const [key] = useState(orderKey);
  const [placing, setPlacing] = useState(false);

  const order = async (npay: boolean) => {
    sync.stopFeeCheck();
    setPlacing(true);
    // Saved first: if the connection is down, the shopper keeps the page and the save bar.
    if (draft.modified && !(await sync.saveNow())) {
      setPlacing(false);
      return;
    }
    placingOrder.current = true;
    const fd = draft.formData(npay ? intentValue.npay : intentValue.order);
    fd.set(field.orderKey, key);
    orderer.submit(fd, { method: "post" });
  };

  const failed = useLatest(async ({ code }: { code: OrderErrorCode }) => {
    placingOrder.current = false;
    setPlacing(false);
    // The action saved the quantities before trying to order: the cart it returns is the truth.
    if (code !== "SAVE_FAILED") draft.reset();
    // Spec §8: an alert, or a confirm that offers the way forward (the same view as the notice).
    const { text, way } = orderErrorView(code, links);
    if (!way) ui.snackbar(text);
    else if (await ui.confirm(way.question)) navigate(way.to);
  });
  useEffect(() => {
    if (orderer.state === "idle" && orderer.data?.error) void failed.current(orderer.data.error);
  }, [orderer.state, orderer.data, failed]);

  return { key, order, busy: placing || orderer.state !== "idle" };
}
