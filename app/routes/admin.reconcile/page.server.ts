import { data, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { z } from "zod";
import { isShopApiError } from "~/shared/api-client.server";
import { requireShopOwner } from "~/lib/admin.server";

/** A Korean calendar day as the page's date field sends it; anything else shows today. */
const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** 정산 대사 (decision 144): the owner's page of a day, for the owner of the host's shop only. */
export async function loadReconciliation(request: Request, context: AppLoadContext) {
  requireShopOwner(request, context);
  const asked = Day.safeParse(new URL(request.url).searchParams.get("day"));
  return context.api.call("adminReconciliation", { query: asked.success ? { day: asked.data } : {} });
}

/** 지금 대사하기: the day checked against Toss now, then the same page (303), also without scripts. */
export async function checkNow(request: Request, context: AppLoadContext) {
  requireShopOwner(request, context);
  const day = Day.safeParse((await request.formData()).get("day"));
  if (!day.success) throw new Response(null, { status: 400 });
  try {
    await context.api.call("adminReconcile", { body: { day: day.data } });
  } catch (error) {
    if (!isShopApiError(error) || error.status >= 500) throw error;
    return data({ error: error.message }, error.status);
  }
  return redirect(`/admin/reconcile?day=${day.data}`, 303);
}
