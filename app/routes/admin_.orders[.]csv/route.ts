import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireShopOwner } from "~/lib/admin.server";
import { toCsv } from "~/shared/csv";
import { koDaily } from "~/shared/messages/daily";
import { isOrderStatus, orderStatusLabel } from "~/shared/order-status";
import { formatPhone } from "~/shared/phone";

const t = koDaily.csv;

/**
 * /admin/orders.csv: the console list's orders (same status and search) as a courier's bulk upload
 * takes them (decision 109). Outside the console's frame: a download, not a page.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  requireShopOwner(request, context);
  const url = new URL(request.url);
  const status = url.searchParams.get("status") ?? "";
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 40);
  const { rows } = await context.api.call("adminOrderExport", {
    query: { status: isOrderStatus(status) ? status : undefined, q: q || undefined },
  });
  const csv = toCsv([
    t.columns,
    ...rows.map((r) => [
      String(r.id),
      r.receiver_name ?? "",
      formatPhone(r.receiver_phone),
      r.postcode ?? "",
      r.address ?? "",
      r.address_detail ?? "",
      t.items(r.first_item ?? "", Math.max(0, r.item_count - 1)),
      r.qty,
      r.memo ?? "",
      r.amount_due,
      orderStatusLabel(r.status, {
        payMethod: r.pay_method,
        refundAfterDone: r.refund_after_done,
        smartOrder: r.smart,
      }),
    ]),
  ]);
  // The day in Korea, as the owner would name the file.
  const day = new Date(Date.now() + 9 * 60 * 60 * 1000).toISOString().slice(0, 10);
  const name = `${t.filename}-${day}.csv`;
  return new Response(csv, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="orders-${day}.csv"; filename*=UTF-8''${encodeURIComponent(name)}`,
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
    },
  });
}
