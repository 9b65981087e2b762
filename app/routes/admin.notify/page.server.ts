import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { fieldErrors, type FieldErrors } from "~/shared/forms/errors";
import { NotifySettingsBody } from "~/shared/forms/notify";
import { requireShopOwner } from "~/lib/admin.server";

export type NotifySettingsResult = { errors?: FieldErrors; values?: Record<string, string> };

/** The shop's 알림톡 settings and its latest sends (decision 131), for its owner only. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  requireShopOwner(request, context);
  return { settings: await context.api.call("adminNotifySettings") };
}

/** The settings form, a plain post: back to the page with `saved=1` (303), or the message by the field. */
export async function action({ request, context }: ActionFunctionArgs) {
  requireShopOwner(request, context);
  const values = Object.fromEntries([...(await request.formData())].map(([k, v]) => [k, String(v)]));
  const parsed = NotifySettingsBody.safeParse(values);
  if (!parsed.success) return data<NotifySettingsResult>({ errors: fieldErrors(parsed.error), values }, 400);
  await context.api.call("adminNotifySettingsSave", { body: parsed.data });
  return redirect("/admin/notify?saved=1", 303);
}
