import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import worker from "../../../functions/worker";

/**
 * A page through the whole Worker with the edge page cache on (decision 077; the other tests run
 * with it off), once what the response left to do afterwards (keeping the page, recording a view)
 * is done. `state` is the cache's word on it: hit, stale or miss (null when it was not asked).
 */
export async function viewCached(host: string, path: string, headers: Record<string, string> = {}, urlHost = host) {
  const ctx = createExecutionContext();
  const res = await worker.fetch(
    new Request(`http://${urlHost}${path}`, { headers: { host, ...headers }, redirect: "manual" }),
    { ...env, PAGE_CACHE_SECONDS: "60" },
    ctx,
  );
  const html = await res.text();
  await waitOnExecutionContext(ctx);
  return { res, html, state: /page;desc="(\w+)"/.exec(res.headers.get("server-timing") ?? "")?.[1] ?? null };
}
