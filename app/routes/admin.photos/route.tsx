import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { useActionResult } from "~/lib/forms/action-result";
import * as css from "~/components/admin/admin.css";
import * as cartCss from "~/components/cart/cart.css";
import { Outcome } from "~/components/admin/Outcome";
import { requireShopOwner } from "~/lib/admin.server";
import type { action } from "./page.server";
import { useRootData } from "~/lib/root-data";
import { rethrowAsResponse } from "~/lib/shop-loaders.server";
import { MAX_PRODUCT_PHOTO_MB, MAX_PRODUCT_PHOTOS } from "~/shared/limits";
import { koAdmin } from "~/shared/messages/admin";
import { pictureSrcSet } from "~/shared/picture-sizes";
import { PRODUCT_PHOTO_TYPES, UPLOAD_PAGE } from "~/shared/uploads";

const t = koAdmin.photos;

/** One of the shop's own products and its pictures: upload, remove, choose the main one (form posts). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  requireShopOwner(request, context);
  const id = Number(new URL(request.url).searchParams.get("id")) || 0;
  if (id <= 0) throw new Response(koAdmin.errors.notFound, { status: 404 });
  return context.api.call("adminPhotos", { query: { id } }).catch((e) => rethrowAsResponse(e, koAdmin.errors.notFound));
}

export { action } from "./page.server";

/** Product photos are files (decision 154). */
export const handle = UPLOAD_PAGE;

/** One picture's change (make main, remove), a form of its own so it works without scripts. */
function PhotoButton({
  image,
  n,
  intent,
  busy,
}: {
  image: string;
  n: number;
  intent: "main" | "remove";
  busy: boolean;
}) {
  const label = intent === "main" ? t.makeMain : t.remove;
  return (
    <Form method="post" aria-label={`${label} ${n}`}>
      <input type="hidden" name="image" value={image} />
      <button className={cartCss.secondary} name="intent" value={intent} disabled={busy}>
        {label}
      </button>
    </Form>
  );
}

export default function AdminPhotos() {
  const { title, images } = useLoaderData<typeof loader>();
  const result = useActionResult<typeof action>();
  const { storageUrl } = useRootData();
  const [params] = useSearchParams();
  const done = params.get("done") as keyof typeof t.done | null;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const uploading = busy && navigation.formData?.has("photo") === true;
  const full = images.length >= MAX_PRODUCT_PHOTOS;
  return (
    <>
      <p>
        <Link to="/admin/stock">← {t.back}</Link>
      </p>
      <h2 className={cartCss.sectionTitle}>
        {title} · {t.title}
      </h2>
      <Outcome done={done && t.done[done]} error={result?.error} answered={result !== undefined} />
      {images.length === 0 ? <p className={cartCss.muted}>{t.empty}</p> : null}
      <ul className={css.photos}>
        {images.map((key, i) => (
          <li key={key} className={css.photo} data-testid="admin-photo">
            <img
              src={storageUrl + key}
              srcSet={pictureSrcSet(storageUrl, key)}
              sizes="160px"
              alt={t.alt(title, i + 1)}
              width={160}
              height={160}
              loading={i < 4 ? undefined : "lazy"}
            />
            {i === 0 ? <span className={css.badge}>{t.main}</span> : null}
            <div className={css.buttons}>
              {i > 0 ? <PhotoButton image={key} n={i + 1} intent="main" busy={busy} /> : null}
              <PhotoButton image={key} n={i + 1} intent="remove" busy={busy} />
            </div>
          </li>
        ))}
      </ul>
      <Form method="post" noValidate encType="multipart/form-data" className={css.card} aria-label={t.upload}>
        <h3 className={css.cardTitle}>{t.upload}</h3>
        <label className={cartCss.label}>
          <span>{t.file}</span>
          <input
            className={cartCss.input}
            type="file"
            name="photo"
            accept={PRODUCT_PHOTO_TYPES.join(",")}
            required
            disabled={full}
            aria-describedby="photo-hint"
          />
        </label>
        <p id="photo-hint" className={cartCss.mutedFlush}>
          {full ? koAdmin.errors.photoFull(MAX_PRODUCT_PHOTOS) : t.hint(MAX_PRODUCT_PHOTO_MB, MAX_PRODUCT_PHOTOS)}
        </p>
        <button type="submit" name="intent" value="add" className={cartCss.primary} disabled={busy || full}>
          {uploading ? t.sending : t.send}
        </button>
      </Form>
    </>
  );
}
