import { data, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { cookieHeaders } from "~/lib/auth.server";
import { isShopApiError } from "~/shared/api-client.server";
import { IdentityStartForm } from "~/shared/forms/identity";
import { koIdentity } from "~/shared/messages/identity";

/** Opened without a post (a bookmark, Back): the page offers the form again. It runs after the action too. */
export function loader() {
  return data(null, { headers: { "cache-control": "private, no-store" } });
}

/**
 * Opens a verification for this browser and answers the page that opens PortOne's window. The
 * page is personal (its id is bound to this browser's cookie): never kept anywhere.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const parsed = IdentityStartForm.safeParse(Object.fromEntries(await request.formData()));
  const noStore = { "cache-control": "private, no-store" };
  if (!parsed.success) {
    return data(
      { window: null, error: koIdentity.badPurpose, purpose: "adult" as const, back: "/" },
      { status: 400, headers: noStore },
    );
  }
  try {
    const started = await context.api.callWithHeaders("startIdentity", { body: parsed.data });
    const w = started.data;
    return data(
      {
        window: {
          sdk_url: w.sdk_url,
          store_id: w.store_id,
          channel_key: w.channel_key,
          id: w.id,
          redirect_url: new URL("/identity/return", request.url).toString(),
        },
        error: null,
        purpose: w.purpose,
        back: w.return,
      },
      { headers: cookieHeaders(started.headers, noStore) },
    );
  } catch (error) {
    if (!isShopApiError(error) || error.status >= 500 || error.status === 429) {
      const message = isShopApiError(error) && error.status === 429 ? koIdentity.tooMany : koIdentity.unavailable;
      return data(
        { window: null, error: message, purpose: parsed.data.purpose, back: parsed.data.return },
        { status: 503, headers: noStore },
      );
    }
    throw error;
  }
}
