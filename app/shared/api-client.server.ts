import { api, ApiErrorBody, type ApiName, type BodyIn, type QueryIn, type Result } from "./contracts";

/** How the client reaches the API: in-process (embedded) or over HTTP to an upstream. */
export type Transport = (request: Request) => Promise<Response>;

export class ShopApiError extends Error {
  override readonly name = "ShopApiError";
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** The form field the message belongs next to, when the API names one. */
    readonly field?: string,
  ) {
    super(message);
  }
}

/**
 * The Worker and the Remix server build each bundle their own copy of this module, so an error
 * made by one is not an `instanceof` the other's class: recognise it by shape instead.
 */
export function isShopApiError(error: unknown): error is ShopApiError {
  return (
    error instanceof Error &&
    error.name === "ShopApiError" &&
    typeof (error as ShopApiError).status === "number" &&
    typeof (error as ShopApiError).code === "string"
  );
}

/** Upstream calls give up after this long; the page then shows a clean error instead of hanging. */
export const UPSTREAM_TIMEOUT_MS = 8000;

export function upstreamTransport(origin: string, fetcher: typeof fetch = fetch): Transport {
  return async (request) => {
    const url = new URL(request.url);
    const target = new URL(url.pathname + url.search, origin);
    try {
      const body = request.method === "GET" || request.method === "HEAD" ? undefined : await request.arrayBuffer();
      return await fetcher(target, {
        method: request.method,
        headers: request.headers,
        body,
        redirect: "manual",
        signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS),
      });
    } catch (error) {
      const timedOut = error instanceof DOMException && error.name === "TimeoutError";
      throw new ShopApiError(502, timedOut ? "UPSTREAM_TIMEOUT" : "UPSTREAM_UNREACHABLE", String(error));
    }
  };
}

type CallInput<N extends ApiName> = { query?: QueryIn<N>; body?: BodyIn<N> };

/**
 * The storefront's only way to the shop API. Requests carry the shopper's cookies (so the API
 * knows who is asking) and responses are checked against the shared contract.
 */
export function createShopApi(
  transport: Transport,
  opts: {
    origin: string;
    cookie?: string | null;
    clientIp?: string | null;
    userAgent?: string | null;
    /** Headers naming the shop of the request (set by the Worker; see functions/upstream.ts). */
    shopHeaders?: () => Record<string, string>;
  },
) {
  /** The result and the response's headers (the accounts calls answer with Set-Cookie). */
  async function callWithHeaders<N extends ApiName>(
    name: N,
    input: CallInput<N> = {},
  ): Promise<{ data: Result<N>; headers: Headers }> {
    const endpoint = api[name];
    const url = new URL(endpoint.path, opts.origin);
    for (const [key, value] of Object.entries(input.query ?? {})) {
      if (value !== undefined && value !== null) url.searchParams.set(key, String(value));
    }
    const headers = new Headers({ accept: "application/json" });
    if (opts.cookie) headers.set("cookie", opts.cookie);
    // Failed-login throttling counts per client address; orders record the address and browser.
    if (opts.clientIp) headers.set("cf-connecting-ip", opts.clientIp);
    if (opts.userAgent) headers.set("user-agent", opts.userAgent);
    for (const [name, value] of Object.entries(opts.shopHeaders?.() ?? {})) headers.set(name, value);
    let body: string | undefined;
    if (endpoint.method === "POST") {
      headers.set("content-type", "application/json");
      body = JSON.stringify(input.body ?? {});
    }
    const response = await transport(new Request(url, { method: endpoint.method, headers, body }));
    const data: unknown = await response.json().catch(() => null);
    if (!response.ok) {
      const parsed = ApiErrorBody.safeParse(data);
      const error = parsed.success ? parsed.data.error : { code: "HTTP_" + response.status, message: "" };
      throw new ShopApiError(response.status, error.code, error.message, "field" in error ? error.field : undefined);
    }
    const parsed = endpoint.response.safeParse(data);
    if (!parsed.success) throw new ShopApiError(502, "BAD_RESPONSE", `${name}: ${parsed.error.message}`);
    return { data: parsed.data as Result<N>, headers: response.headers };
  }
  async function call<N extends ApiName>(name: N, input: CallInput<N> = {}): Promise<Result<N>> {
    return (await callWithHeaders(name, input)).data;
  }
  return { call, callWithHeaders };
}

export type ShopApi = ReturnType<typeof createShopApi>;
