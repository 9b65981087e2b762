import type { MySummary } from "~/shared/contracts/account";
import type { ShopInfo } from "~/shared/contracts";
import { koDrawer } from "~/shared/messages/shop/drawer";
import { LIST_PATHS } from "~/shared/order-lists";
import { withDevice } from "~/shared/device";
import { CountBadge } from "../CartButton";
import { SmartLink } from "../SmartLink";
import * as css from "../shop.css";
import { useSlots } from "~/lib/slots";
import { SLOT, type CountName } from "~/shared/slots";
import { membershipLine } from "~/shared/membership-line";

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
  // A page kept for every visitor draws every row and badge, marked: the Worker keeps and counts
  // the visitor's (decision 122).
  const slots = useSlots();
  const to = (path: string) => (member ? path : withDevice(path, device));
  const row = (
    path: string,
    label: string,
    count: number | undefined,
    {
      sub = false,
      slot,
      only,
      device: withId = false,
    }: { sub?: boolean; slot?: CountName; only?: string; device?: boolean } = {},
  ) => (
    <SmartLink
      key={path}
      className={sub ? `${css.drawerLink} ${css.drawerSubLink}` : css.drawerLink}
      to={path}
      {...(slots ? { ...(only ? { [SLOT.only]: only } : {}), ...(withId ? { [SLOT.device]: "" } : {}) } : {})}
    >
      {label}
      {count || (slots && slot) ? <CountBadge count={count ?? 0} testId="menu-count" slot={slot} /> : null}
    </SmartLink>
  );
  const orders = summary?.orders;
  const ordersRow = (list: Exclude<keyof typeof LIST_PATHS, "ready" | "refundable_cash">, label: string) =>
    row(to(LIST_PATHS[list]), label, orders?.[list], { sub: list !== "all", slot: `orders.${list}`, device: true });
  return (
    <>
      <nav className={css.drawerSection} aria-label={t.myMenu} data-testid={side ? "side-menu" : "my-menu"}>
        {member || slots ? row("/myshop", t.myPage, undefined, { only: "member" }) : null}
        {member || slots ? row("/message", t.messages, summary?.message, { slot: "message", only: "member" }) : null}
        {ordersRow("all", t.orders)}
        {ordersRow("payment", t.payment)}
        {ordersRow("delivery", t.tracking)}
        {ordersRow("confirm", t.confirm)}
        {ordersRow("refund", t.claims)}
        {row(cartPath, t.cart, summary?.cart, { slot: "cart", device: true })}
        {row(to("/myshop/favorite"), t.liked, summary?.like, { slot: "like", device: true })}
        {row(to("/myshop/recent"), t.recent, summary?.recent, { slot: "recent", device: true })}
        {member && !slots ? null : row("/user/order_lookup", t.lookup, undefined, { only: "guest" })}
      </nav>
      <SubscriptionBox membership={summary?.membership ?? null} member={member} shop={shop} side={side} />
    </>
  );
}

/** What the shopper has of this shop's membership, or what joining gives (app/shared, the Worker says it too). */
export { membershipLine };

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
  const slots = useSlots();
  return (
    <div className={css.drawerSection} data-testid={side ? undefined : "subscription-box"}>
      <SmartLink className={`${css.drawerLink} ${css.subscription}`} to="/shop/member_point">
        <span>
          <strong>{t.membership}</strong>
          <span className={css.subscriptionLine} {...(slots ? { [SLOT.text]: "membership" } : {})}>
            {line}
          </span>
        </span>
        <span aria-hidden="true">›</span>
      </SmartLink>
    </div>
  );
}
