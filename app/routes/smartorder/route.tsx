import { shopMeta } from "~/lib/seo";
import type { MetaFunction } from "@remix-run/cloudflare";
import { Outlet, useLoaderData } from "@remix-run/react";
import { SmartLayout } from "~/components/layouts";
import { useRootData } from "~/lib/root-data";
import { koSmart } from "~/shared/messages/smart";
import type { loader } from "./page.server";

export const meta: MetaFunction = (args) => shopMeta(args, { title: koSmart.title, noindex: true });

export { loader } from "./page.server";

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
