import { Link } from "@remix-run/react";
import * as css from "../cart/cart.css";
import type { OrderView } from "~/shared/contracts";
import { koReviews } from "~/shared/messages/reviews";
import { reviewHref } from "~/shared/reviews";

/**
 * Delivered or confirmed goods invite their buyer to review each line (decision 117). The review
 * page itself decides whether one may still be written (window, one per line).
 */
export function ReviewInvite({ order }: { order: OrderView }) {
  if (order.status !== "CONFIRM_DELIVERY" && order.status !== "DONE") return null;
  const lines = order.groups.flatMap((g) => g.lines);
  if (lines.length === 0) return null;
  return (
    <section className={css.section} aria-label={koReviews.write}>
      <p>{koReviews.invite}</p>
      <ul className={css.rows}>
        {lines.map((l) => (
          <li key={`${l.pid2}-${l.pid3}`}>
            <Link
              to={reviewHref({ orderId: order.id, productId: l.pid2, optionId: l.pid3 })}
              data-testid="review-invite"
            >
              {koReviews.write}: {l.name}
              {l.opt_name ? ` (${l.opt_name})` : ""}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
