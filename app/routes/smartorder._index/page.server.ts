import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { isShopApiError } from "~/shared/api-client.server";

/** /smartorder: a phone with a table goes to the menu; one without is asked to scan the code. */
export async function loader({ context }: LoaderFunctionArgs) {
  const open = await context.api.call("tableSession").then(
    () => true,
    (error: unknown) => {
      if (isShopApiError(error) && error.code === "TABLE_SESSION") return false;
      throw error;
    },
  );
  if (open) throw redirect("/smartorder/start");
  return null;
}
