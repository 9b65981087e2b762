import { data, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { isShopApiError } from "~/shared/api-client.server";
import {
  NoticeBody,
  NoticeDeleteBody,
  PhotoChangeBody,
  PointTermsBody,
  StockBody,
  TrackingIdsBody,
} from "~/shared/forms/admin";
import { formatCount } from "~/shared/format";
import { MAX_PRODUCT_PHOTO_MB, MAX_PRODUCT_PHOTO_SIDE } from "~/shared/limits";
import { koAdmin } from "~/shared/messages/admin";
import { PHONE_CARD_WIDTHS, sizedKey } from "~/shared/picture-sizes";
import { productPhotoPrefix } from "~/shared/uploads";
import { deriveSizedPicture } from "../../functions/picture-sizes";
import { productPhoto, removeUpload, storeImage } from "./uploads.server";
import { fieldErrors, type FieldErrors } from "~/shared/forms/errors";
import type { Member } from "../../functions/auth/member";
import { requireMember } from "./auth.server";

/**
 * The console's door: a guest logs in first; a member who neither owns this shop (user id = shop
 * uid) nor is a platform admin gets the plain 404 page, as if there were no console. The API
 * checks the same again on every call (`requireOwner`).
 */
export function requireShopOwner(request: Request, context: AppLoadContext): Member {
  const member = requireMember(request, context);
  if (member.uid !== context.shop.uid && !member.admin) throw new Response(null, { status: 404 });
  return member;
}

export type StockResult = { option?: number; error?: string; value?: string };

/** One option's stock from the console's form; back to the list with `saved=` (303). */
export async function saveStock(request: Request, context: AppLoadContext) {
  requireShopOwner(request, context);
  const form = Object.fromEntries(await request.formData());
  const option = Number(form.option_id) || undefined;
  const parsed = StockBody.safeParse(form);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    return data<StockResult>({ option, error: errors.stock ?? errors.option_id, value: String(form.stock ?? "") }, 400);
  }
  try {
    await context.api.call("adminStockSet", { body: parsed.data });
  } catch (error) {
    if (!isShopApiError(error) || error.status >= 500) throw error;
    return data<StockResult>({ option, error: error.message, value: String(form.stock ?? "") }, error.status);
  }
  const back = new URL(request.url);
  back.searchParams.set("saved", String(parsed.data.option_id));
  return redirect(back.pathname + back.search, 303);
}

export type NoticeResult = { id?: number; errors?: FieldErrors; error?: string; values?: Record<string, string> };

/** A notice written, edited or deleted from the console (intent=save|delete); back to the list (303). */
export async function writeNotice(request: Request, context: AppLoadContext) {
  requireShopOwner(request, context);
  const form = Object.fromEntries(await request.formData());
  const values = Object.fromEntries(Object.entries(form).map(([k, v]) => [k, String(v)]));
  const id = Number(values.id) || undefined;
  const back = new URL(request.url);
  try {
    if (values.intent === "delete") {
      const parsed = NoticeDeleteBody.safeParse(values);
      if (!parsed.success) throw new Response(null, { status: 400 });
      await context.api.call("adminNoticeDelete", { body: parsed.data });
      back.searchParams.set("done", "deleted");
      return redirect(back.pathname + back.search, 303);
    }
    const parsed = NoticeBody.safeParse(values);
    if (!parsed.success) return data<NoticeResult>({ id, errors: fieldErrors(parsed.error), values }, 400);
    await context.api.call("adminNoticeSave", { body: parsed.data });
  } catch (error) {
    if (!isShopApiError(error) || error.status >= 500) throw error;
    return data<NoticeResult>({ id, error: error.message, values }, error.status);
  }
  back.searchParams.set("done", "saved");
  return redirect(back.pathname + back.search, 303);
}

export type PointTermsResult = { errors?: FieldErrors; values?: Record<string, string> };

/** The shop's point terms from the console's form; back to the page with `saved=1` (303). */
export async function savePointTerms(request: Request, context: AppLoadContext) {
  requireShopOwner(request, context);
  const values = Object.fromEntries([...(await request.formData())].map(([k, v]) => [k, String(v)]));
  const parsed = PointTermsBody.safeParse(values);
  if (!parsed.success) return data<PointTermsResult>({ errors: fieldErrors(parsed.error), values }, 400);
  await context.api.call("adminPointTerms", { body: parsed.data });
  return redirect("/admin/points?saved=1", 303);
}

export type TrackingIdsResult = { errors?: FieldErrors; values?: Record<string, string> };

/** The shop's ad and analytics tag ids from the console's form; back with `saved=1` (303). */
export async function saveTrackingIds(request: Request, context: AppLoadContext) {
  requireShopOwner(request, context);
  const values = Object.fromEntries([...(await request.formData())].map(([k, v]) => [k, String(v)]));
  const parsed = TrackingIdsBody.safeParse(values);
  if (!parsed.success) return data<TrackingIdsResult>({ errors: fieldErrors(parsed.error), values }, 400);
  await context.api.call("adminTracking", { body: parsed.data });
  return redirect("/admin/marketing?saved=1", 303);
}

export type PhotoResult = { error?: string };

const UPLOAD_REFUSALS = {
  type: koAdmin.errors.photoType,
  size: koAdmin.errors.photoSize(MAX_PRODUCT_PHOTO_MB),
  side: koAdmin.errors.photoSide(formatCount(MAX_PRODUCT_PHOTO_SIDE)),
} as const;

/**
 * A product's pictures from the console (intent=add|remove|main); back to the page with `done=`
 * (303). An upload is stored first under the product's prefix, then recorded by the API; if the
 * API refuses it, the file is removed again, so storage keeps no picture nothing shows.
 */
export async function changePhotos(request: Request, context: AppLoadContext) {
  requireShopOwner(request, context);
  const productId = Number(new URL(request.url).searchParams.get("id")) || 0;
  if (productId <= 0) throw new Response(null, { status: 404 });
  const form = await request.formData();
  const intent = form.get("intent") ?? "add";
  const bucket = context.env.FILES;
  let image = form.get("image");
  if (intent === "add") {
    const file = form.get("photo");
    if (!(file instanceof File) || file.size === 0)
      return data<PhotoResult>({ error: koAdmin.errors.photoMissing }, 400);
    const prefix = productPhotoPrefix(context.shop.shopid, productId);
    const stored = await storeImage(bucket, prefix, file, productPhoto(context.env.IMAGES));
    if (!stored.ok) return data<PhotoResult>({ error: UPLOAD_REFUSALS[stored.reason] }, 400);
    image = stored.key;
  }
  const parsed = PhotoChangeBody.safeParse({ intent, product_id: productId, image });
  if (!parsed.success) throw new Response(null, { status: 400 });
  const photo = parsed.data.image;
  try {
    await context.api.call("adminPhotoChange", { body: parsed.data });
  } catch (error) {
    if (intent === "add") await removeUpload(bucket, photo);
    if (!isShopApiError(error) || error.status >= 500) throw error;
    return data<PhotoResult>({ error: error.message }, error.status);
  }
  if (intent === "remove") await removeUpload(bucket, photo);
  if (intent === "add") {
    // The sizes a phone asks first are made now, not on the first shopper's visit.
    const made = PHONE_CARD_WIDTHS.map((w) =>
      deriveSizedPicture(bucket, context.env.IMAGES, sizedKey(photo, w), context.log),
    );
    context.waitUntil(Promise.all(made));
  }
  const done = { add: "added", remove: "removed", main: "main" }[parsed.data.intent];
  return redirect(`/admin/photos?id=${productId}&done=${done}`, 303);
}
