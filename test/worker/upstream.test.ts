import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { createShopApi, isShopApiError, upstreamTransport } from "~/lib/api/client.server";
import worker from "../../functions/worker";

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
    expect(await res.text()).toContain("상점 서버에 연결하지 못했습니다");
    expect(calls[0]).toMatch(/^https:\/\/api\.example\.com\/api\/myshp\/get\/info\?id=beauty/);
  });
});
