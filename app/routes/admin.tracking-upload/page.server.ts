import { data, type AppLoadContext } from "@remix-run/cloudflare";
import { requireShopOwner } from "~/lib/admin.server";
import { isShopApiError } from "~/shared/api-client.server";
import type { TrackingProblem } from "~/shared/contracts";
import { parseCsv } from "~/shared/csv";
import { fieldErrors, type FieldErrors } from "~/shared/forms/errors";
import { MAX_TRACKING_ROWS } from "~/shared/daily-limits";
import { TrackingFile, type TrackingRowIn } from "~/shared/forms/tracking";
import { formatCount } from "~/shared/format";
import { koDaily } from "~/shared/messages/daily";

const t = koDaily.tracking;

export type TrackingResult = {
  errors?: FieldErrors;
  error?: string;
  shipped?: number[];
  problems?: TrackingProblem[];
};

export function loadTracking(request: Request, context: AppLoadContext) {
  requireShopOwner(request, context);
  return {};
}

/** UTF-8 (a BOM or none) as most tools save it; Excel's Korean "CSV" is CP949, read as EUC-KR. */
function decode(bytes: ArrayBuffer): string | null {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    try {
      return new TextDecoder("euc-kr", { fatal: true }).decode(bytes);
    } catch {
      return null;
    }
  }
}

const norm = (v: string) => v.replace(/\s+/g, "");

/**
 * The file's rows as the API takes them: by the header's names when the first row has them (a
 * courier's export with more columns), else the first three columns in order.
 */
function rowsOf(text: string): TrackingRowIn[] {
  const rows = parseCsv(text);
  const head = rows[0]?.cells.map(norm) ?? [];
  const find = (names: readonly string[]) => head.findIndex((h) => names.some((n) => norm(n) === h));
  const at = { order: find(t.header.order), courier: find(t.header.courier), tracking: find(t.header.tracking) };
  const headed = at.order >= 0 && at.courier >= 0 && at.tracking >= 0;
  const cols = headed ? at : { order: 0, courier: 1, tracking: 2 };
  return (headed ? rows.slice(1) : rows).map(({ line, cells }) => ({
    line,
    order_id: (cells[cols.order] ?? "").trim().slice(0, 40),
    courier: (cells[cols.courier] ?? "").trim().slice(0, 40),
    tracking_no: (cells[cols.tracking] ?? "").trim().slice(0, 40),
  }));
}

/**
 * The courier's file: checked as a file (present, CSV, size), read, its rows sent to the API,
 * which ships the good ones and reports the others by line. The page shows that report (no
 * redirect: it is the answer).
 */
export async function uploadTracking(request: Request, context: AppLoadContext) {
  requireShopOwner(request, context);
  const form = await request.formData();
  const parsed = TrackingFile.safeParse({ file: form.get("file") });
  if (!parsed.success) return data<TrackingResult>({ errors: fieldErrors(parsed.error) }, 400);
  const text = decode(await parsed.data.file.arrayBuffer());
  if (text === null) return data<TrackingResult>({ errors: { file: t.errors.encoding } }, 400);
  const rows = rowsOf(text);
  if (rows.length === 0) return data<TrackingResult>({ errors: { file: t.errors.empty } }, 400);
  if (rows.length > MAX_TRACKING_ROWS) {
    return data<TrackingResult>({ errors: { file: t.errors.tooManyRows(formatCount(MAX_TRACKING_ROWS)) } }, 400);
  }
  try {
    const result = await context.api.call("adminTrackingUpload", { body: { rows } });
    return data<TrackingResult>(result);
  } catch (error) {
    if (!isShopApiError(error) || error.status >= 500) throw error;
    return data<TrackingResult>({ error: error.message }, error.status);
  }
}
