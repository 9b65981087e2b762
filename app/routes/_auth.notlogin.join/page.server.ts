import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { loginPath, safeReturnPath } from "~/shared/return-path";

/**
 * Joining a shop as a member (points, members-only products) needs an account: a guest is asked
 * to log in or sign up and comes back to `url` afterwards. A member goes straight on.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const returnTo = safeReturnPath(new URL(request.url).searchParams.get("url"));
  if (context.member) throw redirect(returnTo);
  return {
    login: loginPath(returnTo, context.shop.dom),
    join: `/user/join?${new URLSearchParams({ url: returnTo })}`,
  };
}
