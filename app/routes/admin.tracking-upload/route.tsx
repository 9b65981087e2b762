import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useNavigation } from "@remix-run/react";
import * as css from "~/components/admin/admin.css";
import * as cartCss from "~/components/cart/cart.css";
import { Outcome } from "~/components/admin/Outcome";
import { useActionResult } from "~/lib/forms/action-result";
import { COURIERS } from "~/shared/couriers";
import { formatCount } from "~/shared/format";
import { MAX_TRACKING_FILE_KB, MAX_TRACKING_ROWS } from "~/shared/daily-limits";
import { koDaily } from "~/shared/messages/daily";
import { loadTracking, uploadTracking } from "./page.server";
import { UPLOAD_PAGE } from "~/shared/uploads";

const t = koDaily.tracking;

/** Tracking numbers from the courier's file in one go (issue 36 item 5, decision 109). */
export const loader = ({ request, context }: LoaderFunctionArgs) => loadTracking(request, context);

export const action = ({ request, context }: ActionFunctionArgs) => uploadTracking(request, context);

/** The courier's CSV is a file: past its own cap the page says so, not the Worker (decision 154). */
export const handle = UPLOAD_PAGE;

export default function TrackingUpload() {
  const result = useActionResult<typeof action>();
  const busy = useNavigation().state === "submitting";
  const fileError = result?.errors?.file;
  const shipped = result?.shipped ?? [];
  const problems = result?.problems ?? [];
  return (
    <>
      <h2 className={cartCss.sectionTitle}>{t.title}</h2>
      <p className={cartCss.muted}>{t.help}</p>
      <p className={cartCss.muted}>
        {t.couriers} {COURIERS.map((c) => `${c.name} (${c.id})`).join(", ")}
      </p>
      <Outcome error={result?.error} answered={Boolean(result)} />
      {result?.shipped ? (
        <section className={cartCss.section} aria-label={t.shippedList} data-testid="tracking-report">
          <div className={cartCss.success} role="status">
            {t.shipped(formatCount(shipped.length))}
          </div>
          {problems.length > 0 ? (
            <div className={cartCss.notice} role="alert">
              <p className={cartCss.mutedFlush}>{t.problems(formatCount(problems.length))}</p>
              <ul data-testid="tracking-problems">
                {problems.map((p) => (
                  <li key={`${p.line}-${p.message}`}>
                    {t.line(p.line)}: {p.message}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          {shipped.length > 0 ? (
            <ul className={css.list} data-testid="tracking-shipped">
              {shipped.map((id) => (
                <li key={id}>
                  <Link className={css.card} to={`/admin/order?id=${id}`}>
                    {id}
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
        </section>
      ) : null}
      <Form method="post" noValidate encType="multipart/form-data" className={css.card} aria-label={t.title}>
        <label className={cartCss.label}>
          <span>{t.file}</span>
          <input
            className={cartCss.input}
            type="file"
            name="file"
            accept=".csv,text/csv"
            required
            aria-invalid={fileError ? true : undefined}
            aria-describedby={fileError ? "file-error file-hint" : "file-hint"}
          />
        </label>
        {fileError ? (
          <p id="file-error" className={cartCss.fieldError} role="alert">
            {fileError}
          </p>
        ) : null}
        <p id="file-hint" className={cartCss.mutedFlush}>
          {t.limits(formatCount(MAX_TRACKING_ROWS), formatCount(MAX_TRACKING_FILE_KB))}
        </p>
        <button type="submit" className={cartCss.primary} disabled={busy}>
          {t.submit}
        </button>
      </Form>
    </>
  );
}
