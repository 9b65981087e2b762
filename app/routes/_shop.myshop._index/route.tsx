import { shopMeta } from "~/lib/seo";
import type { MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import * as css from "~/components/account/account.css";
import { Avatar } from "~/components/account/Avatar";
import { membershipLine } from "~/components/account/MyMenu";
import { useRootData, useShopFrameData } from "~/lib/root-data";
import { koMemberBox } from "~/shared/messages/shop/account";
import { koDrawer } from "~/shared/messages/shop/drawer";
import { koMyshop } from "~/shared/messages/shop/myshop";
import { koAuth } from "~/shared/messages/auth";
import { koLifecycle } from "~/shared/messages/lifecycle";
import { LIST_PATHS, type OrderList } from "~/shared/order-lists";
import type { loader } from "./page.server";

export const meta: MetaFunction = (args) => shopMeta(args, { title: koAuth.memberArea, noindex: true });

/** The summary's tiles: the lists a buyer waits on, in the order an order goes through them. */
const TILES: OrderList[] = ["payment", "ready", "delivery", "confirm", "refund"];

export { loader } from "./page.server";

export default function MyShopSummary() {
  const { storageUrl, shop, session } = useRootData();
  const summary = useShopFrameData()?.summary ?? null;
  const t = koMyshop;
  const lists = koLifecycle.lists;
  const membership = summary?.membership ?? null;
  const { name, profile, ownShop } = useLoaderData<typeof loader>();
  return (
    <div className={css.page} data-testid="my-summary">
      <div className={css.row}>
        <Avatar name={name} profile={profile} storageUrl={storageUrl} className={css.avatarLarge} />
        <div className={css.accountText}>
          <h1 className={css.sectionTitle}>{koMemberBox.greeting(name)}</h1>
          <p className={css.accountLinks}>
            <Link to="/user/info">{koMemberBox.settings}</Link>
            <a href="/api/user/logout/v2?url=%2F">{koMemberBox.logout}</a>
          </p>
        </div>
      </div>

      <Link className={`${css.section} ${css.summaryCard}`} to="/shop/member_point" data-testid="summary-membership">
        <strong>{koDrawer.membership}</strong>
        <span>{membershipLine(true, membership, shop)} ›</span>
      </Link>

      <section className={css.section} aria-labelledby="summary-orders">
        <div className={css.summaryHead}>
          <h2 id="summary-orders" className={css.sectionTitle}>
            {t.orders}
          </h2>
          <Link to={LIST_PATHS.all}>
            {t.allOrders} {summary?.orders.all ?? 0} ›
          </Link>
        </div>
        <ul className={css.tiles} data-testid="order-counts">
          {TILES.map((l) => (
            <li key={l}>
              <Link className={css.tile} to={LIST_PATHS[l]} data-testid={`summary-${l}`}>
                <strong className={css.tileCount}>{summary?.orders[l] ?? 0}</strong>
                <span>{lists.tabs[l]}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <nav className={css.section} aria-label={koDrawer.myMenu}>
        <SummaryRow to="/message" label={koDrawer.messages} count={summary?.message ?? 0} id="message" />
        <SummaryRow to="/myorder/checkout" label={koDrawer.cart} count={summary?.cart ?? 0} id="cart" />
        <SummaryRow to="/myshop/favorite" label={koDrawer.liked} count={summary?.like ?? 0} id="like" />
        <SummaryRow to="/myshop/recent" label={koDrawer.recent} count={summary?.recent ?? 0} id="recent" />
      </nav>

      {ownShop ? (
        <a
          className={`${css.section} ${css.summaryCard}`}
          href={session.mshop && session.adminUrl ? session.adminUrl : ownShop.url}
          data-testid="own-shop"
        >
          <strong>{t.ownShop}</strong>
          <span>{session.mshop ? t.manageShop : ownShop.name} ›</span>
        </a>
      ) : null}
    </div>
  );
}

function SummaryRow({ to, label, count, id }: { to: string; label: string; count: number; id: string }) {
  return (
    <Link className={css.summaryRow} to={to}>
      <span>{label}</span>
      <span data-testid={`summary-${id}`}>{count} ›</span>
    </Link>
  );
}
