import { data, redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { isShopApiError } from "~/shared/api-client.server";
import { IdentityReturnQuery } from "~/shared/forms/identity";
import { koIdentity } from "~/shared/messages/identity";

const noStore = { "cache-control": "private, no-store" };

/**
 * PortOne's window came back (redirect mode). The address says only which verification: the
 * API reads it from PortOne and records it once, for the browser that opened it. A verified
 * shopper goes straight back where they were; anything else is said here, in Korean.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const query = IdentityReturnQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success)
    return data(
      { outcome: "foreign" as const, message: null, back: "/", purpose: "adult" as const },
      { status: 400, headers: noStore },
    );
  try {
    const result = await context.api.call("completeIdentity", { body: query.data });
    if (result.outcome === "adult" || result.outcome === "verified") {
      const back = new URL(result.return, request.url);
      back.searchParams.set("verified", "1");
      return redirect(back.pathname + back.search + back.hash, { headers: noStore });
    }
    return data(
      { outcome: result.outcome, message: result.message, back: result.return, purpose: result.purpose },
      { status: result.outcome === "minor" ? 403 : 400, headers: noStore },
    );
  } catch (error) {
    if (!isShopApiError(error)) throw error;
    return data(
      { outcome: "unavailable" as const, message: koIdentity.unavailable, back: "/", purpose: "adult" as const },
      { status: 503, headers: noStore },
    );
  }
}
