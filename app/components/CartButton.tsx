import { Link } from "@remix-run/react";
import { koCartButton } from "~/shared/messages/shop/cart";
import { koHeader } from "~/shared/messages/shop/header";
import * as cartCss from "./cart/cart.css";
import * as css from "./shop.css";

/** The header's cart button with its item-count badge. */
export function CartButton({ count, to }: { count: number; to: string }) {
  return (
    <Link
      to={to}
      className={`${css.iconButton} ${cartCss.cartButton}`}
      aria-label={count > 0 ? koCartButton.badge(count) : koHeader.cart}
      title={koHeader.cart}
      data-testid="header-cart"
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
      {count > 0 ? <CountBadge count={count} className={cartCss.cartBadge} /> : null}
    </Link>
  );
}

export function CountBadge({
  count,
  className,
  testId = "cart-count",
}: {
  count: number;
  className?: string;
  testId?: string;
}) {
  return (
    <span className={className ? `${css.badge} ${className}` : css.badge} data-testid={testId}>
      {count > 99 ? "99+" : count}
    </span>
  );
}
