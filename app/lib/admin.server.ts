import { data, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { isShopApiError } from "~/shared/api-client.server";
import { NoticeBody, NoticeDeleteBody, PointTermsBody, StockBody, TrackingIdsBody } from "~/shared/forms/admin";
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
