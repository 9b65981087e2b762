import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { safeReturnPath } from "~/shared/return-path";

/** The newer entry of the same step: straight to sign-up (members go straight on). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const returnTo = safeReturnPath(new URL(request.url).searchParams.get("url"));
  if (context.member) throw redirect(returnTo);
  throw redirect(`/user/join?${new URLSearchParams({ url: returnTo })}`);
}
