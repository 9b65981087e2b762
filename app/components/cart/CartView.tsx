import { Form, Link, useBlocker, useFetcher, useNavigate, useRevalidator } from "@remix-run/react";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { Cart, CartGroup, CartItem } from "~/lib/api/contracts-cart";
import { allowedQtyKey, field, intentValue, lineKey, normaliseQty, type LineKey } from "~/lib/cart-form";
import { formatKRW } from "~/lib/format";
import { useHydrated } from "~/lib/hydrated";
import { ALERT_MS, useUi } from "../ui/UiProvider";
import * as css from "./cart.css";
import { koCart, koOrder } from "~/lib/messages-cart";
import { visuallyHidden } from "../../../styles/a11y.css";

/** Spec §9: fees are rechecked 1 s after a quantity change; a delete is saved after 3 s. */
export const FEE_RECHECK_MS = 1000;
export const SAVE_AFTER_DELETE_MS = 3000;

export type CartActionData =
  | { saved: true; error?: undefined; key?: undefined }
  | { saved?: undefined; error: { code: string; message: string }; key: string | null };

type FeeData = { sig: string; fees: { uid: number; from_uid: number; sub_price: number; delivery_fee: number }[] };

/**
 * Saves and fee checks run with fetch, not router fetchers: a fetcher whose request fails on the
 * network hands the error to the route's error boundary, which would replace the cart (and the
 * shopper's unsaved changes) with an error page. Here a failure is just a failed save: the save bar
 * stays until one succeeds.
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
 * Where the order errors lead: verification, and joining this shop's membership (a member goes
 * straight to /shop/member_point, a guest logs in first), with the words for either case, chosen
 * by the loader (so the membership text module stays out of this bundle).
 */
type Links = {
  verify: string;
  join: string;
  joinText: { message: string; confirm: string; link: string };
  shop: string;
};

/**
 * The cart view (spec §2). One form: without JavaScript every button posts it (quantities on
 * screen included) and the action saves at once. With JavaScript the same buttons change the
 * page, the save-cart bar shows, fees are rechecked after 1 s and the cart is saved 3 s after a
 * delete, on leaving, before ordering or with the save button.
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
  links: Links;
  /** /user/checkout or /exmy/user/checkout: its /save and /fees resource routes. */
  apiBase: string;
}) {
  const hydrated = useHydrated();
  const ui = useUi();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const orderer = useFetcher<CartActionData>({ key: "cart-order" });
  // One key per intent to order: a failed or timed-out attempt is retried with the same key (the
  // loader's fresh key after a revalidation is not taken); a new page after an order gets a new one.
  const [key] = useState(orderKey);
  const [fees, setFees] = useState<FeeData | null>(null);
  const [saving, setSaving] = useState(false);
  const [placing, setPlacing] = useState(false);

  const items = useMemo(() => cart.groups.flatMap((g) => g.data), [cart]);
  const fromServer = useCallback(
    () => Object.fromEntries(items.map((i) => [lineKey(i), String(i.qty)])) as Record<LineKey, string>,
    [items],
  );
  const [qty, setQty] = useState<Record<LineKey, string>>(fromServer);
  const [removed, setRemoved] = useState<LineKey[]>([]);
  const [modified, setModified] = useState(false);
  const [bubble, setBubble] = useState<LineKey | null>(null);
  const ordering = useRef(false);
  const timers = useRef<{ fee?: ReturnType<typeof setTimeout>; save?: ReturnType<typeof setTimeout> }>({});

  // What is on screen, as the action reads it.
  const visible = items.filter((i) => !removed.includes(lineKey(i)));
  const sig = visible.map((i) => `${lineKey(i)}.${normaliseQty(qty[lineKey(i)])}`).join(",");
  const state = useRef({ sig, visible, removed, qty });
  state.current = { sig, visible, removed, qty };

  const takeServerCart = useCallback(() => {
    setModified(false);
    setQty(fromServer());
    setRemoved([]);
    setFees(null);
  }, [fromServer]);

  // New server truth (after a save, an order attempt, a revalidation): take it unless the shopper
  // has changed something since.
  useEffect(() => {
    if (!modified) takeServerCart();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [cart]);

  const formData = useCallback((intent: string) => {
    const { visible, removed, qty } = state.current;
    const fd = new FormData();
    for (const item of visible) {
      const key = lineKey(item);
      fd.append(field.line, key);
      fd.set(field.qty(key), String(normaliseQty(qty[key])));
    }
    for (const key of removed) {
      fd.append(field.line, key);
      fd.append(field.remove, key);
    }
    fd.set(field.intent, intent);
    fd.set(field.js, "1");
    return fd;
  }, []);

  /** Saves what is on screen. True when the server has it; the bar goes only if nothing changed since. */
  const saveNow = useCallback(async (): Promise<boolean> => {
    clearTimeout(timers.current.save);
    const snapshot = `${state.current.sig}|${state.current.removed.join(",")}`;
    setSaving(true);
    const ok = await post(`${apiBase}/save`, formData(intentValue.save));
    setSaving(false);
    if (!ok) {
      ui.snackbar(koCart.saveFailed);
      return false;
    }
    if (snapshot === `${state.current.sig}|${state.current.removed.join(",")}`) setModified(false);
    revalidator.revalidate(); // the count badge and the server's view of the cart
    return true;
  }, [apiBase, formData, revalidator, ui]);
  const save = useCallback(() => void saveNow(), [saveNow]);

  const recheckFees = useCallback(() => {
    clearTimeout(timers.current.fee);
    timers.current.fee = setTimeout(async () => {
      const sig = state.current.sig;
      try {
        const res = await fetch(`${apiBase}/fees?l=${encodeURIComponent(sig)}`, { credentials: "same-origin" });
        if (res.ok) setFees((await res.json()) as FeeData);
      } catch {
        // Offline: the sums wait for the next change or the save.
      }
    }, FEE_RECHECK_MS);
  }, [apiBase]);

  const changeQty = (key: LineKey, value: string) => {
    if (state.current.qty[key] === value) return;
    setQty((q) => ({ ...q, [key]: value }));
    setModified(true);
    recheckFees();
  };

  const remove = (key: LineKey) => {
    setRemoved((r) => [...r, key]);
    setModified(true);
    recheckFees();
    clearTimeout(timers.current.save);
    timers.current.save = setTimeout(save, SAVE_AFTER_DELETE_MS);
  };

  useEffect(() => {
    if (!bubble) return;
    const t = setTimeout(() => setBubble(null), ALERT_MS);
    return () => clearTimeout(t);
  }, [bubble]);

  useEffect(() => {
    const t = timers.current;
    return () => {
      clearTimeout(t.fee);
      clearTimeout(t.save);
    };
  }, []);

  // Leaving the view saves what is pending: in-app navigation through the router, closing or
  // reloading the page with a beacon (whose answer nobody waits for).
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      modified && !ordering.current && currentLocation.pathname !== nextLocation.pathname,
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

  const order = async (npay: boolean) => {
    clearTimeout(timers.current.fee);
    setPlacing(true);
    // Saved first: if the connection is down, the shopper keeps the page and the save bar.
    if (modified && !(await saveNow())) {
      setPlacing(false);
      return;
    }
    ordering.current = true;
    const fd = formData(npay ? intentValue.npay : intentValue.order);
    fd.set(field.orderKey, key);
    orderer.submit(fd, { method: "post" });
  };

  // Order failures (spec §8): alerts, or a confirm offering verification or joining.
  useEffect(() => {
    if (orderer.state !== "idle" || !orderer.data?.error) return;
    ordering.current = false;
    setPlacing(false);
    const { code, message } = orderer.data.error;
    // The action saved the quantities before trying to order: the cart it returns is the truth.
    if (code !== "SAVE_FAILED") takeServerCart();
    const go = async (question: string, to: string) => {
      if (await ui.confirm(question)) navigate(to);
    };
    if (code === "AGE19") void go(koOrder.age19, links.verify);
    else if (code === "AUTH_ONLY") void go(koOrder.authOnly, links.verify);
    else if (code === "APPROVE_ONLY") {
      void go(links.joinText.confirm, links.join);
    } else ui.snackbar(message);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [orderer.state, orderer.data]);

  // Group sums: the server's, from the last fee check when the page has changed since loading.
  const sums = (g: CartGroup) => {
    if (!modified && !fees) return { sub: g.sub_total, fee: g.my_delivery_fee };
    const f = fees?.fees.find((x) => x.uid === g.uid && x.from_uid === g.origin_uid);
    if (fees && fees.sig === sig) return { sub: f?.sub_price ?? 0, fee: f?.delivery_fee ?? 0 };
    return f ? { sub: f.sub_price, fee: f.delivery_fee } : { sub: g.sub_total, fee: g.my_delivery_fee };
  };
  const pendingFees = hydrated && modified && (!fees || fees.sig !== sig);
  const groups = cart.groups
    .map((g) => ({ group: g, items: g.data.filter((i) => !removed.includes(lineKey(i))) }))
    .filter((g) => g.items.length > 0);
  const totals = groups.reduce(
    (t, { group }) => {
      const s = sums(group);
      return { sub: t.sub + s.sub, fee: t.fee + s.fee };
    },
    { sub: 0, fee: 0 },
  );
  const busyOrdering = placing || orderer.state !== "idle";

  if (groups.length === 0) {
    return (
      <>
        <p className={css.empty}>{koCart.empty}</p>
        {modified ? <SaveBar saving={saving} onSave={save} /> : null}
        <Link className={css.secondary} to={links.shop}>
          {koCart.goShopping}
        </Link>
      </>
    );
  }

  return (
    <Form method="post" aria-label={koCart.title} replace>
      <input type="hidden" name={field.orderKey} value={key} />
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
      {groups.map(({ group, items }) => {
        const { sub, fee } = sums(group);
        return (
          <section key={group.key} className={css.group} aria-label={group.shop_name_origin} data-group={group.key}>
            <div className={css.groupHead}>
              <a
                className={css.shopButton}
                href={`${group.url}/`}
                aria-label={koCart.shopButton(group.shop_name_origin)}
              >
                {group.shop_name_origin} ›
              </a>
              <span className={css.separate}>{koCart.separateDelivery}</span>
            </div>
            <ul className={css.rows}>
              {items.map((item) => (
                <Row
                  key={lineKey(item)}
                  item={item}
                  storageUrl={storageUrl}
                  qty={qty[lineKey(item)] ?? String(item.qty)}
                  hydrated={hydrated}
                  bubble={bubble === lineKey(item)}
                  onQty={(v) => changeQty(lineKey(item), v)}
                  onInvalidKey={() => setBubble(lineKey(item))}
                  onRemove={() => remove(lineKey(item))}
                />
              ))}
            </ul>
            <dl className={pendingFees ? `${css.sums} ${css.busy}` : css.sums} aria-busy={pendingFees}>
              <div className={css.sumRow}>
                <dt>{koCart.subTotal}</dt>
                <dd>{formatKRW(sub)}</dd>
              </div>
              <div className={css.sumRow}>
                <dt>{koCart.deliveryFee}</dt>
                <dd data-testid="group-fee">{fee === 0 ? koCart.freeDelivery : formatKRW(fee)}</dd>
              </div>
              <div className={css.sumTotal}>
                <dt>{koCart.groupTotal}</dt>
                <dd data-testid="group-total">{formatKRW(sub + fee)}</dd>
              </div>
              {fee > 0 ? (
                <p className={css.freeHint}>{koCart.freeFrom(formatKRW(group.free_delivery_threshold))}</p>
              ) : null}
            </dl>
          </section>
        );
      })}

      <dl className={pendingFees ? `${css.grand} ${css.busy}` : css.grand} aria-busy={pendingFees}>
        <div className={css.sumRow}>
          <dt>{koCart.subTotal}</dt>
          <dd>{formatKRW(totals.sub)}</dd>
        </div>
        <div className={css.sumRow}>
          <dt>{koCart.deliveryFee}</dt>
          <dd>{formatKRW(totals.fee)}</dd>
        </div>
        <div className={css.grandTotal}>
          <dt>{koCart.grandTotal}</dt>
          <dd data-testid="grand-total">{formatKRW(totals.sub + totals.fee)}</dd>
        </div>
      </dl>

      <div className={css.actions}>
        <button
          type="submit"
          name={field.intent}
          value={intentValue.order}
          className={css.primary}
          disabled={busyOrdering}
          onClick={(e) => {
            e.preventDefault();
            void order(false);
          }}
        >
          {busyOrdering ? koCart.ordering : koCart.order}
        </button>
        <button
          type="submit"
          name={field.intent}
          value={intentValue.npay}
          className={css.wallet}
          disabled={busyOrdering}
          onClick={(e) => {
            e.preventDefault();
            void order(true);
          }}
        >
          {koCart.quickOrder}
        </button>
        <Link className={css.secondary} to={links.shop}>
          {koCart.goToShop}
        </Link>
      </div>
      {hydrated && modified ? <SaveBar saving={saving} onSave={save} /> : null}
    </Form>
  );
}

function SaveBar({ saving, onSave }: { saving: boolean; onSave: () => void }) {
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

function Row({
  item,
  storageUrl,
  qty,
  hydrated,
  bubble,
  onQty,
  onInvalidKey,
  onRemove,
}: {
  item: CartItem;
  storageUrl: string;
  qty: string;
  hydrated: boolean;
  bubble: boolean;
  onQty: (value: string) => void;
  onInvalidKey: () => void;
  onRemove: () => void;
}) {
  const key = lineKey(item);
  const n = normaliseQty(qty);
  // Stock errors follow the quantity on screen; a discontinued product stays one.
  const error = item.error === "sold_out" ? "sold_out" : n > item.available_qty ? "qty" : null;
  const errorId = `err-${key}`;
  return (
    <li className={css.row} data-testid="cart-row" data-line={key}>
      {item.image ? (
        <img className={css.thumb} src={`${storageUrl}${item.image}`} alt="" width={64} height={64} loading="lazy" />
      ) : (
        <span className={css.thumb} />
      )}
      <div className={css.info}>
        <Link className={css.name} to={`/shop/view/${encodeURIComponent(item.sid)}`}>
          {item.name}
        </Link>
        {!item.default_option && item.opt_name ? (
          <p className={css.option}>
            {koCart.option}: {item.opt_name}
          </p>
        ) : null}
        <p className={css.price} data-testid="line-price">
          {formatKRW(item.price * n)}
          <span className={css.unit}>{koCart.unitPrice(formatKRW(item.price), n)}</span>
        </p>
        {error ? (
          <p className={css.itemError} id={errorId} role="alert">
            {error === "qty" ? koCart.errorQty(item.available_qty) : koCart.errorSoldOut}
          </p>
        ) : null}
      </div>
      <div className={css.controls}>
        <div className={css.stepper} role="group" aria-label={`${item.name} ${koCart.quantity}`}>
          <button
            type="submit"
            name={field.intent}
            value={intentValue.dec(key)}
            className={css.stepButton}
            aria-label={koCart.decrease}
            disabled={n <= 1}
            onClick={(e) => {
              e.preventDefault();
              onQty(String(Math.max(1, n - 1)));
            }}
          >
            −
          </button>
          <input type="hidden" name={field.line} value={key} />
          <input
            className={css.qtyInput}
            name={field.qty(key)}
            aria-label={koCart.quantity}
            aria-describedby={error ? errorId : undefined}
            type="text"
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete="off"
            maxLength={3}
            value={qty}
            onKeyDown={(e) => {
              if (!allowedQtyKey(e)) {
                e.preventDefault();
                onInvalidKey();
              } else if (e.key === "Enter") {
                // With scripts, Enter settles the quantity instead of posting the form.
                e.preventDefault();
                onQty(String(normaliseQty(qty)));
              }
            }}
            onChange={(e) => onQty(e.target.value.replace(/\D/g, ""))}
            onBlur={() => onQty(String(normaliseQty(qty)))}
          />
          <button
            type="submit"
            name={field.intent}
            value={intentValue.inc(key)}
            className={css.stepButton}
            aria-label={koCart.increase}
            disabled={n >= 999}
            onClick={(e) => {
              e.preventDefault();
              onQty(String(Math.min(999, n + 1)));
            }}
          >
            +
          </button>
          {bubble ? (
            <span className={css.bubble} role="alert">
              {koCart.digitsOnly}
            </span>
          ) : null}
        </div>
        <div className={css.rowActions}>
          {hydrated ? null : (
            // Without scripts a typed quantity is saved with this (or Enter).
            <button type="submit" name={field.intent} value={intentValue.save} className={css.smallButton}>
              {koCart.apply}
            </button>
          )}
          <button
            type="submit"
            name={field.intent}
            value={intentValue.delete(key)}
            className={css.smallButton}
            aria-label={koCart.removeItem(item.name)}
            onClick={(e) => {
              e.preventDefault();
              onRemove();
            }}
          >
            {koCart.remove}
          </button>
        </div>
      </div>
    </li>
  );
}
