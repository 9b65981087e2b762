import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { identityProvider } from "~/lib/identity.server";
import { loginPath, safeReturnPath } from "~/shared/return-path";

/**
 * Identity verification for a shopper who is not logged in (for example a guest ordering an
 * adult-only product). Members verify from their account page instead.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  if (context.member) throw redirect("/user/info?auth=1");
  const returnTo = safeReturnPath(new URL(request.url).searchParams.get("url"));
  return {
    available: identityProvider(context.config) !== null,
    returnTo,
    login: loginPath(returnTo, context.shop.dom),
  };
}
