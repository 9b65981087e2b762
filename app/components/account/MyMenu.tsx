import type { OrderCounts } from "~/shared/contracts/orders";
import type { z } from "zod";
import { koLifecycle } from "~/shared/messages/lifecycle";
import { ko } from "~/shared/messages";
import { LIST_PATHS } from "~/shared/order-lists";
import { withDevice } from "~/shared/device";
import { CountBadge } from "../CartButton";
import { SmartLink } from "../SmartLink";
import * as css from "../shop.css";

/**
 * The drawer's "my menu" (spec §2): the account area and the order lists with their counts, and
 * the shop's membership and points. A guest gets the order lists of this device.
 */
export function MyMenu({
  counts,
  member,
  device,
}: {
  counts: z.infer<typeof OrderCounts> | null;
  member: boolean;
  device: string | null;
}) {
  const t = koLifecycle.lists;
  const to = (path: string) => (member ? path : withDevice(path, device));
  const row = (path: string, label: string, count?: number) => (
    <SmartLink key={path} className={css.drawerLink} to={to(path)}>
      {label}
      {count ? <CountBadge count={count} testId="menu-count" /> : null}
    </SmartLink>
  );
  return (
    <div className={css.drawerSection} data-testid="my-menu">
      {member ? row("/myshop", ko.drawer.myPage) : null}
      {row(LIST_PATHS.all, ko.drawer.orders, counts?.all)}
      {row(LIST_PATHS.payment, t.tabs.payment, counts?.payment)}
      {row(LIST_PATHS.delivery, ko.drawer.tracking, counts?.delivery)}
      {row(LIST_PATHS.confirm, t.tabs.confirm, counts?.confirm)}
      {row(LIST_PATHS.refund, ko.drawer.claims, counts?.refund)}
      {row("/shop/member_point", ko.drawer.membership)}
    </div>
  );
}
