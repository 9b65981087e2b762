import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { isShopApiError } from "~/shared/api-client.server";
import { QuestionAnswerBody } from "~/shared/forms/questions";
import { fieldErrors } from "~/shared/forms/errors";
import { requireShopOwner } from "~/lib/admin.server";
import { pageParam } from "~/lib/shop-loaders.server";

const NO_STORE = { "Cache-Control": "private, no-store" };

/** The shop's 상품문의, unanswered first (decision 118). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  requireShopOwner(request, context);
  const url = new URL(request.url);
  const list = await context.api.call("adminQuestions", { query: { page: pageParam(url) } });
  return data({ ...list, done: url.searchParams.get("done") === "1" }, { headers: NO_STORE });
}

/** An answer, new or edited; back to the list (303) with the page kept. */
export async function action({ request, context }: ActionFunctionArgs) {
  requireShopOwner(request, context);
  const form = Object.fromEntries(await request.formData());
  const values = Object.fromEntries(Object.entries(form).map(([k, v]) => [k, String(v)]));
  const id = Number(values.id) || undefined;
  const parsed = QuestionAnswerBody.safeParse(values);
  if (!parsed.success) return data({ id, errors: fieldErrors(parsed.error), values, error: undefined }, 400);
  try {
    await context.api.call("adminQuestionAnswer", { body: parsed.data });
  } catch (error) {
    if (!isShopApiError(error) || error.status >= 500) throw error;
    return data({ id, errors: undefined, values, error: error.message }, error.status);
  }
  const back = new URL(request.url);
  back.searchParams.set("done", "1");
  return redirect(`${back.pathname}${back.search}#q-${parsed.data.id}`, 303);
}
