import type { MetaFunction } from "@remix-run/cloudflare";
import { koNotify } from "~/shared/messages/notify";
import { Link, NavLink, Outlet, useLoaderData, useLocation } from "@remix-run/react";
import * as css from "~/components/admin/admin.css";
import { useLive } from "~/lib/use-live";
import { koAdmin } from "~/shared/messages/admin";
import { koDaily } from "~/shared/messages/daily";
import { koReviews } from "~/shared/messages/reviews";
import type { loader } from "./page.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${koAdmin.title} | ${data?.shopName ?? ""}` },
  { name: "robots", content: "noindex" },
];

export { loader } from "./page.server";

export default function AdminFrame() {
  const { shopName, restaurant } = useLoaderData<typeof loader>();
  const { pathname } = useLocation();
  // The inbox and the open conversation follow members' messages as they come.
  useLive("inbox");
  return (
    <div className={css.frame}>
      <header className={css.bar}>
        <h1 className={css.barTitle}>
          {shopName} · {koAdmin.title}
        </h1>
        <Link className={css.barLink} to="/">
          {koAdmin.toShop}
        </Link>
      </header>
      <nav className={css.nav} aria-label={koAdmin.title}>
        <NavLink className={css.navLink} to="/admin" end>
          {koAdmin.nav.orders}
        </NavLink>
        <NavLink className={css.navLink} to="/admin/tracking-upload">
          {koDaily.nav.tracking}
        </NavLink>
        {restaurant ? (
          <>
            <NavLink className={css.navLink} to="/admin/kitchen">
              {koAdmin.nav.kitchen}
            </NavLink>
            <NavLink className={css.navLink} to="/admin/tables">
              {koAdmin.nav.tables}
            </NavLink>
          </>
        ) : null}
        <NavLink className={css.navLink} to="/admin/products">
          {koAdmin.nav.products}
        </NavLink>
        <NavLink className={css.navLink} to="/admin/categories">
          {koAdmin.nav.categories}
        </NavLink>
        <NavLink className={css.navLink} to="/admin/messages">
          {koAdmin.nav.messages}
        </NavLink>
        <NavLink className={css.navLink} to="/admin/questions">
          {koAdmin.nav.questions}
        </NavLink>
        {/* A product's photos are part of stock keeping: the tab stays current there. */}
        <Link
          className={css.navLink}
          to="/admin/stock"
          aria-current={/^\/admin\/(stock|photos)$/.test(pathname) ? "page" : undefined}
        >
          {koAdmin.nav.stock}
        </Link>
        <NavLink className={css.navLink} to="/admin/notices">
          {koAdmin.nav.notices}
        </NavLink>
        <NavLink className={css.navLink} to="/admin/points">
          {koAdmin.nav.points}
        </NavLink>
        <NavLink className={css.navLink} to="/admin/reviews">
          {koReviews.admin.title}
        </NavLink>
        <NavLink className={css.navLink} to="/admin/marketing">
          {koAdmin.nav.marketing}
        </NavLink>
        <NavLink className={css.navLink} to="/admin/settings">
          {koAdmin.nav.settings}
        </NavLink>
        <NavLink className={css.navLink} to="/admin/notify">
          {koNotify.nav}
        </NavLink>
        <NavLink className={css.navLink} to="/admin/payments">
          {koAdmin.nav.payments}
        </NavLink>
        <NavLink className={css.navLink} to="/admin/settlement">
          {koAdmin.nav.settlement}
        </NavLink>
        <NavLink className={css.navLink} to="/admin/reconcile">
          {koAdmin.nav.reconcile}
        </NavLink>
        <NavLink className={css.navLink} to="/admin/domain">
          {koAdmin.nav.domain}
        </NavLink>
      </nav>
      <main className={css.main}>
        <Outlet />
      </main>
    </div>
  );
}
