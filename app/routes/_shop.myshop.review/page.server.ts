import {
  data,
  redirect,
  type ActionFunctionArgs,
  type AppLoadContext,
  type LoaderFunctionArgs,
} from "@remix-run/cloudflare";
import { isShopApiError } from "~/shared/api-client.server";
import { ReviewFields } from "~/shared/forms/reviews";
import { fieldErrors, type FieldErrors } from "~/shared/forms/errors";
import { formatCount } from "~/shared/format";
import { MAX_PRODUCT_PHOTO_MB, MAX_PRODUCT_PHOTO_SIDE } from "~/shared/limits";
import { koReviews } from "~/shared/messages/reviews";
import { MAX_REVIEW_PHOTOS, parseLineParam, reviewPhotoPrefix, type ReviewKind } from "~/shared/reviews";
import { requireMember } from "~/lib/auth.server";
import { loginAgainIfExpired } from "~/lib/cart.server";
import { withoutMetadata } from "~/lib/image-metadata.server";
import { productPhoto, removeUpload, storeImage } from "~/lib/uploads.server";

const t = koReviews.errors;

const UPLOAD_REFUSALS = {
  type: t.photoType,
  size: t.photoSize(MAX_PRODUCT_PHOTO_MB),
  side: t.photoSide(formatCount(MAX_PRODUCT_PHOTO_SIDE)),
} as const;

export type ReviewResult = { errors?: FieldErrors; values?: Record<string, string>; error?: string };

/** The order line of the address (`order`, `line=<product>-<option>`, `extras`, `kind`); 404 otherwise. */
function lineOf(request: Request) {
  const q = new URL(request.url).searchParams;
  const order = Number(q.get("order"));
  const line = parseLineParam(q.get("line"));
  if (!Number.isSafeInteger(order) || order <= 0 || !line) throw new Response(null, { status: 404 });
  const kind: ReviewKind = q.get("kind") === "MONTH" ? "MONTH" : "NORMAL";
  return {
    order_id: order,
    product_id: line.productId,
    option_id: line.optionId,
    extras: q.get("extras") ?? "",
    kind,
  };
}

async function target(request: Request, context: AppLoadContext) {
  try {
    return await context.api.call("reviewTarget", { query: lineOf(request) });
  } catch (error) {
    loginAgainIfExpired(error, request);
    if (isShopApiError(error) && error.status < 500) throw new Response(null, { status: 404 });
    throw error;
  }
}

/** The review page of one line the member bought: write, edit or delete (personal: never cached). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  requireMember(request, context);
  const found = await target(request, context);
  const q = new URL(request.url).searchParams;
  return data(
    {
      target: found,
      saved: q.get("saved") === "1",
      removed: q.get("removed") === "1",
      reward: Number(q.get("reward")) || 0,
      notMember: q.get("nm") === "1",
    },
    { headers: { "cache-control": "private, no-store" } },
  );
}

/**
 * A review's post (multipart, `intent=save|delete`). New photos are stripped of their metadata and
 * stored under the shop's review prefix first; if the API refuses the review they are removed again.
 */
export async function action(args: ActionFunctionArgs) {
  const form = await args.request.formData();
  // What was typed comes back with every answer but the saved one (issue 52): a refusal, and a
  // failure of the API or the storage alike, draw the form again with it.
  const values = {
    rating: String(form.get("rating") ?? ""),
    body: String(form.get("body") ?? ""),
    repurchase: form.get("repurchase") ? "on" : "",
  };
  try {
    return await save(args, form, values);
  } catch (error) {
    // A redirect (log in again) or the page's 404 stays what it is.
    if (error instanceof Response) throw error;
    args.context.log.error("review not saved", error);
    return data<ReviewResult>({ error: t.saveFailed, values }, 503);
  }
}

async function save({ request, context }: ActionFunctionArgs, form: FormData, values: Record<string, string>) {
  const member = requireMember(request, context);
  const found = await target(request, context);
  const here = new URL(request.url);
  const back = (params: Record<string, string>) => {
    const q = new URLSearchParams(here.search);
    for (const k of ["saved", "removed", "reward", "nm"]) q.delete(k);
    for (const [k, v] of Object.entries(params)) q.set(k, v);
    return `/myshop/review?${q.toString()}`;
  };
  if (form.get("intent") === "delete") {
    if (!found.review) throw new Response(null, { status: 404 });
    await context.api.call("reviewDelete", { body: { id: found.review.id } });
    return redirect(back({ removed: "1" }), 303);
  }
  const parsed = ReviewFields.safeParse({
    rating: form.get("rating") ?? undefined,
    body: form.get("body") ?? undefined,
    repurchase: form.get("repurchase") ?? undefined,
  });
  if (!parsed.success) return data<ReviewResult>({ errors: fieldErrors(parsed.error), values }, 400);
  if (found.refusal && !found.review) return data<ReviewResult>({ error: refusalText(found.refusal), values }, 409);
  const removed = new Set(form.getAll("remove_photo").map(String));
  const kept = (found.review?.photos ?? []).filter((p) => !removed.has(p));
  const files = form.getAll("photo").filter((f): f is File => f instanceof File && f.size > 0);
  if (kept.length + files.length > MAX_REVIEW_PHOTOS) {
    return data<ReviewResult>({ errors: { photo: t.photoCount }, values }, 400);
  }
  const bucket = context.env.FILES;
  const prefix = reviewPhotoPrefix(context.shop.shopid, member.uid);
  const stored: string[] = [];
  for (const file of files) {
    const saved = await storeImage(bucket, prefix, await withoutMetadata(file), productPhoto(context.env.IMAGES));
    if (!saved.ok) {
      await Promise.all(stored.map((k) => removeUpload(bucket, k)));
      return data<ReviewResult>({ errors: { photo: UPLOAD_REFUSALS[saved.reason] }, values }, 400);
    }
    stored.push(saved.key);
  }
  const { order_id, product_id, option_id, extras, kind } = lineOf(request);
  try {
    const result = await context.api.call("reviewSave", {
      body: {
        ...parsed.data,
        order_id,
        product_id,
        option_id,
        extras,
        kind,
        id: found.review?.id,
        photos: [...kept, ...stored],
      },
    });
    // Photos the edit took out are no longer shown anywhere.
    await Promise.all([...removed].filter((k) => k.startsWith(prefix)).map((k) => removeUpload(bucket, k)));
    const params: Record<string, string> = { saved: "1" };
    if (result.reward > 0) params.reward = String(result.reward);
    if (!found.review && !result.member) params.nm = "1";
    return redirect(back(params), 303);
  } catch (error) {
    await Promise.all(stored.map((k) => removeUpload(bucket, k)));
    if (!isShopApiError(error) || error.status >= 500) throw error;
    return data<ReviewResult>({ error: error.message, values }, error.status as 400);
  }
}

function refusalText(refusal: string): string {
  return (t.refusal as Record<string, string>)[refusal] ?? t.refusal.not_found;
}
