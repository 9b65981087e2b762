import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { useActionResult } from "~/lib/forms/action-result";
import * as css from "~/components/admin/admin.css";
import * as cartCss from "~/components/cart/cart.css";
import { Field } from "~/components/ui/Field";
import { Linkified } from "~/components/Linkified";
import { Pager } from "~/components/Pager";
import * as orderCss from "~/components/order/order.css";
import { requireShopOwner } from "~/lib/admin.server";
import type { action, NoticeResult } from "./page.server";
import { pageParam } from "~/lib/shop-loaders.server";
import { koAdmin } from "~/shared/messages/admin";

const t = koAdmin.notices;

/** The shop's notices: written as plain text, addresses made links when shown (never raw HTML). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  requireShopOwner(request, context);
  const page = pageParam(new URL(request.url));
  return context.api.call("notices", { query: { shopid: context.shop.shopid, page } });
}

export { action } from "./page.server";

type Notice = { id?: number; title: string; body: string; pinned: boolean };

function NoticeForm({ notice, result, busy }: { notice?: Notice; result?: NoticeResult; busy: boolean }) {
  const mine = result && result.id === notice?.id ? result : undefined;
  const values = mine?.values;
  const errors = mine?.errors ?? {};
  return (
    <Form method="post" noValidate className={cartCss.fields} aria-label={notice ? `${t.edit} ${notice.title}` : t.add}>
      {notice?.id ? <input type="hidden" name="id" value={notice.id} /> : null}
      {mine?.error ? (
        <div className={cartCss.notice} role="alert">
          {mine.error}
        </div>
      ) : null}
      <Field label={t.titleLabel} error={errors.title}>
        <input
          className={cartCss.input}
          name="title"
          defaultValue={values?.title ?? notice?.title}
          maxLength={100}
          required
        />
      </Field>
      <Field label={t.bodyLabel} hint={t.bodyHint} error={errors.body}>
        <textarea
          className={orderCss.textarea}
          name="body"
          defaultValue={values?.body ?? notice?.body}
          maxLength={5000}
          rows={6}
          required
        />
      </Field>
      <label className={cartCss.checkRow}>
        <input type="checkbox" name="pinned" defaultChecked={values ? values.pinned === "on" : notice?.pinned} />
        <span>{t.pinned}</span>
      </label>
      <div className={orderCss.buttons}>
        <button type="submit" name="intent" value="save" className={cartCss.primary} disabled={busy}>
          {t.save}
        </button>
        {notice?.id ? (
          <button
            type="submit"
            name="intent"
            value="delete"
            className={cartCss.secondary}
            formNoValidate
            disabled={busy}
          >
            {t.delete}
          </button>
        ) : null}
      </div>
    </Form>
  );
}

export default function AdminNotices() {
  const { items, page, pages } = useLoaderData<typeof loader>();
  const result = useActionResult<typeof action>();
  const [params] = useSearchParams();
  const done = params.get("done");
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <h2 className={cartCss.sectionTitle}>{t.title}</h2>
      {done ? (
        <div className={cartCss.success} role="status">
          {done === "deleted" ? t.deleted : t.saved}
        </div>
      ) : null}
      <details className={css.card} open={Boolean(result && !result.id)}>
        <summary>{t.add}</summary>
        <NoticeForm result={result} busy={busy} />
      </details>
      {items.length === 0 ? <p className={cartCss.muted}>{t.empty}</p> : null}
      <ul className={css.noticeList}>
        {items.map((n) => (
          <li key={n.id} className={css.card} data-testid="admin-notice">
            <strong>
              {n.pinned ? "📌 " : ""}
              {n.title}
            </strong>
            <p className={css.noticeBody}>
              <Linkified text={n.body} />
            </p>
            <details open={result?.id === n.id}>
              <summary>{t.edit}</summary>
              <NoticeForm notice={n} result={result} busy={busy} />
            </details>
          </li>
        ))}
      </ul>
      <Pager page={page} pages={pages} href={(p) => `/admin/notices${p > 1 ? `?page=${p}` : ""}`} />
    </>
  );
}
