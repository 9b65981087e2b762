import { data, redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { isShopApiError } from "~/shared/api-client.server";
import { PhotoChangeBody } from "~/shared/forms/admin";
import { formatCount } from "~/shared/format";
import { MAX_PRODUCT_PHOTO_MB, MAX_PRODUCT_PHOTO_SIDE } from "~/shared/limits";
import { koAdmin } from "~/shared/messages/admin";
import { PHONE_CARD_WIDTHS, sizedKey } from "~/shared/picture-sizes";
import { productPhotoPrefix } from "~/shared/uploads";
import { deriveSizedPicture } from "../../../functions/picture-sizes";
import { productPhoto, removeShopPhotos, removeUpload, storeImage } from "~/lib/uploads.server";
import { requireShopOwner } from "~/lib/admin.server";

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
export async function action({ request, context }: ActionFunctionArgs) {
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
  let unused: string[] = [];
  try {
    ({ unused } = await context.api.call("adminPhotoChange", { body: parsed.data }));
  } catch (error) {
    if (intent === "add") await removeUpload(bucket, photo);
    if (!isShopApiError(error) || error.status >= 500) throw error;
    return data<PhotoResult>({ error: error.message }, error.status);
  }
  // After the write, only what no product of the shop shows any more (another may share the file).
  await removeShopPhotos(bucket, context.shop.shopid, unused);
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
