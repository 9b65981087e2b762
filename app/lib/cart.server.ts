import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { isShopApiError } from "~/shared/api-client.server";
import { field, normaliseQty, parseIntent, parseLineKey, stepQty, type Intent } from "~/shared/cart-form";
import { readCookie, readDeviceId, withDevice } from "~/shared/device";
import { orderErrorCode, type OrderErrorCode } from "~/shared/order-errors";

type Line = { pid2: number; pid3: number; qty: number };
type Ref = { pid2: number; pid3: number };

/** The tracking values of spec §7, read from the shopper's _fbp/_fbc cookies. */
export function trackingCookies(request: Request): { fbp?: string; fbc?: string } {
  const cookie = request.headers.get("cookie");
  return { fbp: readCookie(cookie, "_fbp") ?? undefined, fbc: readCookie(cookie, "_fbc") ?? undefined };
}

/** The guest's device id (the Worker has minted it before any action runs). */
export function deviceIdOf(request: Request): string | null {
  return readDeviceId(request.headers.get("cookie"));
}

/** Whether the request's shopper may have a cart, likes or orders to look up. */
export function mayOwnAnything(request: Request, context: AppLoadContext): boolean {
  return context.member !== null || (deviceIdOf(request) !== null && !context.newDevice);
}

/** An account-area or order address: a guest's carries uuid_value (spec §2). */
export function accountPath(path: string, request: Request, context: AppLoadContext): string {
  return withDevice(path, context.member ? null : deviceIdOf(request));
}

/**
 * The cart form as posted: every line with its quantity on screen (normalised), the lines removed,
 * and what the pressed button asks for, applied (plus, minus or delete of one line).
 */
export function readCartForm(form: FormData): {
  lines: Line[];
  remove: Ref[];
  /** The lines to order: the checked ones when the form carries check boxes, else every line. */
  picked: Line[];
  intent: Intent;
  key: string | null;
  js: boolean;
} {
  const intent = parseIntent(String(form.get(field.intent) ?? ""));
  const picks = form.get(field.picking) === "1" ? new Set(form.getAll(field.pick).map(String)) : null;
  const isPicked = (ref: Ref) => picks === null || picks.has(`${ref.pid2}.${ref.pid3}`);
  const removed = new Set(form.getAll(field.remove).map(String));
  // 선택 삭제: the checked lines go (nothing goes when none is checked).
  if (intent.kind === "delete_picked" && picks) for (const pick of picks) removed.add(pick);
  const lines: Line[] = [];
  const remove: Ref[] = [];
  for (const value of new Set(form.getAll(field.line).map(String))) {
    const ref = parseLineKey(value);
    if (!ref) continue;
    if (removed.has(value)) {
      remove.push(ref);
      continue;
    }
    let qty = normaliseQty(form.get(field.qty(value as `${number}.${number}`))?.toString());
    if (
      (intent.kind === "inc" || intent.kind === "dec" || intent.kind === "delete") &&
      intent.line.pid2 === ref.pid2 &&
      intent.line.pid3 === ref.pid3
    ) {
      if (intent.kind === "delete") {
        remove.push(ref);
        continue;
      }
      qty = stepQty(qty, intent.kind);
    }
    lines.push({ ...ref, qty });
  }
  const key = form.get(field.orderKey);
  return {
    lines,
    remove,
    picked: lines.filter(isPicked),
    intent,
    key: typeof key === "string" && key ? key : null,
    js: form.get(field.js) === "1",
  };
}

/**
 * Saves quantities and removals of the cart form (sync/mcart/v4). False when the API failed;
 * an ended session is not a failed save but a question for the caller (SESSION_EXPIRED is thrown).
 */
export async function saveCart(context: AppLoadContext, lines: Line[], remove: Ref[]): Promise<boolean> {
  if (lines.length === 0 && remove.length === 0) return true;
  try {
    await context.api.call("syncMcart", { body: { list: lines, remove } });
    return true;
  } catch (error) {
    if (isShopApiError(error) && error.code !== "SESSION_EXPIRED") return false;
    throw error;
  }
}

/** The login page that brings the shopper back to `request`'s page once logged in again. */
export function loginAgainPath(request: Request): string {
  const url = new URL(request.url);
  return `/user/login?${new URLSearchParams({ url: url.pathname + url.search, expired: "1" })}`;
}

/**
 * Session cookies that no longer log anyone in (SESSION_EXPIRED from the API): the page asks for
 * login again and comes back here, instead of acting for the device as a guest (decision 048).
 */
export function loginAgainIfExpired(error: unknown, request: Request): void {
  if (!isShopApiError(error) || error.code !== "SESSION_EXPIRED") return;
  throw redirect(loginAgainPath(request), 303);
}

/** An order call's failure as the cart page shows it (app/shared/order-errors.ts); not an API error: thrown on. */
export function orderError(error: unknown): { code: OrderErrorCode } {
  if (isShopApiError(error)) return { code: orderErrorCode(error.code) };
  throw error;
}

/** The order of ?id= if it is the caller's (member or guest device); anyone else gets 404. */
export async function loadOwnOrder(request: Request, context: AppLoadContext) {
  const id = Number(new URL(request.url).searchParams.get("id"));
  if (!Number.isSafeInteger(id) || id <= 0) throw new Response(null, { status: 404 });
  try {
    return await context.api.call("myOrder", { query: { id } });
  } catch (error) {
    loginAgainIfExpired(error, request);
    if (isShopApiError(error) && error.status < 500) throw new Response(null, { status: 404 });
    throw error;
  }
}
