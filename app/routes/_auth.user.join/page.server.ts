import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { formFailure, redirectAfterLogin, welcomePath } from "~/lib/auth-actions.server";
import { cookieHeaders, isNativeAppRequest } from "~/lib/auth.server";
import { JOIN_CONSENTS, JoinForm } from "~/shared/forms/auth";
import { fieldErrors, keptValues } from "~/shared/forms/errors";
import { safeReturnPath } from "~/shared/return-path";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const given = new URL(request.url).searchParams.get("url");
  const returnTo = safeReturnPath(given);
  if (context.member && !isNativeAppRequest(request)) throw redirectAfterLogin(returnTo, new Headers());
  return { url: given !== null ? returnTo : null };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const values = keptValues(form, ["email", "name", "url", "agree_all", ...JOIN_CONSENTS]);
  const parsed = JoinForm.safeParse(Object.fromEntries(form));
  if (!parsed.success) return data({ errors: fieldErrors(parsed.error), values }, { status: 400 });
  const { email, password, name, agree_terms, agree_privacy, agree_age, agree_marketing } = parsed.data;
  const returnTo = safeReturnPath(parsed.data.url || new URL(request.url).searchParams.get("url"));
  try {
    const result = await context.api.callWithHeaders("join", {
      body: { email, password, name, keep: false, agree_terms, agree_privacy, agree_age, agree_marketing },
    });
    const headers = cookieHeaders(result.headers);
    if (form.get("app") === "1" || isNativeAppRequest(request)) {
      return data({ app: { uid: result.data.uid, url: returnTo } }, { headers });
    }
    // The welcome first (what this shop offers members), then on to where the shopper was.
    return redirect(welcomePath(returnTo), { headers });
  } catch (error) {
    return formFailure(error, values, [400, 409, 429]);
  }
}
