/** /shop/qna?pid=: a product's 상품문의, paged, and the asker's posts (ask, edit, delete). */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { isShopApiError } from "~/shared/api-client.server";
import { fieldErrors } from "~/shared/forms/errors";
import { QuestionAskBody, QuestionEditBody, QuestionIdBody } from "~/shared/forms/questions";
import { NO_PRODUCT } from "~/components/ErrorPage";
import { requireMember } from "~/lib/auth.server";
import { pageParam, rethrowAsResponse } from "~/lib/shop-loaders.server";
import { loginPath } from "~/shared/return-path";

const PAGE_SIZE = 10;
const NO_STORE = { "Cache-Control": "private, no-store" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const sid = url.searchParams.get("pid") ?? "";
  if (!sid) throw new Response(NO_PRODUCT, { status: 404 });
  const product = await context.api
    .call("productDetail", { query: { sid, shopid: context.shop.shopid } })
    .catch((e) => rethrowAsResponse(e, NO_PRODUCT));
  const questions = await context.api
    .call("productQuestions", { query: { pid: product.id, page: pageParam(url), size: PAGE_SIZE } })
    .catch((e) => rethrowAsResponse(e, NO_PRODUCT));
  return data(
    {
      product: { id: product.id, sid: product.sid, title: product.title },
      questions,
      loggedIn: context.member !== null,
      loginHref: loginPath(url.pathname + url.search, context.shop.dom),
      done: url.searchParams.get("done"),
    },
    { headers: NO_STORE },
  );
}

type Refused = {
  id?: number;
  errors?: Record<string, string | undefined>;
  error?: string;
  values: Record<string, string>;
};

/** The asker's posts, from this page or the product page's form; back here on success (303). */
export async function action({ request, context }: ActionFunctionArgs) {
  requireMember(request, context);
  const url = new URL(request.url);
  const sid = url.searchParams.get("pid") ?? "";
  const form = await request.formData();
  const values: Record<string, string> = {};
  for (const [k, v] of form) if (typeof v === "string") values[k] = v;
  const id = Number(values.id) || undefined;
  const back = (done: string, anchor = "") => {
    const to = new URLSearchParams({ pid: sid, done });
    return redirect(`/shop/qna?${to}${anchor}`, 303);
  };
  const refused = (r: Omit<Refused, "values">, status: number) =>
    data<Refused>({ ...r, id, values }, { status, headers: NO_STORE });
  try {
    if (values.intent === "delete") {
      const parsed = QuestionIdBody.safeParse(values);
      if (!parsed.success) return refused({ error: fieldErrors(parsed.error).id }, 400);
      await context.api.call("questionDelete", { body: parsed.data });
      return back("deleted");
    }
    if (values.intent === "edit") {
      const parsed = QuestionEditBody.safeParse(values);
      if (!parsed.success) return refused({ errors: fieldErrors(parsed.error) }, 400);
      await context.api.call("questionEdit", { body: parsed.data });
      return back("edited", `#q-${parsed.data.id}`);
    }
    const parsed = QuestionAskBody.safeParse(values);
    if (!parsed.success) return refused({ errors: fieldErrors(parsed.error) }, 400);
    const asked = await context.api.call("questionAsk", { body: parsed.data });
    return back("asked", `#q-${asked.id}`);
  } catch (error) {
    if (!isShopApiError(error) || error.status >= 500) throw error;
    if (error.field) return refused({ errors: { [error.field]: error.message } }, error.status);
    return refused({ error: error.message }, error.status);
  }
}
