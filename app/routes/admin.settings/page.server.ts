import { data, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { isShopApiError } from "~/shared/api-client.server";
import { fieldErrors, type FieldErrors } from "~/shared/forms/errors";
import { pickedColours, SETTINGS_SECTIONS, ShopSettingsBody, type SettingsSection } from "~/shared/forms/shop-settings";
import { MAX_PROFILE_IMAGE_BYTES } from "~/shared/limits";
import { koShopSettings } from "~/shared/messages/shop-settings";
import { isUpload, shopBackgroundPrefix, shopLogoPrefix } from "~/shared/uploads";
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

type Stored = { ok: true; key: string | null } | { ok: false; result: SettingsResult };

/**
 * The display section's backdrop of the shop's own: a new file is stored under the shop's
 * backdrop prefix; "own" without a file keeps the one stored, if any.
 */
async function storeBackground(
  form: FormData,
  values: Record<string, string>,
  context: AppLoadContext,
  before: string,
): Promise<Stored> {
  if (values.bgimg !== "own") return { ok: true, key: null };
  const file = form.get("bg_file");
  if (file instanceof File && file.size > 0) {
    const prefix = shopBackgroundPrefix(context.shop.shopid);
    const kept = await storeImage(context.env.FILES, prefix, file, PROFILE_IMAGE);
    if (kept.ok) return { ok: true, key: kept.key };
    return { ok: false, result: { section: "display", errors: { bgimg: LOGO_REFUSALS[kept.reason] }, values } };
  }
  if (isUpload(before)) return { ok: true, key: before };
  return { ok: false, result: { section: "display", errors: { bgimg: t.bgMissing }, values } };
}

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
  let values: Record<string, string> = { section };
  for (const [key, value] of form) if (typeof value === "string") values[key] = value;
  if (section === "colours") values = pickedColours(values);
  // The backdrop's key is the page's own upload's, never what was posted.
  delete values.bg_key;
  const before = section === "display" ? (await context.api.call("adminShopSettings")).bgimg : "";
  let stored: string | null = null;
  if (section === "display") {
    const background = await storeBackground(form, values, context, before);
    if (!background.ok) return data<SettingsResult>(background.result, 400);
    stored = background.key !== before ? background.key : null;
    if (background.key) values.bg_key = background.key;
  }
  const parsed = ShopSettingsBody.safeParse(values);
  const refuse = async (result: SettingsResult, status: number) => {
    if (stored) await removeUpload(context.env.FILES, stored);
    delete values.bg_key;
    return data<SettingsResult>(result, status);
  };
  if (!parsed.success) return refuse({ section, errors: fieldErrors(parsed.error), values }, 400);
  let saved;
  try {
    saved = await context.api.call("adminShopSettingsSave", { body: parsed.data });
  } catch (error) {
    if (!isShopApiError(error) || error.status >= 500) {
      if (stored) await removeUpload(context.env.FILES, stored);
      throw error;
    }
    const errors = error.field ? { [error.field]: error.message } : undefined;
    return refuse({ section, errors, error: errors ? undefined : error.message, values }, error.status);
  }
  // A replaced or dropped backdrop leaves storage once the shop no longer shows it.
  if (isUpload(before) && saved.bgimg !== before) await removeUpload(context.env.FILES, before);
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
