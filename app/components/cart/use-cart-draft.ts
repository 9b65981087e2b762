import { useCallback, useMemo, useRef, useState } from "react";
import type { Cart, CartGroup, CartItem } from "~/shared/contracts/cart";
import { field, lineKey, normaliseQty, type LineKey } from "~/shared/cart-form";
import { itemsSum } from "~/shared/money";

export type FeeData = {
  sig: string;
  fees: { uid: number; from_uid: number; sub_price: number; delivery_fee: number }[];
};

const quantitiesOf = (items: CartItem[]) =>
  Object.fromEntries(items.map((i) => [lineKey(i), String(i.qty)])) as Record<LineKey, string>;

/**
 * The cart as the shopper has changed it on screen and not yet saved: typed quantities, removed
 * lines, and the server's fees for the quantities on screen. New server truth (after a save, an
 * order attempt, a revalidation) replaces the draft unless the shopper has changed something since.
 */
export function useCartDraft(cart: Cart) {
  const items = useMemo(() => cart.groups.flatMap((g) => g.data), [cart]);
  const [qty, setQty] = useState(() => quantitiesOf(items));
  const [removed, setRemoved] = useState<LineKey[]>([]);
  // 선택 주문: lines are checked unless the shopper unchecked them (new lines come checked).
  const [unpicked, setUnpicked] = useState<LineKey[]>([]);
  const [modified, setModified] = useState(false);
  const [fees, setFees] = useState<FeeData | null>(null);
  const [seen, setSeen] = useState(cart);
  if (seen !== cart) {
    // Adjusted while rendering, as React advises for state that follows a prop.
    setSeen(cart);
    if (!modified) {
      setQty(quantitiesOf(items));
      setRemoved([]);
      setFees(null);
    }
  }

  const visible = items.filter((i) => !removed.includes(lineKey(i)));
  const picked = visible.filter((i) => !unpicked.includes(lineKey(i)));
  const sigOf = (lines: CartItem[]) => lines.map((i) => `${lineKey(i)}.${normaliseQty(qty[lineKey(i)])}`).join(",");
  /** The quantities on screen, as the save compares them. */
  const sig = sigOf(visible);
  /** The checked lines' quantities: what the sums (and the server's fee check) are for. */
  const feeSig = sigOf(picked);
  // Timers and listeners read the draft as it is when they fire, not as it was when they were set.
  const latest = useRef({ sig, feeSig, visible, picked, removed, qty });
  latest.current = { sig, feeSig, visible, picked, removed, qty };

  const reset = useCallback(() => {
    setModified(false);
    setQty(quantitiesOf(items));
    setRemoved([]);
    setFees(null);
  }, [items]);

  /** The cart form's fields for what is on screen, as the actions read them. */
  const formData = useCallback((intent: string) => {
    const { visible, picked, removed, qty } = latest.current;
    const fd = new FormData();
    for (const item of visible) {
      const key = lineKey(item);
      fd.append(field.line, key);
      fd.set(field.qty(key), String(normaliseQty(qty[key])));
    }
    fd.set(field.picking, "1");
    for (const item of picked) fd.append(field.pick, lineKey(item));
    for (const key of removed) {
      fd.append(field.line, key);
      fd.append(field.remove, key);
    }
    fd.set(field.intent, intent);
    fd.set(field.js, "1");
    return fd;
  }, []);

  /** A snapshot to tell whether anything changed while a save was under way. */
  const snapshot = useCallback(() => `${latest.current.sig}|${latest.current.removed.join(",")}`, []);

  /** Sets a typed quantity; false when it was already that. */
  const setQuantity = (key: LineKey, value: string): boolean => {
    if (latest.current.qty[key] === value) return false;
    setQty((q) => ({ ...q, [key]: value }));
    setModified(true);
    return true;
  };

  const remove = (key: LineKey) => {
    setRemoved((r) => [...r, key]);
    setModified(true);
  };

  const isPicked = (key: LineKey) => !unpicked.includes(key);
  /** Checks or unchecks one line (a choice of what to order: nothing to save). */
  const pick = (key: LineKey, on: boolean) => setUnpicked((u) => (on ? u.filter((k) => k !== key) : [...u, key]));
  /** 전체 선택: every line on screen checked, or none. */
  const pickAll = (on: boolean) => setUnpicked(on ? [] : visible.map(lineKey));
  const allPicked = picked.length === visible.length;

  // Sums follow the server's fee check once the page differs from what it loaded.
  const changed = modified || !allPicked;

  /**
   * Group sums of the checked lines: the server's, from the last fee check when the page has
   * changed since loading. Until that check answers for what is on screen, the goods' sum is worked
   * out here (it follows a check box or a tap at once, issue 40) beside the last fee the server
   * said, none for a group with nothing checked; the page marks them as waiting meanwhile.
   */
  const sums = (g: CartGroup) => {
    if (!changed && !fees) return { sub: g.sub_total, fee: g.my_delivery_fee };
    const f = fees?.fees.find((x) => x.uid === g.uid && x.from_uid === g.origin_uid);
    if (fees && fees.sig === feeSig) return { sub: f?.sub_price ?? 0, fee: f?.delivery_fee ?? 0 };
    const lines = g.data.filter((i) => picked.includes(i));
    const sub = itemsSum(
      lines.map((i) => ({ price: i.price, qty: normaliseQty(qty[lineKey(i)]), discontinued: i.error === "sold_out" })),
    );
    return { sub, fee: lines.length === 0 ? 0 : (f?.delivery_fee ?? g.my_delivery_fee) };
  };

  /** What the checked lines save against their list prices, at the quantities on screen. */
  const discount = picked.reduce(
    (sum, i) => sum + (i.list_price && !i.error ? (i.list_price - i.price) * normaliseQty(qty[lineKey(i)]) : 0),
    0,
  );

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

  return {
    qty,
    modified,
    setModified,
    sig,
    latest,
    fees,
    setFees,
    feesPending: changed && (!fees || fees.sig !== feeSig),
    groups,
    totals,
    sums,
    discount,
    isPicked,
    pick,
    pickAll,
    allPicked,
    pickedCount: picked.length,
    lineCount: visible.length,
    reset,
    formData,
    snapshot,
    setQuantity,
    remove,
  };
}

export type CartDraft = ReturnType<typeof useCartDraft>;
