import type { HeadersFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import * as css from "~/components/admin/admin.css";
import * as cartCss from "~/components/cart/cart.css";
import * as orderCss from "~/components/order/order.css";
import { Field } from "~/components/ui/Field";
import { Pager } from "~/components/Pager";
import { useActionResult } from "~/lib/forms/action-result";
import type { AdminQuestion } from "~/shared/contracts";
import { formatDate } from "~/shared/format";
import { ANSWER_MAX } from "~/shared/question-limits";
import { koQuestions } from "~/shared/messages/questions";
import type { action, loader } from "./page.server";

export { loader, action } from "./page.server";

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

const t = koQuestions;

export default function AdminQuestions() {
  const { items, page, pages, unanswered, done } = useLoaderData<typeof loader>();
  const result = useActionResult<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <h2 className={cartCss.sectionTitle}>{t.admin.title}</h2>
      <p className={cartCss.muted}>{t.admin.unansweredCount(unanswered)}</p>
      {done ? (
        <div className={cartCss.success} role="status">
          {t.admin.saved}
        </div>
      ) : null}
      {items.length === 0 ? <p className={cartCss.muted}>{t.admin.empty}</p> : null}
      <ul className={css.noticeList}>
        {items.map((q) => (
          <li key={q.id} id={`q-${q.id}`} className={css.card} data-testid="admin-question">
            <p>
              <strong>[{t.types[q.type]}]</strong> {q.answered ? t.answered : t.waiting}
              {q.secret ? ` · ${t.secretMark}` : ""} ·{" "}
              <Link to={`/shop/view/${encodeURIComponent(q.product_sid)}`}>{q.product_title}</Link>
            </p>
            <p className={cartCss.muted}>
              {t.admin.asker} {q.author} · {formatDate(q.created_at)}
            </p>
            <p className={css.noticeBody}>{q.body}</p>
            {q.answered ? (
              <>
                <p className={css.noticeBody} data-testid="admin-answer">
                  <strong>{t.answerLabel}</strong> {q.answer}
                </p>
                <details open={result?.id === q.id || undefined}>
                  <summary>{t.admin.editAnswer}</summary>
                  <AnswerForm q={q} result={result} busy={busy} />
                </details>
              </>
            ) : (
              <AnswerForm q={q} result={result} busy={busy} />
            )}
          </li>
        ))}
      </ul>
      <Pager page={page} pages={pages} href={(p) => `/admin/questions${p > 1 ? `?page=${p}` : ""}`} />
    </>
  );
}

type Result = ReturnType<typeof useActionResult<typeof action>>;

function AnswerForm({ q, result, busy }: { q: AdminQuestion; result: Result; busy: boolean }) {
  const mine = result && result.id === q.id ? result : undefined;
  return (
    <Form method="post" noValidate className={cartCss.fields} aria-label={`${t.admin.answer} ${q.id}`}>
      <input type="hidden" name="id" value={q.id} />
      {mine?.error ? (
        <div className={cartCss.notice} role="alert">
          {mine.error}
        </div>
      ) : null}
      <Field label={t.admin.answer} error={mine?.errors?.answer}>
        <textarea
          className={orderCss.textarea}
          name="answer"
          rows={4}
          maxLength={ANSWER_MAX}
          required
          defaultValue={mine?.values?.answer ?? q.answer ?? ""}
        />
      </Field>
      <div className={orderCss.buttons}>
        <button type="submit" className={cartCss.primary} disabled={busy}>
          {q.answered ? t.admin.update : t.admin.submit}
        </button>
      </div>
    </Form>
  );
}
