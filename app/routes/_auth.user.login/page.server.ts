import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { formFailure, redirectAfterLogin, sharePath } from "~/lib/auth-actions.server";
import { cookieHeaders, isNativeAppRequest } from "~/lib/auth.server";
import { LoginForm } from "~/shared/forms/auth";
import { fieldErrors, keptValues } from "~/shared/forms/errors";
import { safeReturnPath } from "~/shared/return-path";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const given = url.searchParams.get("url");
  const returnTo = safeReturnPath(given);
  if (context.member && !isNativeAppRequest(request)) throw redirectAfterLogin(returnTo, new Headers());
  const shop = context.shop;
  // On a custom domain, a member logged in on the shop's sub-domain can bring that login along.
  const onCustomDomain = !!shop.dom3 && url.hostname.toLowerCase() === shop.dom3.toLowerCase();
  return {
    url: given !== null ? returnTo : null,
    required: url.searchParams.has("dom"),
    carry: onCustomDomain
      ? {
          host: `${shop.dom}.${context.config.PLATFORM_DOMAIN}`,
          href: `/api/user/login/redirect?${new URLSearchParams({ url: returnTo, keep: "0" })}`,
        }
      : null,
    carryFailed: url.searchParams.get("carry") === "failed",
    // A Kakao/Naver login that came back without a session says why (decision 115).
    social: url.searchParams.get("social"),
    resetDone: url.searchParams.get("reset") === "done",
    // Sent here by a page that acts for a member whose session has ended (decision 048).
    expired: url.searchParams.get("expired") === "1",
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const values = keptValues(form, ["email", "keep", "url"]);
  const parsed = LoginForm.safeParse(Object.fromEntries(form));
  if (!parsed.success) return data({ errors: fieldErrors(parsed.error), values }, { status: 400 });
  const { email, password, keep } = parsed.data;
  const returnTo = safeReturnPath(parsed.data.url || new URL(request.url).searchParams.get("url"));
  try {
    const result = await context.api.callWithHeaders("login", { body: { email, password, keep } });
    const headers = cookieHeaders(result.headers);
    // Inside the shop's app the app takes over: it is told, instead of the page moving on.
    if (parsed.data.app || isNativeAppRequest(request)) {
      return data({ app: { uid: result.data.uid, url: returnTo } }, { headers });
    }
    // An account that is a member of another shop: this shop asks its one question first
    // (decision 180); the page goes on to where the person was either way.
    if (result.data.share) return redirect(sharePath(returnTo), { headers });
    return redirectAfterLogin(returnTo, headers);
  } catch (error) {
    return formFailure(error, values, [400, 401, 429]);
  }
}
