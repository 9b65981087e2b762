import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { formFailure, withoutDeviceId } from "~/lib/auth-actions.server";
import { cookieHeaders } from "~/lib/auth.server";
import { isShopApiError } from "~/shared/api-client.server";
import { JOIN_CONSENTS } from "~/shared/forms/auth";
import { fieldErrors, keptValues } from "~/shared/forms/errors";
import { SocialJoinForm, SocialShareForm } from "~/shared/forms/social-login";

/** The pending sign-up this browser holds (its cookie), or why there is none. */
export async function loader({ context }: LoaderFunctionArgs) {
  try {
    const pending = await context.api.call("socialSignupInfo", {});
    return { pending };
  } catch (error) {
    if (isShopApiError(error) && error.status === 410) return { pending: null };
    throw error;
  }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  // An account from another shop: one tap of consent, nothing typed (decision 177).
  if (form.get("intent") === "share") {
    const values = keptValues(form, []);
    const shared = SocialShareForm.safeParse(Object.fromEntries(form));
    if (!shared.success) return data({ errors: fieldErrors(shared.error), values }, { status: 400 });
    try {
      const result = await context.api.callWithHeaders("socialShareJoin", { body: { agree_share: true } });
      return redirect(withoutDeviceId(result.data.url), { headers: cookieHeaders(result.headers) });
    } catch (error) {
      return formFailure(error, values, [400, 410, 429]);
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
