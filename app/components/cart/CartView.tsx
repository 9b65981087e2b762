import { Form, Link } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import type { Cart } from "~/shared/contracts/cart";
import { field, intentValue, lineKey, normaliseQty, type LineKey } from "~/shared/cart-form";
import { useHydrated } from "~/lib/hydrated";
import { useKeptControls } from "~/lib/kept-controls";
import { useOptionalRootData } from "~/lib/root-data";
import { shopHomeHref } from "~/shared/device-handoff";
import { ALERT_MS } from "../ui/UiProvider";
import * as css from "./cart.css";
import { koSeller } from "~/shared/messages/seller";
import { koCart } from "~/shared/messages/cart";
import { visuallyHidden } from "../../../styles/a11y.css";
import { CartRow } from "./CartRow";
import { IntentButton, OrderButton } from "./CartButtons";
import { formatKRW } from "~/shared/format";
import { GrandTotals, GroupSums } from "./Sums";
import { useCartDraft } from "./use-cart-draft";
import { useCartSync } from "./use-cart-sync";
import { useOrderSubmit, type OrderLinks } from "./use-order-submit";

export type { CartActionData } from "./use-order-submit";
export { FEE_RECHECK_MS, SAVE_AFTER_CHANGE_MS } from "./use-cart-sync";

/**
 * The cart view (spec §2). One form: without JavaScript every button posts it (quantities on
 * screen included) and the action saves at once. With JavaScript the same buttons change the
 * draft (use-cart-draft), which is kept in step with the server (use-cart-sync: every change saved
 * as it happens, fees after 1 s or at once for a check box; no save step, decision 127) and
 * ordered through use-order-submit.
 */
export function CartView({
  cart,
  orderKey,
  storageUrl,
  links,
  apiBase,
}: {
  cart: Cart;
  orderKey: string;
  storageUrl: string;
  links: OrderLinks;
  /** /user/checkout or /exmy/user/checkout: its /save and /fees resource routes. */
  apiBase: string;
}) {
  const hydrated = useHydrated();
  const draft = useCartDraft(cart);
  const placingOrder = useRef(false);
  const sync = useCartSync(draft, apiBase, placingOrder);
  const orders = useOrderSubmit(draft, sync, orderKey, links, placingOrder);
  const bubble = useBubble();
  // This shop's own group links to its home, which may be its other host (decision 116).
  const home = useOptionalRootData()?.shop;
  const shopHref = (url: string) => (home && url === home.url ? shopHomeHref(home) : `${url}/`);
  // The law's seller details are missing (decision 175): the order path refuses, so no button says otherwise.
  const sellerNotReady = (home?.legal_gaps.length ?? 0) > 0;

  const changeQty = (key: LineKey, value: string) => {
    if (!draft.setQuantity(key, value)) return;
    sync.recheckFees();
    // A field being typed in is saved when it settles (its blur or Enter sets the normal form).
    if (value === String(normaliseQty(value))) sync.saveSoon();
  };
  const remove = (key: LineKey) => {
    draft.remove(key);
    sync.recheckFees();
    sync.saveSoon();
  };
  const removePicked = () => {
    const keys = draft.groups.flatMap((g) => g.items.map(lineKey)).filter(draft.isPicked);
    if (keys.length === 0) return;
    for (const key of keys) draft.remove(key);
    sync.recheckFees();
    sync.saveSoon();
  };
  const pick = (on: boolean, key?: LineKey) => {
    if (key) draft.pick(key, on);
    else draft.pickAll(on);
    // The goods' sum follows at once (use-cart-draft); the fee as soon as the server says it.
    sync.recheckFees(0);
  };
  // A quantity typed or a line un-picked before the scripts started counts as done after them:
  // the sums follow it and it is saved, as the same change made a moment later would be.
  const formRef = useRef<HTMLFormElement>(null);
  useKeptControls(formRef, (changed) => {
    for (const c of changed) {
      const key = c.closest("[data-line]")?.getAttribute("data-line") as LineKey | null | undefined;
      if (!key) continue;
      if (c.name === field.pick && c instanceof HTMLInputElement) pick(c.checked, key);
      if (c.name === field.qty(key)) changeQty(key, c.value.replace(/\D/g, ""));
    }
  });
  const restricted = draft.groups
    .flatMap((g) => g.items)
    .filter((i) => i.requires.length > 0 && draft.isPicked(lineKey(i)));
  const busy = hydrated && draft.feesPending;

  if (draft.groups.length === 0) {
    return (
      <>
        <p className={css.empty}>{koCart.empty}</p>
        {sync.failed ? (
          <p className={css.unsaved} role="status">
            {koCart.unsaved}
          </p>
        ) : null}
        <Link className={css.secondary} to={links.shop}>
          {koCart.goShopping}
        </Link>
      </>
    );
  }

  return (
    <Form method="post" aria-label={koCart.title} replace ref={formRef}>
      <input type="hidden" name={field.orderKey} value={orders.key} />
      {/* The form's default button: Enter in a quantity field (without scripts) saves. */}
      <button
        type="submit"
        name={field.intent}
        value={intentValue.save}
        className={visuallyHidden}
        tabIndex={-1}
        aria-hidden="true"
      >
        {koCart.save}
      </button>
      <input type="hidden" name={field.picking} value="1" />
      <div className={css.pickBar}>
        {hydrated ? (
          <label className={css.pickAll}>
            <input
              type="checkbox"
              className={css.pickAllBox}
              checked={draft.allPicked}
              onChange={(e) => pick(e.target.checked)}
            />
            {koCart.pickAll(draft.pickedCount, draft.lineCount)}
          </label>
        ) : (
          <span className={css.muted}>{koCart.pickedOnly}</span>
        )}
        <IntentButton intent={intentValue.deletePicked} className={css.smallButton} onPress={removePicked}>
          {koCart.deletePicked}
        </IntentButton>
      </div>
      {draft.groups.map(({ group, items }) => {
        const { sub, fee } = draft.sums(group);
        return (
          <section key={group.key} className={css.group} aria-label={group.shop_name_origin} data-group={group.key}>
            <div className={css.groupHead}>
              <a
                className={css.shopButton}
                href={shopHref(group.url)}
                aria-label={koCart.shopButton(group.shop_name_origin)}
              >
                {group.shop_name_origin} ›
              </a>
              {/* Only when another shop ships part of the cart. */}
              {draft.groups.length > 1 ? <span className={css.separate}>{koCart.separateDelivery}</span> : null}
            </div>
            <ul className={css.rows}>
              {items.map((item) => {
                const key = lineKey(item);
                return (
                  <CartRow
                    key={key}
                    item={item}
                    storageUrl={storageUrl}
                    qty={draft.qty[key] ?? String(item.qty)}
                    hydrated={hydrated}
                    bubble={bubble.at === key}
                    picked={draft.isPicked(key)}
                    onPick={(on) => pick(on, key)}
                    onQty={(v) => changeQty(key, v)}
                    onInvalidKey={() => bubble.show(key)}
                    onRemove={() => remove(key)}
                  />
                );
              })}
            </ul>
            {/* One totals box: a cart of one shop shows only the grand totals (and the free-delivery hint). */}
            <GroupSums
              sub={sub}
              fee={fee}
              freeFrom={group.free_delivery_threshold}
              total
              busy={busy}
              hintOnly={draft.groups.length === 1}
            />
          </section>
        );
      })}

      <GrandTotals
        sub={draft.totals.sub}
        fee={draft.totals.fee}
        discount={draft.discount}
        labels={{ sub: koCart.subTotal, fee: koCart.deliveryFee, total: koCart.grandTotal }}
        testId="grand-total"
        busy={busy}
      />

      {restricted.length > 0 ? (
        <div className={css.requiresBox} data-testid="requires-notice">
          <strong>{koCart.requiresTitle}</strong>
          <ul>
            {restricted.map((i) => (
              <li key={lineKey(i)}>
                {i.name}: {i.requires.map((r) => koCart.requires[r]).join(", ")}
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      <div className={css.orderBar} data-testid="order-bar">
        <p className={css.orderBarSum}>
          <span>{koCart.orderBarCount(draft.pickedCount)}</span>
          <span
            className={busy ? `${css.orderBarAmount} ${css.busy}` : css.orderBarAmount}
            data-testid="order-bar-total"
          >
            {formatKRW(draft.totals.sub + draft.totals.fee)}
          </span>
        </p>
        {sync.failed ? (
          <p className={css.unsaved} role="status">
            {koCart.unsaved}
          </p>
        ) : null}
        {sellerNotReady ? (
          <p className={css.unsaved} role="status" data-testid="seller-not-ready">
            {koSeller.notReady}
          </p>
        ) : (
          <OrderButton npay={false} busy={orders.busy} onOrder={orders.order}>
            {orders.busy ? koCart.ordering : koCart.order}
          </OrderButton>
        )}
      </div>
      <div className={css.actions}>
        {cart.quick_order && !sellerNotReady ? (
          <OrderButton npay busy={orders.busy} onOrder={orders.order}>
            {koCart.quickOrder}
          </OrderButton>
        ) : null}
        <Link className={css.secondary} to={links.shop}>
          {koCart.goToShop}
        </Link>
      </div>
    </Form>
  );
}

/** The digits-only bubble of spec §5: shown at one line, gone after 3 s. */
function useBubble() {
  const [at, setAt] = useState<LineKey | null>(null);
  useEffect(() => {
    if (!at) return;
    const t = setTimeout(() => setAt(null), ALERT_MS);
    return () => clearTimeout(t);
  }, [at]);
  return { at, show: setAt };
}
