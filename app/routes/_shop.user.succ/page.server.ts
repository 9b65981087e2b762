import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { safeReturnPath } from "~/shared/return-path";

/**
 * /user/succ: the welcome after sign-up (issue 11, point 5). It says what this shop gives its
 * members (the join points, when it runs points) and takes the shopper back to where they were.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const returnTo = safeReturnPath(new URL(request.url).searchParams.get("url"));
  if (!context.member) throw redirect(returnTo);
  // What joining this shop would grant now; nothing to offer when it runs no points.
  const membership = context.shop.point
    ? await context.api.call("isMember", { query: { shopid: context.shop.shopid } }).catch(() => null)
    : null;
  return {
    name: context.member.name,
    returnTo,
    member: membership ? membership.id !== null : false,
    joinPoint: membership && membership.id === null ? membership.join_point : 0,
  };
}
