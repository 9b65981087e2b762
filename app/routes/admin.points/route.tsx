import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useLoaderData, useSearchParams } from "@remix-run/react";
import { useActionResult } from "~/lib/forms/action-result";
import * as cartCss from "~/components/cart/cart.css";
import { Field } from "~/components/ui/Field";
import { requireShopOwner } from "~/lib/admin.server";
import type { action } from "./page.server";
import { koAdmin } from "~/shared/messages/admin";
import { Outcome } from "~/components/admin/Outcome";

const t = koAdmin.points;

/** The shop's points: whether members earn and use them, the rate and the unit (decision 055). */
export function loader({ request, context }: LoaderFunctionArgs) {
  requireShopOwner(request, context);
  const { point, point_rate, point_unit } = context.shop;
  return { point, point_rate, point_unit };
}

export { action } from "./page.server";

export default function AdminPoints() {
  const terms = useLoaderData<typeof loader>();
  const result = useActionResult<typeof action>();
  const [params] = useSearchParams();
  const values = result?.values;
  const errors = result?.errors ?? {};
  return (
    <>
      <h2 className={cartCss.sectionTitle}>{t.title}</h2>
      <Outcome done={params.get("saved") ? t.saved : null} answered={Boolean(result)} />
      <Form method="post" noValidate className={`${cartCss.section} ${cartCss.fields}`} aria-label={t.title}>
        <label className={cartCss.checkRow}>
          <input type="checkbox" name="point" defaultChecked={values ? values.point === "on" : terms.point} />
          <span>{t.enabled}</span>
        </label>
        <Field label={t.rate} error={errors.point_rate}>
          <input
            className={cartCss.input}
            name="point_rate"
            inputMode="decimal"
            defaultValue={values?.point_rate ?? String(terms.point_rate)}
            aria-invalid={errors.point_rate ? true : undefined}
            required
          />
        </Field>
        <Field label={t.unit} error={errors.point_unit}>
          <input
            className={cartCss.input}
            name="point_unit"
            inputMode="numeric"
            defaultValue={values?.point_unit ?? String(terms.point_unit)}
            aria-invalid={errors.point_unit ? true : undefined}
            required
          />
        </Field>
        <button type="submit" className={cartCss.primary}>
          {t.save}
        </button>
      </Form>
    </>
  );
}
