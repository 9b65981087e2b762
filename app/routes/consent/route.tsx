import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { ConsentForm } from "~/shared/forms/consent";
import { safeReturnPath } from "~/shared/return-path";
import { consentCookie, expiredTagCookies } from "~/shared/tracking";

/**
 * POST /consent: the marketing-consent bar's answer as a plain form (decision 070), so that a
 * shopper without scripts answers too (the server's purchase events follow it). With scripts the
 * bar writes the same cookie itself and never posts. Back to the page, 303.
 */
export async function action({ request }: ActionFunctionArgs) {
  const parsed = ConsentForm.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) throw new Response(null, { status: 400 });
  const secure = new URL(request.url).protocol === "https:";
  const headers = new Headers({ "set-cookie": consentCookie(parsed.data.consent, secure) });
  if (parsed.data.consent !== "granted") {
    for (const line of expiredTagCookies(request.headers.get("cookie"))) headers.append("set-cookie", line);
  }
  return redirect(safeReturnPath(parsed.data.back), { status: 303, headers });
}

// Nothing to see at this address.
export function loader() {
  return redirect("/", 302);
}
