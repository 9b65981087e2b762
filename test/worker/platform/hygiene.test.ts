import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { BODY_LIMITS } from "../../../functions/request-guard";
import { BEAUTY, get } from "../helpers/request";
import { joinNew } from "../helpers/auth";
import { Shopper } from "../helpers/shopper";
import { koRequestErrors } from "~/shared/messages/shop/request-errors";

/** Issue 7, points 7 and 8: what the Worker refuses, and the headers it always sets. */

describe("request hygiene", () => {
  it("answers 405 to methods other than GET, HEAD and POST, on pages and the API", async () => {
    for (const method of ["PUT", "DELETE", "PATCH", "OPTIONS"]) {
      const page = await get(BEAUTY, "/user/checkout", { method });
      expect(page.status, method).toBe(405);
      expect(page.headers.get("allow")).toBe("GET, HEAD, POST");
      expect(await page.text()).toContain(koRequestErrors.methodNotAllowed);
      const api = await get(BEAUTY, "/api/myshp/load/my_cart", { method });
      expect(api.status, method).toBe(405);
      expect(await api.json()).toEqual({
        error: { code: "METHOD_NOT_ALLOWED", message: koRequestErrors.methodNotAllowed },
      });
    }
  });

  it("refuses bodies over the cap with 413, declared or streamed in chunks", async () => {
    const big = "a=" + "x".repeat(BODY_LIMITS.form + 1);
    const declared = await get(BEAUTY, "/user/checkout", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: big,
    });
    expect(declared.status).toBe(413);
    expect(await declared.text()).toContain(koRequestErrors.bodyTooLarge);

    // No Content-Length: the body is counted as it arrives (one chunk more than the cap holds).
    const chunk = new TextEncoder().encode("x".repeat(16 * 1024));
    let chunks = Math.floor(BODY_LIMITS.api / chunk.byteLength) + 1;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (chunks-- === 0) return controller.close();
        controller.enqueue(chunk);
      },
    });
    const chunked = await get(BEAUTY, "/api/myshp/add/cart/v3", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: stream,
    });
    expect(chunked.status).toBe(413);
    expect(await chunked.json()).toEqual({ error: { code: "BODY_TOO_LARGE", message: koRequestErrors.bodyTooLarge } });

    // The profile form may carry a picture: a phone photo too large for it gets the page's own
    // message (and keeps the name typed), not the Worker's 413.
    const { cookie } = await joinNew(BEAUTY, "사진");
    const form = new FormData();
    form.set("name", "사진바꿈");
    form.set("image", new File([new Uint8Array(4 * 1024 * 1024)], "me.png", { type: "image/png" }));
    const upload = await get(BEAUTY, "/user/info", { method: "POST", body: form, headers: { cookie } });
    expect(upload.status).toBe(400);
    const page = await upload.text();
    expect(page).toContain("사진바꿈");
    expect(page).toMatch(/이미지|사진/);
  });

  it("answers a page POST that is not a form with 415 and a broken form with 400, never 500", async () => {
    for (const type of ["application/json", "text/plain", ""]) {
      const res = await get(BEAUTY, "/user/checkout", {
        method: "POST",
        headers: type ? { "content-type": type } : {},
        body: type === "application/json" ? "{}" : "a=1",
      });
      expect(res.status, type || "(none)").toBe(415);
    }
    const broken = '--b\r\nContent-Disposition: form-data; name="a"\r\n\r\nunterminated';
    for (const path of ["/user/checkout", "/api/myshp/add/cart/v3"]) {
      const res = await get(BEAUTY, path, {
        method: "POST",
        headers: { "content-type": "multipart/form-data; boundary=b" },
        body: broken,
      });
      expect(res.status, path).toBe(400);
    }
  });

  it("takes the client's address and browser from the request, never from the body", async () => {
    const shopper = new Shopper(BEAUTY);
    shopper.ip = "203.0.113.55";
    await shopper.add([{ pid2: 40, pid3: 4000 }]);
    const res = await shopper.fetch("/api/myshp/make/my/order/v4", {
      method: "POST",
      headers: { "content-type": "application/json", "user-agent": "RealBrowser/1.0" },
      body: JSON.stringify({
        list: [{ pid2: 40, pid3: 4000, qty: 1 }],
        key: crypto.randomUUID(),
        ua: "Forged/9.9",
        ip: "10.9.9.9",
      }),
    });
    expect(res.status).toBe(200);
    const { order_id } = (await res.json()) as { order_id: number };
    const row = await env.DB.prepare("SELECT ua, ip FROM orders WHERE id = ?").bind(order_id).first();
    expect(row).toEqual({ ua: "RealBrowser/1.0", ip: "203.0.113.55" });
  });
});

describe("headers", () => {
  it("puts a nonce-based Content-Security-Policy on every HTML page, and the nonce on every inline script", async () => {
    for (const path of ["/", "/shop/view/b0001", "/user/login", "/no-such-page", "/user/checkout"]) {
      const res = await get(BEAUTY, path);
      const csp = res.headers.get("content-security-policy") ?? "";
      const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
      expect(nonce, path).toBeTruthy();
      for (const directive of [
        "object-src 'none'",
        "base-uri 'none'",
        "frame-ancestors 'self'",
        "form-action 'self'",
        "default-src 'self'",
      ]) {
        expect(csp, path).toContain(directive);
      }
      expect(csp).not.toContain("'unsafe-eval'");
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      const html = await res.text();
      // JSON-LD blocks are data, never run: CSP does not apply to them (and they carry no nonce).
      const scripts = [...html.matchAll(/<script\b[^>]*>/g)]
        .map((m) => m[0])
        .filter((tag) => !tag.includes('type="application/ld+json"'));
      expect(scripts.length, path).toBeGreaterThan(0);
      for (const tag of scripts) {
        if (/\bsrc=/.test(tag)) continue;
        expect(tag, path).toContain(`nonce="${nonce}"`);
      }
    }
    // On a custom domain a login may go on from the sub-domain: both of the shop's origins may
    // receive its forms (the browser checks form-action on the redirects after a post).
    const custom = await get("shop.example.test", "/user/login");
    expect(custom.headers.get("content-security-policy")).toMatch(
      /form-action 'self' http:\/\/studio\.localhost http:\/\/shop\.example\.test/,
    );
    // The postcode provider (on by default): its script and frame origins only, nothing wider.
    const sheet = (await get(BEAUTY, "/")).headers.get("content-security-policy") ?? "";
    expect(sheet).toMatch(/script-src 'self' 'nonce-[^']+' https:\/\/t1\.kakaocdn\.net https:\/\/t1\.daumcdn\.net;/);
    expect(sheet).toContain("frame-src 'self' https://postcode.map.kakao.com https://postcode.map.daum.net;");
    // The Worker's own pages too (an unknown shop).
    const unknown = await get("nowhere.localhost", "/");
    expect(unknown.headers.get("content-security-policy")).toContain("object-src 'none'");
    // A fresh nonce each time.
    const [a, b] = await Promise.all([get(BEAUTY, "/"), get(BEAUTY, "/")]);
    expect(a.headers.get("content-security-policy")).not.toBe(b.headers.get("content-security-policy"));
  });

  it("sends nosniff and a referrer policy everywhere", async () => {
    for (const [host, path] of [
      [BEAUTY, "/"],
      [BEAUTY, "/api/myshp/get/info?id=beauty&domain=true"],
      ["nowhere.localhost", "/"],
      [BEAUTY, "/files/shops/beauty/p/b0001.svg"],
    ] as const) {
      const res = await get(host, path);
      expect(res.headers.get("x-content-type-options"), path).toBe("nosniff");
      expect(res.headers.get("referrer-policy"), path).toBeTruthy();
    }
  });

  it("marks every personal response private, no-store: pages, .data and API answers", async () => {
    const { cookie } = await joinNew(BEAUTY, "캐시");
    const shopper = new Shopper(BEAUTY);
    await shopper.add([{ pid2: 42, pid3: 4200 }]);
    const order = await shopper.order([{ pid2: 42, pid3: 4200, qty: 1 }]);
    const guest = shopper.cookie;
    const cases: [string, string][] = [
      ["/user/checkout", guest],
      ["/user/checkout.data", guest],
      [`/user/order?id=${order.data.order_id}`, guest],
      [`/user/order.data?id=${order.data.order_id}`, guest],
      ["/api/myshp/load/my_cart", guest],
      [`/api/myshp/get/my/order?id=${order.data.order_id}`, guest],
      ["/", guest],
      ["/user/info", cookie],
      ["/user/info.data", cookie],
      ["/myshop", cookie],
      ["/api/myshp/userinfo", cookie],
      ["/shop/view/b0001", cookie],
    ];
    for (const [path, c] of cases) {
      const res = await get(BEAUTY, path, { headers: { cookie: c } });
      expect(res.status, path).toBeLessThan(400);
      expect(res.headers.get("cache-control"), path).toBe("private, no-store");
    }
    // A response that sets a cookie (the first post mints the device id) is personal too.
    const first = await new Shopper(BEAUTY).add([{ pid2: 42, pid3: 4200 }]);
    expect(first.status).toBe(200);
    const minted = await get(BEAUTY, "/shop/view/b0042", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "pid2=42&option=4200&qty=1",
    });
    expect(minted.headers.get("set-cookie")).toContain("uuid_value=");
    expect(minted.headers.get("cache-control")).toBe("private, no-store");
  });

  it("keeps Remix's route manifest cacheable for a returning shopper: the same for everyone, by version", async () => {
    const shopper = new Shopper(BEAUTY);
    await shopper.add([{ pid2: 42, pid3: 4200 }]);
    const page = await (await get(BEAUTY, "/", { headers: { cookie: shopper.cookie } })).text();
    const version = /"version":\s*"([\w-]+)"/.exec(page)?.[1];
    expect(version).toBeTruthy();
    const path = `/__manifest?p=%2Fshop%2Fview%2Fb0042&p=%2Fshop%2Flist&version=${version}`;
    const anonymous = await get(BEAUTY, path);
    const returning = await get(BEAUTY, path, { headers: { cookie: shopper.cookie } });
    expect(returning.status).toBe(200);
    expect(returning.headers.get("set-cookie")).toBeNull();
    expect(returning.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(await returning.text()).toBe(await anonymous.text());
  });
});
