import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useLoaderData, useSearchParams } from "@remix-run/react";
import { useActionResult } from "~/lib/forms/action-result";
import * as css from "~/components/admin/admin.css";
import * as cartCss from "~/components/cart/cart.css";
import { Field } from "~/components/ui/Field";
import { requireShopOwner } from "~/lib/admin.server";
import type { action } from "./page.server";
import { formatKRW } from "~/shared/format";
import { koAdmin } from "~/shared/messages/admin";
import { Outcome } from "~/components/admin/Outcome";

const t = koAdmin.marketing;

const FIELDS = [
  { name: "facebook_pixel", hint: t.pixelHint, numeric: true },
  { name: "facebook_moco_pixel", hint: t.pixelHint, numeric: true },
  { name: "g_tagid", hint: t.gtagHint, numeric: false },
  { name: "agency_g_tagid", hint: t.gtagHint, numeric: false },
  { name: "agency_gtag_id", hint: t.gtagHint, numeric: false },
] as const;

/** The shop's ad and analytics tags, and the server events sent for them (issue 14, decision 070). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  requireShopOwner(request, context);
  const { ids, ...events } = await context.api.call("adminServerEvents");
  return { ids, events };
}

export { action } from "./page.server";

const time = (ms: number) =>
  new Intl.DateTimeFormat("ko-KR", {
    timeZone: "Asia/Seoul",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hour12: false,
  }).format(ms);

export default function AdminMarketing() {
  const { ids, events } = useLoaderData<typeof loader>();
  const result = useActionResult<typeof action>();
  const [params] = useSearchParams();
  const errors = result?.errors ?? {};
  return (
    <>
      <h2 className={cartCss.sectionTitle}>{t.title}</h2>
      <Outcome done={params.get("saved") ? t.saved : null} answered={Boolean(result)} />
      <p className={cartCss.muted}>{t.help}</p>
      <Form method="post" className={`${cartCss.section} ${cartCss.fields}`} aria-label={t.title}>
        {FIELDS.map((f) => (
          <Field key={f.name} label={t[f.name]} error={errors[f.name]} hint={f.hint}>
            <input
              className={cartCss.input}
              name={f.name}
              inputMode={f.numeric ? "numeric" : "text"}
              autoCapitalize="characters"
              autoComplete="off"
              spellCheck={false}
              defaultValue={result?.values?.[f.name] ?? ids[f.name] ?? ""}
              aria-invalid={errors[f.name] ? true : undefined}
            />
          </Field>
        ))}
        <button type="submit" className={cartCss.primary}>
          {t.save}
        </button>
      </Form>

      <h2 className={cartCss.sectionTitle}>{t.events}</h2>
      <p className={cartCss.muted}>{t.eventsHelp(events.endpoint)}</p>
      {events.items.length === 0 ? (
        <p className={cartCss.muted}>{t.noEvents}</p>
      ) : (
        <div className={css.tableWrap}>
          <table className={css.table} data-testid="server-events">
            <thead>
              <tr>
                <th className={css.cell}>{t.columns.time}</th>
                <th className={css.cell}>{t.columns.event}</th>
                <th className={css.cell}>{t.columns.value}</th>
                <th className={css.cell}>{t.columns.status}</th>
                <th className={css.cell}>{t.columns.id}</th>
              </tr>
            </thead>
            <tbody>
              {events.items.map((e) => (
                <tr key={e.event_id}>
                  <td className={css.cell}>{time(e.created_at)}</td>
                  <td className={css.cell}>{t.eventNames[e.event] ?? e.event}</td>
                  <td className={css.cell}>{e.value === null ? "" : formatKRW(e.value)}</td>
                  <td className={css.cell} title={e.last_error ?? undefined}>
                    {t.statuses[e.status] ?? e.status}
                  </td>
                  <td className={css.cell}>{e.event_id}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
