import { Link } from "@remix-run/react";
import { koCartButton } from "~/shared/messages/shop/cart";
import { koHeader } from "~/shared/messages/shop/header";
import * as css from "./shop.css";
import { useSlots } from "~/lib/slots";
import { SLOT, badgeText, type CountName } from "~/shared/slots";

/** The header's cart button with its item-count badge. */
export function CartButton({ count, to }: { count: number; to: string }) {
  // A page kept for every visitor marks the count for the Worker to fill in (decision 122).
  const slots = useSlots();
  return (
    <Link
      to={to}
      className={`${css.iconButton} ${css.withBadge}`}
      aria-label={count > 0 ? koCartButton.badge(count) : koHeader.cart}
      title={koHeader.cart}
      data-testid="header-cart"
      {...(slots ? { [SLOT.cartLabel]: "", [SLOT.device]: "" } : {})}
    >
      <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true">
        <path
          d="M3 4h2l2.2 10.2a2 2 0 0 0 2 1.6h7.6a2 2 0 0 0 2-1.5L21 8H6.2M10 20h.01M17 20h.01"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      {count > 0 || slots ? <CountBadge count={count} className={css.iconBadge} slot="cart" /> : null}
    </Link>
  );
}

export function CountBadge({
  count,
  className,
  testId = "cart-count",
  slot,
}: {
  count: number;
  className?: string;
  testId?: string;
  /** Which count it is, marked on a page kept for every visitor (decision 122). */
  slot?: CountName;
}) {
  const slots = useSlots();
  return (
    <span
      className={className ? `${css.badge} ${className}` : css.badge}
      data-testid={testId}
      {...(slots && slot ? { [SLOT.count]: slot } : {})}
    >
      {badgeText(count)}
    </span>
  );
}
