import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { isShopApiError } from "~/shared/api-client.server";

/**
 * The smart layout (spec §2) around every table-order page: the shop and the table, and the
 * table's cart for the pages' bottom bar. A phone without a table gets null here; its pages send
 * it to /smartorder, which asks for the code to be scanned again.
 */
export async function loader({ context }: LoaderFunctionArgs) {
  const table = await context.api.call("tableSession").catch((error: unknown) => {
    if (isShopApiError(error) && error.code === "TABLE_SESSION") return null;
    throw error;
  });
  return { table };
}
