import { shopMeta } from "~/lib/seo";
import type { MetaFunction } from "@remix-run/cloudflare";
import { Outlet, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { SmartLayout } from "~/components/layouts";
import { useRootData } from "~/lib/root-data";
import { useLive } from "~/lib/use-live";
import { koSmart } from "~/shared/messages/smart";
import type { loader } from "./page.server";
import { TOSS_WINDOW_PAGE } from "~/shared/uploads";

export const meta: MetaFunction = (args) => shopMeta(args, { title: koSmart.title, noindex: true });

export { loader } from "./page.server";

/**
 * Every page of a table lets Toss's window in: the order check opens it when the restaurant takes
 * payment first, and a diner reaches it from the menu by a move inside the page, which keeps the
 * policy of the document the table was opened with (decision 165).
 */
export const handle = TOSS_WINDOW_PAGE;

export type SmartFrameData = Awaited<ReturnType<typeof loader>>;

/**
 * The table's cart changes on other phones: the bar's count is read again on every move between
 * the table's pages, not only after this phone's own posts (decision 132), so the bar and the
 * order check always show the same cart.
 */
export const shouldRevalidate: ShouldRevalidateFunction = () => true;

export default function SmartFrame() {
  const { table } = useLoaderData<typeof loader>();
  const { shop } = useRootData();
  // The page's one socket: the table's room, for the other phones' dishes and the kitchen's steps.
  useLive(table ? "table" : null);
  return (
    <SmartLayout shop={shop} table={table ? koSmart.table(table.name) : undefined}>
      <Outlet />
    </SmartLayout>
  );
}
