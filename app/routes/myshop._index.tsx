import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Await, Link, useLoaderData } from "@remix-run/react";
import { Suspense } from "react";
import { koLifecycle } from "~/shared/messages/lifecycle";
import { LIST_PATHS, ORDER_LISTS } from "~/shared/order-lists";
import * as css from "~/components/account/account.css";
import { Avatar } from "~/components/account/Avatar";
import { MyshopLayout } from "~/components/layouts";
import { requireMember } from "~/lib/auth.server";
import { ko } from "~/shared/messages";
import { useRootData } from "~/lib/root-data";
import { koAuth } from "~/shared/messages/auth";
import { memberPointLink } from "~/lib/membership-text.server";

export const meta: MetaFunction = () => [{ title: koAuth.memberArea }, { name: "robots", content: "noindex" }];

/** The account area's summary: members only. Orders, favourites and the rest come with their features. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const member = requireMember(request, context);
  // Streamed: the page's shell never waits on the counts.
  const orderCounts = context.api.call("orderSummary").catch(() => null);
  return { member: { name: member.name, profile: member.profile }, memberPoint: memberPointLink(), orderCounts };
}

export default function MyShop() {
  const { shop, storageUrl } = useRootData();
  const { member, memberPoint, orderCounts } = useLoaderData<typeof loader>();
  const menu = (
    <nav aria-label={koAuth.memberArea} style={{ display: "grid", padding: 8 }}>
      <Link to="/myshop">{koAuth.memberArea}</Link>
      <Link to="/user/info">{koAuth.infoTitle}</Link>
      <Link to={memberPoint.to}>{memberPoint.label}</Link>
    </nav>
  );
  return (
    <MyshopLayout shop={shop} menu={menu} cartCount={0}>
      <div className={css.page}>
        <div className={css.row}>
          <Avatar name={member.name} profile={member.profile} storageUrl={storageUrl} className={css.avatarLarge} />
          <h1 className={css.sectionTitle}>{ko.account.greeting(member.name)}</h1>
        </div>
        <Suspense fallback={null}>
          <Await resolve={orderCounts}>
            {(counts) =>
              counts ? (
                <nav aria-label={koLifecycle.lists.nav} className={css.accountLinks} data-testid="order-counts">
                  {ORDER_LISTS.map((l) => (
                    <Link key={l} to={LIST_PATHS[l]}>
                      {koLifecycle.lists.tabs[l]} {counts[l]}
                    </Link>
                  ))}
                </nav>
              ) : null
            }
          </Await>
        </Suspense>
        <p className={css.accountLinks}>
          <Link to="/user/info">{ko.account.settings}</Link>
          <a href="/api/user/logout/v2?url=%2F">{ko.account.logout}</a>
        </p>
      </div>
    </MyshopLayout>
  );
}
