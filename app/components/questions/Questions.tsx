/**
 * 상품문의 on the product page and /shop/qna (decision 118): lists and plain form posts to
 * /shop/qna (documents, with or without scripts), so they work before scripts arrive. Plain
 * elements only, no router: the product page renders its section to HTML on the server
 * (`questionsSectionHtml`), which adds no script to its first load.
 */
import type { Question } from "~/shared/contracts";
import { QUESTION_BODY, QUESTION_TYPES } from "~/shared/question-limits";
import { formatDate } from "~/shared/format";
import { koQuestions as t } from "~/shared/messages/questions";
import * as shopCss from "../shop.css";
import * as css from "./questions.css";
import { SLOT } from "~/shared/slots";

/** What a refused post sends back to its form: the messages by field, and what was typed. */
export type QuestionFormState = {
  id?: number;
  errors?: Record<string, string | undefined>;
  error?: string;
  values?: Record<string, string>;
};

export const qnaPath = (sid: string) => `/shop/qna?${new URLSearchParams({ pid: sid })}`;

export function QuestionList({
  items,
  sid,
  editing,
}: {
  items: Question[];
  /** With the product's id, the asker's waiting questions get their edit and delete forms. */
  sid?: string;
  editing?: QuestionFormState;
}) {
  if (items.length === 0) return <p className={css.muted}>{t.empty}</p>;
  return (
    <ul className={css.list}>
      {items.map((q) => (
        <li key={q.id} className={css.item} data-testid="question" id={`q-${q.id}`}>
          <p className={css.head}>
            <span className={css.tag}>{t.types[q.type]}</span>
            <span className={q.answered ? css.done : css.tag}>{q.answered ? t.answered : t.waiting}</span>
            {q.secret ? <span className={css.tag}>{t.secretMark}</span> : null}
            <span className={css.muted}>
              {q.author} · {formatDate(q.created_at)}
              {q.mine ? ` · ${t.mine}` : ""}
            </span>
          </p>
          {q.body === null ? (
            <p className={css.body} data-testid="question-secret">
              {t.secret}
            </p>
          ) : (
            <p className={css.body} data-testid="question-body">
              {q.body}
            </p>
          )}
          {q.answer !== null ? (
            <div className={css.answer} data-testid="question-answer">
              <strong>{t.answerLabel}</strong>
              {q.answered_at ? <span className={css.muted}> · {formatDate(q.answered_at)}</span> : null}
              <br />
              {q.answer}
            </div>
          ) : null}
          {sid && q.mine && !q.answered && q.body !== null ? (
            <details open={editing?.id === q.id || undefined}>
              <summary className={css.muted}>{t.edit}</summary>
              <QuestionFields
                action={qnaPath(sid)}
                intent="edit"
                hidden={{ id: String(q.id) }}
                state={editing?.id === q.id ? editing : undefined}
                initial={{ type: q.type, secret: q.secret ? "on" : "", body: q.body }}
                submit={t.save}
                remove
              />
            </details>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/**
 * The ask form, or for a guest the way to log in first. `"marked"`: a page kept for every visitor
 * (decision 122) carries both, marked, and the Worker keeps the visitor's.
 */
export function AskForm({
  pid,
  sid,
  loggedIn,
  loginHref,
  state,
}: {
  pid: number;
  sid: string;
  loggedIn: boolean | "marked";
  loginHref: string;
  state?: QuestionFormState;
}) {
  if (loggedIn === "marked") {
    return (
      <>
        <div {...{ [SLOT.only]: "guest" }}>
          <AskForm pid={pid} sid={sid} loggedIn={false} loginHref={loginHref} />
        </div>
        <div {...{ [SLOT.only]: "member" }}>
          <AskForm pid={pid} sid={sid} loggedIn loginHref={loginHref} />
        </div>
      </>
    );
  }
  if (!loggedIn) {
    return (
      <p>
        <a href={loginHref} rel="nofollow" data-testid="question-login">
          {t.ask.login}
        </a>
      </p>
    );
  }
  return (
    <QuestionFields
      action={qnaPath(sid)}
      intent="ask"
      hidden={{ pid: String(pid) }}
      state={state && state.id === undefined ? state : undefined}
      initial={{ type: "product", secret: "", body: "" }}
      submit={t.ask.submit}
    />
  );
}

function QuestionFields({
  action,
  intent,
  hidden,
  state,
  initial,
  submit,
  remove,
}: {
  action: string;
  intent: "ask" | "edit";
  hidden: Record<string, string>;
  state?: QuestionFormState;
  initial: { type: string; secret: string; body: string };
  submit: string;
  remove?: boolean;
}) {
  const v = state?.values ?? initial;
  const errors = state?.errors ?? {};
  return (
    <form
      method="post"
      noValidate
      action={action}
      className={css.form}
      aria-label={intent === "ask" ? t.ask.title : t.edit}
    >
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {state?.error ? (
        <p className={css.error} role="alert">
          {state.error}
        </p>
      ) : null}
      <label className={css.label}>
        <span>{t.ask.type}</span>
        <select className={css.control} name="type" defaultValue={v.type ?? "product"}>
          {QUESTION_TYPES.map((type) => (
            <option key={type} value={type}>
              {t.types[type]}
            </option>
          ))}
        </select>
        {errors.type ? <span className={css.error}>{errors.type}</span> : null}
      </label>
      <label className={css.check}>
        <input type="checkbox" name="secret" defaultChecked={v.secret === "on"} />
        <span>{t.ask.secret}</span>
      </label>
      <label className={css.label}>
        <span>{t.ask.body}</span>
        <textarea
          className={css.control}
          name="body"
          rows={4}
          minLength={QUESTION_BODY.min}
          maxLength={QUESTION_BODY.max}
          required
          defaultValue={v.body ?? ""}
          aria-invalid={errors.body ? true : undefined}
        />
        <span className={css.muted}>{t.ask.bodyHint}</span>
        {errors.body ? (
          <span className={css.error} data-testid="question-error">
            {errors.body}
          </span>
        ) : null}
      </label>
      <div className={css.buttons}>
        <button type="submit" name="intent" value={intent} className={css.button}>
          {submit}
        </button>
        {remove ? (
          <button type="submit" name="intent" value="delete" className={css.plainButton} formNoValidate>
            {t.delete}
          </button>
        ) : null}
      </div>
    </form>
  );
}

/** The product page's section below its details: the latest questions, the way to all, the ask form. */
export function QuestionsSection({
  items,
  total,
  pid,
  sid,
  loggedIn,
  loginHref,
}: {
  items: Question[];
  total: number;
  pid: number;
  sid: string;
  loggedIn: boolean | "marked";
  loginHref: string;
}) {
  return (
    <>
      <h2 id="questions" className={shopCss.sectionTitle}>
        {t.heading(total)}
      </h2>
      <QuestionList items={items} />
      <p>
        <a href={qnaPath(sid)} data-testid="questions-all">
          {t.all}
        </a>
      </p>
      <details>
        <summary>{t.ask.title}</summary>
        <AskForm pid={pid} sid={sid} loggedIn={loggedIn} loginHref={loginHref} />
      </details>
    </>
  );
}
