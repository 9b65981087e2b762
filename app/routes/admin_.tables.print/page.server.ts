import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireShopOwner } from "~/lib/admin.server";
import { qrSvg } from "~/lib/qr.server";

/** /admin/tables/print: one sheet of the tables' QR codes to print and stick on the tables. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  requireShopOwner(request, context);
  const { tables } = await context.api.call("adminTables");
  const origin = new URL(request.url).origin;
  return {
    shopName: context.shop.name,
    codes: tables.map((table) => ({
      id: table.id,
      name: table.name,
      svg: qrSvg(`${origin}/smartorder/${table.hash}`),
    })),
  };
}
