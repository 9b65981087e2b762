import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import * as cartCss from "~/components/cart/cart.css";
import { requireShopOwner, savePointTerms, type PointTermsResult } from "~/lib/admin.server";
import { koAdmin } from "~/shared/messages/admin";

const t = koAdmin.points;

/** The shop's points: whether members earn and use them, the rate and the unit (decision 055). */
export function loader({ request, context }: LoaderFunctionArgs) {
  requireShopOwner(request, context);
  const { point, point_rate, point_unit } = context.shop;
  return { point, point_rate, point_unit };
}

export const action = ({ request, context }: ActionFunctionArgs) => savePointTerms(request, context);

export default function AdminPoints() {
  const terms = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as PointTermsResult | undefined;
  const [params] = useSearchParams();
  const values = result?.values;
  const errors = result?.errors ?? {};
  return (
    <>
      <h2 className={cartCss.sectionTitle}>{t.title}</h2>
      {params.get("saved") ? (
        <div className={cartCss.success} role="status">
          {t.saved}
        </div>
      ) : null}
      <Form method="post" className={`${cartCss.section} ${cartCss.fields}`} aria-label={t.title}>
        <label style={{ display: "flex", gap: 8, alignItems: "center" }}>
          <input type="checkbox" name="point" defaultChecked={values ? values.point === "on" : terms.point} />
          <span>{t.enabled}</span>
        </label>
        <label className={cartCss.label}>
          <span>{t.rate}</span>
          <input
            className={cartCss.input}
            name="point_rate"
            inputMode="decimal"
            defaultValue={values?.point_rate ?? String(terms.point_rate)}
            aria-invalid={errors.point_rate ? true : undefined}
            required
          />
          {errors.point_rate ? <span className={cartCss.fieldError}>{errors.point_rate}</span> : null}
        </label>
        <label className={cartCss.label}>
          <span>{t.unit}</span>
          <input
            className={cartCss.input}
            name="point_unit"
            inputMode="numeric"
            defaultValue={values?.point_unit ?? String(terms.point_unit)}
            aria-invalid={errors.point_unit ? true : undefined}
            required
          />
          {errors.point_unit ? <span className={cartCss.fieldError}>{errors.point_unit}</span> : null}
        </label>
        <button type="submit" className={cartCss.primary}>
          {t.save}
        </button>
      </Form>
    </>
  );
}
