import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { addToTable, tableCall } from "~/lib/smart.server";

/** /smartorder/start: the menu by category. A dish without choices is added here in one tap. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const menu = await tableCall(context, "tableMenu");
  const added = new URL(request.url).searchParams.get("added");
  return { ...menu, added: menu.items.find((i) => i.sid === added)?.title ?? null };
}

export const action = ({ request, context }: ActionFunctionArgs) => addToTable(request, context);
