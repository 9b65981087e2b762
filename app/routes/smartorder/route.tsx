import { shopMeta } from "~/lib/seo";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Outlet, useLoaderData } from "@remix-run/react";
import { SmartLayout } from "~/components/layouts";
import { useRootData } from "~/lib/root-data";
import { isShopApiError } from "~/shared/api-client.server";
import { koSmart } from "~/shared/messages/smart";

export const meta: MetaFunction = (args) => shopMeta(args, { title: koSmart.title, noindex: true });

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

export type SmartFrameData = Awaited<ReturnType<typeof loader>>;

export default function SmartFrame() {
  const { table } = useLoaderData<typeof loader>();
  const { shop } = useRootData();
  return (
    <SmartLayout shop={shop} table={table ? koSmart.table(table.name) : undefined}>
      <Outlet />
    </SmartLayout>
  );
}
