import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";

/**
 * /user/order2: the old second step of the order sheet. The sheet is one page now (delivery,
 * consents and payment together), so the address leads there with its query (decision 071).
 */
export function loader({ request }: LoaderFunctionArgs) {
  const { search } = new URL(request.url);
  throw redirect(`/user/order${search}`, 301);
}
