import { data, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { isShopApiError } from "~/shared/api-client.server";
import { fieldErrors, type FieldErrors } from "~/shared/forms/errors";
import { SETTINGS_SECTIONS, ShopSettingsBody, type SettingsSection } from "~/shared/forms/shop-settings";
import { MAX_PROFILE_IMAGE_BYTES } from "~/shared/limits";
import { koShopSettings } from "~/shared/messages/shop-settings";
import { shopLogoPrefix } from "~/shared/uploads";
import { requireShopOwner } from "~/lib/admin.server";
import { PROFILE_IMAGE, removeUpload, storeImage } from "~/lib/uploads.server";

const t = koShopSettings.errors;

export type SettingsResult = {
  /** The form that was posted: only its fields show the errors and what was typed. */
  section: SettingsSection;
  errors?: FieldErrors;
  error?: string;
  values?: Record<string, string>;
};

const LOGO_REFUSALS = {
  type: t.logoType,
  size: t.logoSize(MAX_PROFILE_IMAGE_BYTES / 1024 / 1024),
  side: t.logoType,
} as const;

/** The console's shop settings (decision 107), for the owner of the host's shop only. */
export async function loadSettings(request: Request, context: AppLoadContext) {
  requireShopOwner(request, context);
  return { settings: await context.api.call("adminShopSettings"), storageUrl: context.storageUrl };
}

const back = (done: string) => redirect(`/admin/settings?done=${done}#${done === "logoRemoved" ? "logo" : done}`, 303);

/**
 * One section's form (`section=`), back to the page with `done=` (303). What zod or the API
 * refuses is said by the field, with what was typed kept.
 */
export async function changeSettings(request: Request, context: AppLoadContext) {
  requireShopOwner(request, context);
  const form = await request.formData();
  const section = String(form.get("section") ?? "") as SettingsSection;
  if (!SETTINGS_SECTIONS.includes(section)) throw new Response(null, { status: 400 });
  if (section === "logo") return changeLogo(form, context);
  const values: Record<string, string> = { section };
  for (const [key, value] of form) if (typeof value === "string") values[key] = value;
  const parsed = ShopSettingsBody.safeParse(values);
  if (!parsed.success) return data<SettingsResult>({ section, errors: fieldErrors(parsed.error), values }, 400);
  try {
    await context.api.call("adminShopSettingsSave", { body: parsed.data });
  } catch (error) {
    if (!isShopApiError(error) || error.status >= 500) throw error;
    const errors = error.field ? { [error.field]: error.message } : undefined;
    return data<SettingsResult>({ section, errors, error: errors ? undefined : error.message, values }, error.status);
  }
  return back(section);
}

/**
 * The logo: a new file is stored under the shop's logo prefix, then recorded; a refusal removes
 * it again, and a replaced or removed logo leaves storage once the shop no longer shows it.
 */
async function changeLogo(form: FormData, context: AppLoadContext) {
  const remove = form.get("intent") === "remove";
  const useLogo = form.get("use_logo") === "on";
  const bucket = context.env.FILES;
  const before = await context.api.call("adminShopSettings");
  let logo = remove ? null : before.logo;
  let stored: string | null = null;
  const file = form.get("logo");
  if (!remove && file instanceof File && file.size > 0) {
    const kept = await storeImage(bucket, shopLogoPrefix(context.shop.shopid), file, PROFILE_IMAGE);
    if (!kept.ok) return data<SettingsResult>({ section: "logo", errors: { logo: LOGO_REFUSALS[kept.reason] } }, 400);
    logo = stored = kept.key;
  } else if (!remove && !logo && useLogo) {
    return data<SettingsResult>({ section: "logo", errors: { logo: t.logoMissing } }, 400);
  }
  try {
    await context.api.call("adminShopSettingsSave", { body: { section: "logo", logo, use_logo: useLogo } });
  } catch (error) {
    if (stored) await removeUpload(bucket, stored);
    if (!isShopApiError(error) || error.status >= 500) throw error;
    return data<SettingsResult>({ section: "logo", errors: { logo: error.message } }, error.status);
  }
  if (before.logo && before.logo !== logo) await removeUpload(bucket, before.logo);
  return back(remove ? "logoRemoved" : "logo");
}
