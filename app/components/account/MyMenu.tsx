import type { MySummary } from "~/shared/contracts/account";
import type { ShopInfo } from "~/shared/contracts";
import { koDrawer } from "~/shared/messages/shop/drawer";
import { LIST_PATHS } from "~/shared/order-lists";
import { withDevice } from "~/shared/device";
import { CountBadge } from "../CartButton";
import { SmartLink } from "../SmartLink";
import * as css from "../shop.css";

const t = koDrawer;

/**
 * The drawer's "my menu" (spec §2): summary, messages, order management with its four lists,
 * cart, then the subscription box. Counts are the member's, or a guest's device's; a guest's
 * links carry the device id (spec: navigation to the account area appends uuid_value).
 */
export function MyMenu({
  summary,
  device,
  cartPath,
  shop,
  side = false,
}: {
  summary: MySummary | null;
  device: string | null;
  cartPath: string;
  shop: Pick<ShopInfo, "point" | "join_point">;
  /** The account area's side menu (wide screens) rather than the drawer. */
  side?: boolean;
}) {
  const member = summary?.member != null;
  const to = (path: string) => (member ? path : withDevice(path, device));
  const row = (path: string, label: string, count: number | undefined, sub = false) => (
    <SmartLink key={path} className={sub ? `${css.drawerLink} ${css.drawerSubLink}` : css.drawerLink} to={path}>
      {label}
      {count ? <CountBadge count={count} testId="menu-count" /> : null}
    </SmartLink>
  );
  const orders = summary?.orders;
  return (
    <>
      <nav className={css.drawerSection} aria-label={t.myMenu} data-testid={side ? "side-menu" : "my-menu"}>
        {member ? row("/myshop", t.myPage, undefined) : null}
        {member ? row("/message", t.messages, summary?.message) : null}
        {row(to(LIST_PATHS.all), t.orders, orders?.all)}
        {row(to(LIST_PATHS.payment), t.payment, orders?.payment, true)}
        {row(to(LIST_PATHS.delivery), t.tracking, orders?.delivery, true)}
        {row(to(LIST_PATHS.confirm), t.confirm, orders?.confirm, true)}
        {row(to(LIST_PATHS.refund), t.claims, orders?.refund, true)}
        {row(cartPath, t.cart, summary?.cart)}
        {row(to("/myshop/favorite"), t.liked, summary?.like)}
        {row(to("/myshop/recent"), t.recent, summary?.recent)}
        {member ? null : row("/user/order_lookup", t.lookup, undefined)}
      </nav>
      <SubscriptionBox membership={summary?.membership ?? null} member={member} shop={shop} side={side} />
    </>
  );
}

/** What the shopper has of this shop's membership, or what joining gives. */
export function membershipLine(
  member: boolean,
  membership: MySummary["membership"],
  shop: Pick<ShopInfo, "point" | "join_point">,
): string {
  if (!member) return t.guestMembership;
  if (membership?.joined) return shop.point ? t.points(membership.point) : t.joined;
  return shop.point && shop.join_point > 0 ? t.joinBonus(shop.join_point) : t.joinPrompt;
}

/** Spec §2's subscription box: this shop's membership and points, or how to get them. */
function SubscriptionBox({
  membership,
  member,
  shop,
  side,
}: {
  membership: MySummary["membership"];
  member: boolean;
  shop: Pick<ShopInfo, "point" | "join_point">;
  side: boolean;
}) {
  const line = membershipLine(member, membership, shop);
  return (
    <div className={css.drawerSection} data-testid={side ? undefined : "subscription-box"}>
      <SmartLink className={`${css.drawerLink} ${css.subscription}`} to="/shop/member_point">
        <span>
          <strong>{t.membership}</strong>
          <span className={css.subscriptionLine}>{line}</span>
        </span>
        <span aria-hidden="true">›</span>
      </SmartLink>
    </div>
  );
}
