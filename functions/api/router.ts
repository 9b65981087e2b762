import type { z } from "zod";
import { api, type ApiName, type Endpoint } from "~/shared/contracts";
import { koErrors } from "~/shared/messages/shop/errors";
import { koRequestErrors } from "~/shared/messages/shop/request-errors";
import type { ApiContext, Handler } from "./context";
import { ApiError, errorResponse, json } from "./http";
import { catalogueHandlers } from "./catalogue";
import { shopHandlers } from "./shops";
import { authHandlers } from "./auth";
import { doorFor, doorRefusal } from "./doors";
import { cartHandlers } from "./cart";
import { orderHandlers } from "./orders";
import { membershipHandlers } from "./membership";
import { lifecycleHandlers } from "./order-life";
import { adminHandlers } from "./admin";
import { accountHandlers } from "./account";
import { settingsHandlers } from "./settings";
import { lookupHandlers } from "./order-lookup";
import { chatHandlers } from "./chat";
import { smartHandlers } from "./smart";
import { eventHandlers } from "./events";
import { domainHandlers } from "./domains";
import { paymentHandlers } from "./payments";
import { payoutHandlers } from "./payouts";
import { dailyHandlers } from "./daily";
import { productHandlers } from "./products";
import { shopSettingsHandlers } from "./shop-settings";
import { socialLoginHandlers } from "./social-login";
import { identityHandlers } from "./identity";
import { reviewHandlers } from "./reviews";
import { questionHandlers } from "./questions";
import { notifyHandlers } from "./notify";

// Every contract has its handler: a contract entry without one fails the typecheck.
const handlers = {
  ...shopHandlers,
  ...catalogueHandlers,
  ...authHandlers,
  ...cartHandlers,
  ...orderHandlers,
  ...membershipHandlers,
  ...lifecycleHandlers,
  ...adminHandlers,
  ...accountHandlers,
  ...settingsHandlers,
  ...lookupHandlers,
  ...chatHandlers,
  ...smartHandlers,
  ...eventHandlers,
  ...domainHandlers,
  ...paymentHandlers,
  ...payoutHandlers,
  ...dailyHandlers,
  ...productHandlers,
  ...shopSettingsHandlers,
  ...socialLoginHandlers,
  ...identityHandlers,
  ...reviewHandlers,
  ...questionHandlers,
  ...notifyHandlers,
} satisfies { [N in ApiName]: Handler<N> };

type Route = { endpoint: Endpoint; handler: Handler<ApiName> };

const routes = new Map<string, Route>(
  (Object.keys(api) as ApiName[]).map((name) => [
    api[name].path,
    { endpoint: api[name], handler: handlers[name] as Handler<ApiName> },
  ]),
);

/** True when the path belongs to the shop API (and not to the storefront). */
export function isApiPath(pathname: string): boolean {
  return pathname.startsWith("/api/") || pathname.startsWith("/myshp/");
}

/**
 * A refused input: a schema's own Korean message says what to fix, next to its field; zod's
 * defaults (English) become the generic message with the fields' names.
 */
function invalid(error: z.ZodError): ApiError {
  const first = error.issues[0];
  const field = first?.path.join(".") || undefined;
  if (first && /[가-힣]/.test(first.message)) return new ApiError(400, "BAD_REQUEST", first.message, field);
  const fields = error.issues.map((i) => i.path.join(".") || "(본문)").join(", ");
  return new ApiError(400, "BAD_REQUEST", `${koRequestErrors.badRequest} (${fields})`, field);
}

async function readBody(request: Request): Promise<unknown> {
  const type = request.headers.get("content-type") ?? "";
  if (type.includes("application/json")) {
    try {
      return await request.json();
    } catch {
      throw new ApiError(400, "BAD_JSON", koRequestErrors.badRequest);
    }
  }
  if (type.includes("form")) return Object.fromEntries(await request.formData());
  return undefined;
}

/** Answers one shop-API request with the embedded implementation on D1. */
export async function handleApi(ctx: ApiContext): Promise<Response> {
  const route = routes.get(ctx.url.pathname);
  try {
    // Navigations, payment callbacks and sockets: not JSON, each with its own checks (doors.ts).
    const door = doorFor(ctx.url.pathname, ctx.request.method);
    if (door) return doorRefusal(door, ctx.request) ?? (await door.handle(ctx));
    if (!route) throw new ApiError(404, "NOT_FOUND", koRequestErrors.notFound);
    const { endpoint, handler } = route;
    if (ctx.request.method !== endpoint.method && !(endpoint.method === "GET" && ctx.request.method === "HEAD")) {
      throw new ApiError(405, "METHOD_NOT_ALLOWED", koRequestErrors.methodNotAllowed);
    }
    const query = endpoint.query.safeParse(Object.fromEntries(ctx.url.searchParams));
    if (!query.success) throw invalid(query.error);
    const body = endpoint.body.safeParse(endpoint.method === "POST" ? await readBody(ctx.request) : undefined);
    if (!body.success) throw invalid(body.error);
    const result = await handler({ query: query.data as never, body: body.data as never }, ctx);
    return json(result, { headers: ctx.responseHeaders });
  } catch (error) {
    if (error instanceof ApiError) return errorResponse(error);
    ctx.log.error("shop API failure", error, { api: ctx.url.pathname });
    return errorResponse(new ApiError(500, "INTERNAL", koErrors.unexpected));
  }
}
