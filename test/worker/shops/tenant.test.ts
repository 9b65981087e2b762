import { describe, expect, it } from "vitest";
import { classifyHost, normaliseHost, shopOrigin } from "../../../functions/host";
import { HostCache } from "../../../functions/tenant";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { shopFrameData } from "~/lib/shop-frame.server";
import { BEAUTY, get, STUDIO_CUSTOM } from "../helpers/request";
import { koRequestErrors } from "~/shared/messages/shop/request-errors";

describe("host names", () => {
  it("normalises case, port and trailing dot", () => {
    expect(normaliseHost("Beauty.LocalHost.:3333")).toBe("beauty.localhost");
    expect(normaliseHost("SHOP.example.test.")).toBe("shop.example.test");
    expect(normaliseHost("[::1]:3333")).toBeNull();
    expect(normaliseHost("bad host")).toBeNull();
    expect(normaliseHost("")).toBeNull();
  });

  it("tells sub-domains from custom domains", () => {
    expect(classifyHost("beauty.localhost", "localhost")).toEqual({ kind: "subdomain", dom: "beauty" });
    expect(classifyHost("localhost", "localhost")).toEqual({ kind: "platform" });
    expect(classifyHost("a.b.localhost", "localhost")).toEqual({ kind: "invalid" });
    expect(classifyHost("shop.example.test", "localhost")).toEqual({ kind: "custom", host: "shop.example.test" });
    expect(classifyHost("intranet", "localhost")).toEqual({ kind: "invalid" });
  });

  it("builds shop addresses from the shop record", () => {
    expect(shopOrigin({ dom: "beauty", dom3: null }, "shops.example.com")).toBe("https://beauty.shops.example.com");
    expect(shopOrigin({ dom: "studio", dom3: "shop.example.test" }, "shops.example.com")).toBe(
      "https://shop.example.test",
    );
    expect(shopOrigin({ dom: "beauty", dom3: null }, "localhost", new URL("http://x.localhost:3333/"))).toBe(
      "http://beauty.localhost:3333",
    );
  });
});

describe("shop cache", () => {
  it("keeps an entry per host until it expires", () => {
    let now = 0;
    const cache = new HostCache<null>(10, () => now);
    cache.set("a.localhost", null, 30);
    expect(cache.get("a.localhost")).toEqual({ value: null });
    expect(cache.get("b.localhost")).toBeUndefined();
    now = 30_001;
    expect(cache.get("a.localhost")).toBeUndefined();
  });

  it("is bounded", () => {
    const cache = new HostCache<null>(2, () => 0);
    cache.set("a", null, 30);
    cache.set("b", null, 30);
    cache.set("c", null, 30);
    expect(cache.get("a")).toBeUndefined();
    expect(cache.get("c")).toEqual({ value: null });
  });
});

describe("tenant resolution through the Worker", () => {
  const shopName = async (res: Response) => (await res.text()).match(/<title>([^<]*)<\/title>/)?.[1];

  it("serves a shop on its sub-domain", async () => {
    const res = await get(BEAUTY, "/");
    expect(res.status).toBe(200);
    expect(await shopName(res)).toBe("뷰티 라운지");
  });

  it("serves a shop on its custom domain", async () => {
    const res = await get(STUDIO_CUSTOM, "/");
    expect(res.status).toBe(200);
    expect(await shopName(res)).toBe("모노 스튜디오");
  });

  it("ignores case, port and a trailing dot in the host", async () => {
    for (const host of ["BEAUTY.LocalHost", "beauty.localhost:3333", "beauty.localhost.", "Shop.Example.Test.:8080"]) {
      const res = await get(host, "/");
      expect(res.status, host).toBe(200);
    }
  });

  it("answers an unknown host with a Korean 404 and never a default shop", async () => {
    // The platform's own host has pages of its own (open-shop.test.ts).
    for (const host of ["nope.localhost", "unknown.example.org", "a.beauty.localhost"]) {
      const res = await get(host, "/");
      expect(res.status, host).toBe(404);
      const html = await res.text();
      expect(html).toContain(koRequestErrors.shopNotFound);
      expect(html).not.toContain("뷰티 라운지");
    }
  });

  it("does not let a sub-domain label pose as a custom domain or the reverse", async () => {
    // 'studio' is a dom; as a custom host it must not match, and shop.example.test is no sub-domain.
    expect((await get("studio.example.test", "/")).status).toBe(404);
    expect((await get("shop.example.test.localhost", "/")).status).toBe(404);
  });

  it("ignores forged forwarding headers", async () => {
    const res = await get("nope.localhost", "/", {
      headers: {
        "x-forwarded-host": BEAUTY,
        forwarded: `host=${BEAUTY}`,
        "x-original-host": BEAUTY,
        "x-host": BEAUTY,
      },
    });
    expect(res.status).toBe(404);
    const ok = await get(BEAUTY, "/", { headers: { "x-forwarded-host": STUDIO_CUSTOM } });
    expect(await shopName(ok)).toBe("뷰티 라운지");
  });
});

describe("a shop's categories in the frame", () => {
  it("are read once per shop and host while the shop record is cached, never across hosts", async () => {
    const calls: string[] = [];
    const context = (host: string, shopid: number, ttl: number) =>
      ({
        shop: { shopid },
        member: null,
        newDevice: false,
        config: { SHOP_CACHE_TTL: ttl },
        api: {
          call: async (name: string) => {
            calls.push(`${name}@${host}`);
            return { categories: [{ id: shopid, parent_id: null, name: host }] };
          },
        },
      }) as unknown as AppLoadContext;
    const load = async (host: string, shopid: number, ttl = 30) =>
      (await shopFrameData(context(host, shopid, ttl), new Request(`http://${host}/`))).categories;
    expect(await load("cats-a.localhost", 901)).toEqual([{ id: 901, parent_id: null, name: "cats-a.localhost" }]);
    expect(await load("cats-a.localhost", 901)).toEqual([{ id: 901, parent_id: null, name: "cats-a.localhost" }]);
    expect(await load("cats-b.localhost", 902)).toEqual([{ id: 902, parent_id: null, name: "cats-b.localhost" }]);
    expect(calls).toEqual(["categories@cats-a.localhost", "categories@cats-b.localhost"]);
    // With the cache off (SHOP_CACHE_TTL=0, as in these tests' Worker), every page reads them.
    await load("cats-c.localhost", 903, 0);
    await load("cats-c.localhost", 903, 0);
    expect(calls.filter((c) => c.endsWith("cats-c.localhost"))).toHaveLength(2);
  });
});
