import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { formFailure } from "~/lib/auth-actions.server";
import { ForgetForm, ResetForm } from "~/shared/forms/auth";
import { fieldErrors, keptValues } from "~/shared/forms/errors";

/** Without a token: ask for the address. With one (the mailed link): ask for the new password. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token");
  if (token === null) return { token: null, valid: false };
  const { valid } = await context.api.call("resetCheck", { query: { token: token.slice(0, 100) } });
  return { token, valid };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  if (form.has("token")) {
    const parsed = ResetForm.safeParse(Object.fromEntries(form));
    if (!parsed.success) return data({ errors: fieldErrors(parsed.error), values: {} }, { status: 400 });
    try {
      await context.api.call("reset", { body: { token: parsed.data.token, password: parsed.data.password } });
    } catch (error) {
      return formFailure(error, {}, [400]);
    }
    return redirect("/user/login?reset=done");
  }
  const values = keptValues(form, ["email"]);
  const parsed = ForgetForm.safeParse(Object.fromEntries(form));
  if (!parsed.success) return data({ errors: fieldErrors(parsed.error), values }, { status: 400 });
  try {
    await context.api.call("forget", { body: { email: parsed.data.email } });
  } catch (error) {
    return formFailure(error, values, [429]);
  }
  // The same answer whether or not the address has an account.
  return data({ sent: true, values });
}
