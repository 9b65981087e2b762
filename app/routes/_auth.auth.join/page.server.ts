import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { formFailure, redirectAfterLogin, withoutDeviceId } from "~/lib/auth-actions.server";
import { cookieHeaders } from "~/lib/auth.server";
import { isShopApiError } from "~/shared/api-client.server";
import { JOIN_CONSENTS } from "~/shared/forms/auth";
import { fieldErrors, keptValues } from "~/shared/forms/errors";
import { ShareDeclineForm, SocialJoinForm, SocialShareForm } from "~/shared/forms/social-login";
import { safeReturnPath } from "~/shared/return-path";

/**
 * The pending sign-up this browser holds (its cookie), or why there is none; else, for an account
 * logged in here that is a member of another shop and was not asked here yet, the one-tap question
 * (decision 180). Nothing to ask (answered, or a member here): a way on to where they were going
 * — not a redirect, as the page also answers its own refused posts.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = safeReturnPath(new URL(request.url).searchParams.get("url"));
  try {
    const pending = await context.api.call("socialSignupInfo", {});
    return { pending, session: null, url, answered: false };
  } catch (error) {
    if (!(isShopApiError(error) && error.status === 410)) throw error;
  }
  if (!context.member) return { pending: null, session: null, url, answered: false };
  const question = await context.api.call("shareQuestion", {});
  if (!question.ask || !question.account) return { pending: null, session: null, url, answered: true };
  const session = { account: question.account, join_point: question.join_point };
  return { pending: null, session, url, answered: false };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  // An account from another shop: one tap of consent, nothing typed (decisions 177, 180).
  if (form.get("intent") === "share") {
    const values = keptValues(form, []);
    const shared = SocialShareForm.safeParse(Object.fromEntries(form));
    if (!shared.success) return data({ errors: fieldErrors(shared.error), values }, { status: 400 });
    try {
      const result = await context.api.callWithHeaders("shareJoin", {
        body: { agree_share: true, url: shared.data.url },
      });
      return redirectAfterLogin(result.data.url, cookieHeaders(result.headers));
    } catch (error) {
      return formFailure(error, values, [400, 401, 410, 429]);
    }
  }
  // No to it (an account logged in here): not asked again, and on to where the person was.
  if (form.get("intent") === "decline") {
    const values = keptValues(form, []);
    const declined = ShareDeclineForm.safeParse(Object.fromEntries(form));
    if (!declined.success) return data({ errors: fieldErrors(declined.error), values }, { status: 400 });
    try {
      await context.api.call("shareDecline", {});
      return redirectAfterLogin(safeReturnPath(declined.data.url), new Headers());
    } catch (error) {
      return formFailure(error, values, [400, 401]);
    }
  }
  const values = keptValues(form, ["name", "agree_all", ...JOIN_CONSENTS]);
  const parsed = SocialJoinForm.safeParse(Object.fromEntries(form));
  if (!parsed.success) return data({ errors: fieldErrors(parsed.error), values }, { status: 400 });
  const { name, agree_terms, agree_privacy, agree_age, agree_marketing } = parsed.data;
  try {
    const result = await context.api.callWithHeaders("socialSignup", {
      body: { name, agree_terms, agree_privacy, agree_age, agree_marketing },
    });
    return redirect(withoutDeviceId(result.data.url), { headers: cookieHeaders(result.headers) });
  } catch (error) {
    return formFailure(error, values, [400, 410, 429]);
  }
}
