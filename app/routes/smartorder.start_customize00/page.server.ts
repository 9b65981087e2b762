import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { rethrowAsResponse } from "~/lib/shop-loaders.server";
import { addToTable, tableCall } from "~/lib/smart.server";
import { koSmart } from "~/shared/messages/smart";

const t = koSmart;

/** /smartorder/start_customize00?sid=: one dish's choices (맵기, 양, add-ons) and how many. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const sid = (new URL(request.url).searchParams.get("sid") ?? "").slice(0, 40);
  return tableCall(context, "tableItem", { query: { sid } }).catch((e) => rethrowAsResponse(e, t.errors.itemGone));
}

export const action = ({ request, context }: ActionFunctionArgs) => addToTable(request, context);
