import type { HeadersFunction, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { AskForm, QuestionList } from "~/components/questions/Questions";
import { koQuestions as t } from "~/shared/messages/questions";
import { Pager } from "~/components/Pager";
import * as css from "~/components/shop.css";
import { useActionResult } from "~/lib/forms/action-result";
import { shopMeta } from "~/lib/seo";
import type { action, loader } from "./page.server";

export { loader, action } from "./page.server";

// Whose secret questions it shows depends on who asks: never kept by any cache.
export const headers: HeadersFunction = ({ loaderHeaders, actionHeaders }) => ({
  "Cache-Control": actionHeaders.get("Cache-Control") ?? loaderHeaders.get("Cache-Control") ?? "private, no-store",
});

export const meta: MetaFunction<typeof loader> = (args) =>
  shopMeta(args, { title: `${t.title} · ${args.data?.product.title ?? ""}`, noindex: true });

export default function QuestionsPage() {
  const { product, questions, loggedIn, loginHref, done } = useLoaderData<typeof loader>();
  const result = useActionResult<typeof action>();
  const here = `/shop/qna?${new URLSearchParams({ pid: product.sid })}`;
  const notice = done === "asked" ? t.ask.asked : done === "edited" ? t.edited : done === "deleted" ? t.deleted : null;
  return (
    <section aria-labelledby="qna-title">
      <h1 id="qna-title" className={css.sectionTitle}>
        {t.title} · {product.title}
      </h1>
      <p>
        <Link to={`/shop/view/${encodeURIComponent(product.sid)}`}>{t.backToProduct}</Link> · {t.count(questions.total)}
      </p>
      {notice ? <p role="status">{notice}</p> : null}
      <h2 className={css.sectionTitle}>{t.ask.title}</h2>
      <AskForm pid={product.id} sid={product.sid} loggedIn={loggedIn} loginHref={loginHref} state={result} />
      <QuestionList items={questions.items} sid={product.sid} editing={result} />
      <Pager
        page={questions.page}
        pages={questions.pages}
        href={(p) => (p > 1 ? `${here}&${new URLSearchParams({ page: String(p) })}` : here)}
      />
    </section>
  );
}
