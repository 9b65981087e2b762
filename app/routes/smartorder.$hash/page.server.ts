import { data, redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { tableCookie } from "~/lib/smart.server";
import { isShopApiError } from "~/shared/api-client.server";

/**
 * /smartorder/{hash}: what a table's QR code opens. Joins (or opens) the meal at that table, keeps
 * it in the table cookie and goes to the menu; an unknown or retired code gets a clear page.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  try {
    const table = await context.api.call("tableOpen", { body: { hash: String(params.hash ?? "").slice(0, 64) } });
    return redirect("/smartorder/start", {
      status: 303,
      headers: { "set-cookie": tableCookie(table.visit, table.expires_at, request), "cache-control": "no-store" },
    });
  } catch (error) {
    if (isShopApiError(error) && error.status === 404) return data({ notFound: true }, { status: 404 });
    throw error;
  }
}
