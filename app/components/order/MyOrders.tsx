import { Link, useLoaderData } from "@remix-run/react";
import * as adminCss from "~/components/admin/admin.css";
import * as cartCss from "~/components/cart/cart.css";
import { LineThumb } from "~/components/cart/Sums";
import { Pager } from "~/components/Pager";
import type { myOrders } from "~/lib/my-orders.server";
import { useRootData } from "~/lib/root-data";
import { loginPath } from "~/shared/return-path";
import { formatDeadline, formatKRW } from "~/shared/format";
import { koLifecycle } from "~/shared/messages/lifecycle";
import { LIST_PATHS, ORDER_LISTS } from "~/shared/order-lists";
import { orderStatusLabel } from "~/shared/order-status";

const t = koLifecycle.lists;

/** A list of the buyer's orders, with every list as a tab and its count; paging by plain links. */
export function MyOrders() {
  const { list, counts, items, page, pages, guest } = useLoaderData<typeof myOrders>();
  const { storageUrl, shop } = useRootData();
  return (
    <>
      <h1 className={cartCss.title}>{t.titles[list]}</h1>
      {guest ? (
        <div className={cartCss.note}>
          {t.guest} <Link to={loginPath(LIST_PATHS[list], shop.dom)}>{t.login}</Link>
        </div>
      ) : null}
      <nav className={adminCss.chips} aria-label={t.nav}>
        {ORDER_LISTS.map((l) => (
          <Link key={l} className={adminCss.chip} to={LIST_PATHS[l]} aria-current={l === list ? "true" : undefined}>
            {t.tabs[l]} <span data-testid={`count-${l}`}>{counts[l]}</span>
          </Link>
        ))}
      </nav>
      {items.length === 0 ? <p className={cartCss.muted}>{t.empty}</p> : null}
      <ul className={adminCss.list} data-testid="my-orders">
        {items.map((o) => (
          <li key={o.id}>
            <Link className={adminCss.cardWithThumb} to={o.viewPath}>
              <span className={adminCss.cardThumb}>
                <LineThumb image={o.first_image} storageUrl={storageUrl} />
              </span>
              <span className={adminCss.cardHead}>
                <span className={cartCss.muted}>{formatDeadline(o.created_at)}</span>
                <span className={adminCss.status}>
                  {orderStatusLabel(o.status, {
                    payMethod: o.pay_method,
                    refundAfterDone: o.refund_after_done,
                    smartOrder: o.smart,
                  })}
                </span>
              </span>
              <strong>{koLifecycle.items(o.first_item, o.item_count)}</strong>
              <span className={adminCss.cardHead}>
                {/* What the buyer pays (after points), as 총 결제 금액 says on the sheet. */}
                <span>{formatKRW(o.amount_due)}</span>
                {o.next_action ? <span className={cartCss.muted}>{koLifecycle.actions[o.next_action]} ›</span> : null}
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <Pager page={page} pages={pages} href={(p) => `${LIST_PATHS[list]}${p > 1 ? `?page=${p}` : ""}`} />
    </>
  );
}
