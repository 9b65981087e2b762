import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { createShopApi, isShopApiError, upstreamTransport } from "~/shared/api-client.server";
import worker from "../../../functions/worker";
import { BEAUTY, get } from "../helpers/request";
import { koErrors } from "~/shared/messages/shop/errors";

describe("the API client's upstream transport", () => {
  it("sends the call to the upstream origin with the shopper's cookies and checks the answer", async () => {
    const seen: Request[] = [];
    const fetcher = (async (url: string | URL, init?: RequestInit) => {
      const req = new Request(url, init);
      seen.push(req);
      return Response.json({ dom: "beauty", dom3: null });
    }) as typeof fetch;
    const api = createShopApi(upstreamTransport("https://api.example.com", fetcher), {
      origin: "http://beauty.localhost",
      cookie: "sid=1; skey=2",
    });
    expect(await api.call("shopDomains", { query: { id: 1 } })).toEqual({ dom: "beauty", dom3: null });
    expect(seen[0]!.url).toBe("https://api.example.com/api/myshp/get/info/v2?id=1");
    expect(seen[0]!.headers.get("cookie")).toBe("sid=1; skey=2");
  });

  it("turns an answer that breaks the contract into an error, never into data", async () => {
    const fetcher = (async () => Response.json({ dom: 42 })) as unknown as typeof fetch;
    const api = createShopApi(upstreamTransport("https://api.example.com", fetcher), { origin: "http://x" });
    const error = await api.call("shopDomains", { query: { id: 1 } }).catch((e: unknown) => e);
    expect(isShopApiError(error) && error.code).toBe("BAD_RESPONSE");
  });

  it("reports timeouts and unreachable upstreams as 502s", async () => {
    const timeout = (async () => {
      throw new DOMException("timed out", "TimeoutError");
    }) as unknown as typeof fetch;
    const api = createShopApi(upstreamTransport("https://api.example.com", timeout), { origin: "http://x" });
    const error = await api.call("storageUrl").catch((e: unknown) => e);
    expect(isShopApiError(error) && [error.status, error.code]).toEqual([502, "UPSTREAM_TIMEOUT"]);
  });

  it("passes the upstream's own errors through with their status and code", async () => {
    const fetcher = (async () =>
      Response.json(
        { error: { code: "SHOP_NOT_FOUND", message: "없음" } },
        { status: 404 },
      )) as unknown as typeof fetch;
    const api = createShopApi(upstreamTransport("https://api.example.com", fetcher), { origin: "http://x" });
    const error = await api.call("shopInfo", { query: { id: "x" } }).catch((e: unknown) => e);
    expect(isShopApiError(error) && [error.status, error.code]).toEqual([404, "SHOP_NOT_FOUND"]);
  });
});

describe("the Worker with an upstream that fails", () => {
  it("shows a clean Korean error page instead of hanging or leaking details", async () => {
    const ctx = createExecutionContext();
    // The upstream's network fails (stubbed: no real connection leaves the test).
    const calls: string[] = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
      calls.push(String(input instanceof Request ? input.url : input));
      throw new TypeError("Network connection lost.");
    });
    const res = await worker.fetch(
      new Request("http://beauty.localhost/", { headers: { host: "beauty.localhost" } }),
      { ...env, SHOP_API_ORIGIN: "https://api.example.com" },
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(res.status).toBe(502);
    expect(await res.text()).toContain(koErrors.upstream);
    expect(calls[0]).toMatch(/^https:\/\/api\.example\.com\/api\/myshp\/get\/info\?id=beauty/);
  });
});

describe("upstream mode is tenant-aware and safe (issue 7)", () => {
  async function withUpstream(
    answer: (url: URL, req: Request) => Response | Promise<Response>,
    request: Request,
  ): Promise<{ res: Response; seen: Request[] }> {
    // The real shop record, as an upstream would answer it.
    const info = await (await get(BEAUTY, "/api/myshp/get/info?id=beauty&domain=true")).json();
    const seen: Request[] = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      const req = new Request(input, init);
      seen.push(req);
      const url = new URL(req.url);
      if (url.pathname === "/api/myshp/get/info") return Response.json(info);
      if (url.pathname === "/api/storage/url") return Response.json({ storage_url: "/files/" });
      return answer(url, req);
    });
    const ctx = createExecutionContext();
    try {
      const res = await worker.fetch(request, { ...env, SHOP_API_ORIGIN: "https://api.example.com" }, ctx);
      await waitOnExecutionContext(ctx);
      return { res, seen };
    } finally {
      vi.restoreAllMocks();
    }
  }

  const browser = (path: string, headers: Record<string, string> = {}, init: RequestInit = {}) =>
    new Request(`http://${BEAUTY}${path}`, { ...init, headers: { host: BEAUTY, ...headers } });

  it("shows the 502 page on every shop page when the shop API is down, never a 500 (issue 8)", async () => {
    const outage = () => Response.json({ error: { code: "INTERNAL", message: "" } }, { status: 503 });
    const pages = [
      "/",
      "/shop",
      "/shop/list",
      "/shop/notice-list",
      "/shop/view/b0001",
      "/user/checkout",
      "/user/order?id=1",
      "/user/forget?token=abc",
    ];
    for (const path of pages) {
      const device = "dddddddd-dddd-4ddd-8ddd-dddddddddddd";
      // The Worker logs the failed member lookup (and carries on as a guest); withUpstream
      // restores this spy after each request.
      vi.spyOn(console, "error").mockImplementation(() => {});
      const { res } = await withUpstream(outage, browser(path, { cookie: `uuid_value=${device}` }));
      expect(res.status, path).toBe(502);
      expect(await res.text(), path).toContain(koErrors.upstream);
    }
  });

  it("forwards a fresh, minimal header set with the shop named by the Worker", async () => {
    const { res, seen } = await withUpstream(
      () => Response.json({ count: 2 }),
      browser("/api/myshp/get/cart/count", {
        cookie: "sid=a; skey=b",
        "x-forwarded-for": "6.6.6.6",
        "x-forwarded-host": "evil.example",
        forwarded: "for=6.6.6.6",
        "x-real-ip": "6.6.6.6",
        "x-shop-id": "999",
        "x-shop-host": "picks.localhost",
        "x-shop-client-ip": "6.6.6.6",
        "cf-connecting-ip": "198.51.100.20",
        "user-agent": "Phone/1.0",
      }),
    );
    expect(res.status).toBe(200);
    const call = seen.find((r) => r.url.endsWith("/api/myshp/get/cart/count"))!;
    expect(call.url).toBe("https://api.example.com/api/myshp/get/cart/count");
    const headers = Object.fromEntries(call.headers);
    expect(headers["x-shop-id"]).toBe("1");
    expect(headers["x-shop-host"]).toBe(BEAUTY);
    expect(headers.cookie).toBe("sid=a; skey=b");
    // Cloudflare replaces CF-Connecting-IP on the Worker's own requests: the address goes in ours.
    expect(headers["x-shop-client-ip"]).toBe("198.51.100.20");
    for (const name of ["x-forwarded-for", "x-forwarded-host", "forwarded", "x-real-ip"]) {
      expect(headers[name], name).toBeUndefined();
    }
  });

  it("names the shop on the storefront's own calls too, and asks the upstream who is logged in", async () => {
    const { res, seen } = await withUpstream(
      (url) =>
        url.pathname === "/api/myshp/userinfo"
          ? Response.json({ error: { code: "LOGIN_REQUIRED", message: "" } }, { status: 401 })
          : Response.json({ error: { code: "NOT_FOUND", message: "" } }, { status: 404 }),
      browser("/user/login", { cookie: "sid=aaaaaaaaaaaaaaaaaaaaaa; skey=bbbbbbbbbbbbbbbbbbbbbb" }),
    );
    expect(res.status).toBe(200);
    const who = seen.find((r) => new URL(r.url).pathname === "/api/myshp/userinfo");
    expect(who, "the session check goes through the contract").toBeTruthy();
    expect(who!.headers.get("x-shop-id")).toBe("1");
    expect(who!.headers.get("x-shop-host")).toBe(BEAUTY);
  });

  it("refuses encoded traversal before forwarding anything", async () => {
    // A whole "%2e%2e" segment is resolved by the URL parser before any code sees it (it can only
    // name a path the client could ask for anyway); what survives parsing encoded is refused.
    for (const path of [
      "/api/myshp/%2e%2e%2fadmin",
      "/api/myshp/..%2fadmin",
      "/api/myshp/get%2finfo",
      "/api/myshp/get%5cinfo",
      "/api/myshp/get;jsessionid=1",
    ]) {
      const { res, seen } = await withUpstream(() => Response.json({}), browser(path));
      expect(res.status, path).toBe(400);
      expect(
        seen.filter((r) => !/\/get\/info$|\/storage\/url$/.test(new URL(r.url).pathname)),
        path,
      ).toEqual([]);
    }
  });

  it("replaces an upstream failure's body with the standard JSON error", async () => {
    const { res } = await withUpstream(
      () => new Response("Traceback: secret internal path /srv/app.py line 42", { status: 500 }),
      browser("/api/myshp/get/cart/count"),
    );
    expect(res.status).toBe(502);
    const text = await res.text();
    expect(text).not.toContain("secret");
    expect(JSON.parse(text)).toEqual({ error: { code: "UPSTREAM_ERROR", message: koErrors.upstream } });
  });
});
