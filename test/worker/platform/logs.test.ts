import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import worker from "../../../functions/worker";
import { Log, redact, requestId } from "../../../functions/log";
import { serverErrorPage } from "../../../functions/pages";
import { BEAUTY, get } from "../helpers/request";
import { cookieHeader, joinNew, PASSWORD, postForm, setCookies, SHOPPER } from "../helpers/auth";
import { handleError } from "~/entry.server";
import type { AppLoadContext, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { ADDRESS, Shopper } from "../helpers/shopper";

/** Issue 33, point 4 (decision 093): one JSON line per request, errors with the same id, and nobody's data. */

type Line = Record<string, unknown> & { level: string; msg: string; id: string };

/** Every line the Worker writes from now on (console.log and console.error), parsed: each must be JSON. */
function captureLines(): { raw: string[]; lines: () => Line[]; requests: () => Line[] } {
  const raw: string[] = [];
  const keep = (...args: unknown[]) => {
    raw.push(args.map(String).join(" "));
  };
  vi.spyOn(console, "log").mockImplementation(keep);
  vi.spyOn(console, "error").mockImplementation(keep);
  vi.spyOn(console, "warn").mockImplementation(keep);
  const lines = () => raw.map((text) => JSON.parse(text) as Line);
  return { raw, lines, requests: () => lines().filter((l) => l.msg === "request") };
}

const ID_LINE = /문의 시 이 번호를 알려 주세요:(?:<!-- -->| )*<span[^>]*>([^<]+)<\/span>/;

/** The request id an error page shows. */
const shownId = (html: string) => ID_LINE.exec(html)?.[1] ?? null;

describe("request logs", () => {
  it("write one JSON line per request, with no e-mail, phone, password, address, cookie or client address", async () => {
    const log = captureLines();
    const ip = "198.51.100.23";
    const responses: Response[] = [];
    const seen = async (res: Response | Promise<Response>) => {
      const r = await res;
      await r.arrayBuffer();
      responses.push(r);
      return r;
    };

    // Join, with an e-mail, a name and a password.
    const email = `logs-${Date.now()}@example.test`;
    const name = "박서연";
    const joined = await seen(
      postForm(BEAUTY, "/user/join?url=%2Fmyshop", {
        email,
        name,
        password: "secret-9876!",
        password2: "secret-9876!",
        agree_all: "on",
      }),
    );
    expect(joined.status).toBe(302);
    const joinedCookies = setCookies(joined);
    // Log in, then visit a page as the member (sid and skey cookies).
    const login = await seen(postForm(BEAUTY, "/user/login", { email: SHOPPER, password: PASSWORD }));
    expect(login.status).toBe(302);
    const loginCookies = setCookies(login);
    await seen(get(BEAUTY, "/myshop", { headers: { cookie: cookieHeader(loginCookies), "cf-connecting-ip": ip } }));

    // A guest's order with an address and phone (device cookie), and its lookup by phone elsewhere.
    const guest = new Shopper(BEAUTY);
    guest.ip = ip;
    await guest.add([{ pid2: 13, pid3: 1300 }]);
    const id = (await guest.order([{ pid2: 13, pid3: 1300, qty: 1 }])).data.order_id;
    expect((await guest.pay(id)).status).toBe(200);
    const elsewhere = new Shopper(BEAUTY);
    elsewhere.ip = "203.0.113.77";
    const found = await seen(elsewhere.form("/user/order_lookup", { order_id: String(id), phone: "01012345678" }));
    expect(found.status).toBe(302);
    await seen(elsewhere.fetch(`/myshop/order_view?id=${id}`));

    // Query strings holding a phone number and an e-mail.
    await seen(get(BEAUTY, "/shop/search?q=010-9876-5432"));
    await seen(get(BEAUTY, `/user/login?email=${encodeURIComponent(email)}&phone=01098765432`));

    const secrets = [
      email,
      name,
      "secret-9876!",
      PASSWORD,
      SHOPPER,
      ADDRESS.address,
      ADDRESS.detail,
      ADDRESS.orderer_name,
      ADDRESS.orderer_phone,
      ADDRESS.memo,
      "01012345678",
      "010-9876-5432",
      "9876-5432",
      "01098765432",
      ip,
      "203.0.113.77",
      ...[
        ...joinedCookies.values(),
        ...loginCookies.values(),
        ...guest.cookies.values(),
        ...elsewhere.cookies.values(),
      ].filter((v) => v.length >= 8),
    ];
    // The cookies this test means to look for were there to be logged.
    expect(loginCookies.get("sid")).toBeTruthy();
    expect(loginCookies.get("skey")).toBeTruthy();
    expect(guest.device).toBeTruthy();
    expect(log.requests()).toHaveLength(10);
    for (const text of log.raw) {
      for (const secret of secrets) expect(text, secret).not.toContain(secret);
      expect(text).not.toMatch(/[?&](phone|email|q)=/);
    }

    // Every line is JSON with its level, message and id; each request's line has its fields.
    const lines = log.lines();
    for (const line of lines) {
      expect(line.level).toMatch(/^(info|error)$/);
      expect(typeof line.msg).toBe("string");
      expect(line.id).toMatch(/^[0-9a-z-]{8,40}$/i);
    }
    const requests = log.requests();
    for (const line of requests) {
      expect(line).toMatchObject({ method: expect.any(String), host: "beauty.localhost", path: expect.any(String) });
      expect(line.status).toEqual(expect.any(Number));
      expect(line.ms).toEqual(expect.any(Number));
      expect(line.kind).toMatch(/^(page|api|file|manifest|refused)$/);
      if (line.kind !== "refused") expect(line.d1).toEqual(expect.any(Number));
      expect(String(line.path)).not.toContain("?");
    }
    // A page names its shop and the route Remix matched; the search page's line has no query.
    const search = requests.find((l) => l.path === "/shop/search")!;
    expect(search).toMatchObject({ kind: "page", shop: expect.any(Number), route: expect.stringContaining("search") });
    // Each response's X-Request-Id is its line's id.
    const ids = new Set(requests.map((l) => l.id));
    for (const res of responses) expect(ids).toContain(res.headers.get("x-request-id"));
    expect(new Set(responses.map((r) => r.headers.get("x-request-id"))).size).toBe(responses.length);
  });

  it("mask e-mail addresses, phone numbers and queries in an error's message and stack", () => {
    const log = captureLines();
    const error = new Error(
      "D1_ERROR: UNIQUE constraint failed: members.email (kim.minji@example.co.kr) at https://api.example/x?phone=010-2222-3333 02-345-6789 +82 10 4444 5555",
    );
    new Log("abc123def456", { method: "POST" }).error("shop API failure", error, { api: "/api/user/join" });
    const [line] = log.lines();
    expect(line).toMatchObject({ level: "error", msg: "shop API failure", id: "abc123def456", method: "POST" });
    const described = line!.error as { name: string; message: string; stack: string };
    expect(described.name).toBe("Error");
    expect(described.message).toBe(
      "D1_ERROR: UNIQUE constraint failed: members.email ([email]) at https://api.example/x?… [phone] [phone]",
    );
    expect(described.stack).toContain("[email]");
    expect(log.raw[0]).not.toMatch(/kim\.minji|2222|3333|4444|5555|345-6789/);
    // Order numbers, prices and times stay readable.
    expect(redact("order 1042 of 39,000원 at 1764201600000")).toBe("order 1042 of 39,000원 at 1764201600000");
  });
});

describe("the request id", () => {
  it("is shown on the app's error page and is the X-Request-Id of the response and its line", async () => {
    const log = captureLines();
    const res = await get(BEAUTY, "/no-such-page-here");
    expect(res.status).toBe(404);
    const html = await res.text();
    const shown = shownId(html);
    expect(shown).toMatch(/^[0-9a-f]{16}$/);
    expect(res.headers.get("x-request-id")).toBe(shown);
    expect(log.requests()).toEqual([expect.objectContaining({ id: shown, status: 404, kind: "page" })]);
  });

  it("is on every response, whichever door answered it, and is its line's id", async () => {
    const log = captureLines();
    const answers = [
      await get(BEAUTY, "/files/shops/studio/logo.svg"),
      await get(BEAUTY, "/api/myshp/get/cart/count"),
      await get(BEAUTY, "/shop/list?category=0"),
      await get(BEAUTY, "/", { method: "DELETE" }),
      await get(BEAUTY, "/user/login", { method: "POST", headers: { origin: "http://evil.example" } }),
    ];
    for (const res of answers) await res.arrayBuffer();
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 405, 403]);
    expect(log.requests().map((l) => [l.kind, l.id])).toEqual([
      ["file", answers[0]!.headers.get("x-request-id")],
      ["api", answers[1]!.headers.get("x-request-id")],
      ["page", answers[2]!.headers.get("x-request-id")],
      ["refused", answers[3]!.headers.get("x-request-id")],
      ["refused", answers[4]!.headers.get("x-request-id")],
    ]);
    // The Worker's refusals are error pages too.
    expect(shownId(await (await get(BEAUTY, "/", { method: "DELETE" })).text())).toMatch(/^[0-9a-f]{16}$/);
  });

  it("is Cloudflare's ray id when the request has one", async () => {
    const log = captureLines();
    const ray = "8c2f0a1b2c3d4e5f-ICN";
    const res = await get(BEAUTY, "/no-such-page-here", { headers: { "cf-ray": ray } });
    expect(shownId(await res.text())).toBe(ray);
    expect(res.headers.get("x-request-id")).toBe(ray);
    expect(log.requests()[0]?.id).toBe(ray);
    // Anything else in its place is not trusted.
    expect(requestId(new Request("http://x/", { headers: { "cf-ray": '"><script>' } }))).toMatch(/^[0-9a-f]{16}$/);
  });

  it("is on the Worker's own pages: shop not found, and its 500", async () => {
    captureLines();
    const res = await get("nowhere.localhost", "/");
    expect(res.status).toBe(404);
    expect(shownId(await res.text())).toBe(res.headers.get("x-request-id"));
    expect(shownId(await serverErrorPage("0123456789abcdef").text())).toBe("0123456789abcdef");
  });

  it("joins a failure's error line, with its stack, to the page that shows it", async () => {
    const log = captureLines();
    await env.DB.exec("ALTER TABLE notices RENAME TO notices_away");
    try {
      const res = await get(BEAUTY, "/shop/notice-list");
      expect(res.status).toBe(502);
      const shown = shownId(await res.text());
      expect(res.headers.get("x-request-id")).toBe(shown);
      const failure = log.lines().find((l) => l.level === "error" && l.msg === "shop API failure");
      expect(failure).toMatchObject({ id: shown, shop: expect.any(Number) });
      expect((failure!.error as { message: string; stack: string }).stack).toContain("notices");
      expect(log.requests()).toEqual([expect.objectContaining({ id: shown, status: 502 })]);
    } finally {
      await env.DB.exec("ALTER TABLE notices_away RENAME TO notices");
    }
  });

  it("is never kept inside a page the edge cache gives to everyone", async () => {
    const log = captureLines();
    const path = `/shop/list?category=0&t=${crypto.randomUUID()}`;
    const view = async () => {
      const ctx = createExecutionContext();
      const request = new Request(`http://${BEAUTY}${path}`, { headers: { host: BEAUTY } });
      const res = await worker.fetch(request, { ...env, PAGE_CACHE_SECONDS: "60" }, ctx);
      const html = await res.text();
      await waitOnExecutionContext(ctx);
      return { id: res.headers.get("x-request-id")!, html };
    };
    const first = await view();
    const second = await view();
    expect(first.id).not.toBe(second.id);
    for (const page of [first, second]) {
      expect(page.html).not.toContain(first.id);
      expect(page.html).not.toContain(second.id);
      expect(shownId(page.html)).toBeNull();
    }
    expect(log.requests().map((l) => l.cache)).toEqual(["miss", "hit"]);
  });
});

describe("error lines", () => {
  it("the Worker's own catch: a 500 page with the id, and the error's line with its stack", async () => {
    const log = captureLines();
    const ctx = createExecutionContext();
    // A misconfiguration throws below every other catch.
    const res = await worker.fetch(
      new Request(`http://${BEAUTY}/`, { headers: { host: BEAUTY } }),
      { ...env, PLATFORM_DOMAIN: "" },
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(res.status).toBe(500);
    const shown = shownId(await res.text());
    expect(res.headers.get("x-request-id")).toBe(shown);
    const [failure, request] = log.lines();
    expect(failure).toMatchObject({ level: "error", msg: "request failed", id: shown, error: { name: "Error" } });
    expect((failure!.error as { stack: string }).stack).toContain("PLATFORM_DOMAIN");
    expect(request).toMatchObject({ level: "error", msg: "request", id: shown, status: 500 });
  });

  it("a sender gone mid-body is no server failure: 400 in the request's line, no error line", async () => {
    const log = captureLines();
    const ctx = createExecutionContext();
    // A phone losing its network halfway through an upload: the body stops with an error.
    let sent = false;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent) return controller.error(new Error("Network connection lost."));
        sent = true;
        controller.enqueue(new TextEncoder().encode('{"list":['));
      },
    });
    const res = await worker.fetch(
      new Request(`http://${BEAUTY}/api/myshp/add/cart/v3`, {
        method: "POST",
        headers: { host: BEAUTY, origin: `http://${BEAUTY}`, "content-type": "application/json" },
        body,
        duplex: "half",
      } as RequestInit),
      env,
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(res.status).toBe(400);
    expect(log.lines()).toEqual([
      expect.objectContaining({ level: "info", msg: "request", kind: "refused", status: 400 }),
    ]);
  });

  it("Remix's handleError: a loader's exception with the request's id; a request the browser gave up, none", () => {
    const log = captureLines();
    const context = { log: new Log("fedcba9876543210") } as AppLoadContext;
    const args = (request: Request) => ({ request, params: {}, context }) as LoaderFunctionArgs;
    handleError(new TypeError("cannot read x of undefined"), args(new Request("http://beauty.localhost/shop")));
    const gaveUp = new AbortController();
    gaveUp.abort();
    handleError(new Error("aborted"), args(new Request("http://beauty.localhost/shop", { signal: gaveUp.signal })));
    expect(log.lines()).toEqual([
      expect.objectContaining({
        level: "error",
        msg: "page failed",
        id: "fedcba9876543210",
        error: expect.objectContaining({ name: "TypeError", message: "cannot read x of undefined" }),
      }),
    ]);
  });
});

describe("other lines", () => {
  it("a live socket writes a line when it opens and when it closes, with its request's id and no one's", async () => {
    const me = await joinNew(BEAUTY);
    const log = captureLines();
    const res = await get(BEAUTY, "/api/live/ws", {
      headers: { upgrade: "websocket", origin: `http://${BEAUTY}`, cookie: me.cookie },
    });
    expect(res.status).toBe(101);
    const socket = res.webSocket!;
    socket.accept();
    socket.close(1000, "bye");
    for (let i = 0; i < 50 && !log.lines().some((l) => l.msg === "socket close"); i++) {
      await new Promise((r) => setTimeout(r, 20));
    }
    const id = res.headers.get("x-request-id");
    const live = log.lines().filter((l) => l.kind === "live");
    expect(live).toEqual([
      expect.objectContaining({ msg: "socket open", id, room: "1/member", sockets: 1 }),
      expect.objectContaining({ msg: "socket close", id, room: "1/member", code: 1000, ms: expect.any(Number) }),
    ]);
    for (const text of log.raw)
      for (const value of me.cookie.split(/[=;] ?/)) if (value.length >= 8) expect(text).not.toContain(value);
  });

  it("a cron run writes one line with what it did and how long it took", async () => {
    const log = captureLines();
    await worker.scheduled({ cron: "*/5 * * * *", scheduledTime: Date.now(), noRetry() {} }, env);
    expect(log.lines()).toEqual([
      expect.objectContaining({
        level: "info",
        msg: "scheduled",
        cron: "*/5 * * * *",
        expired: expect.any(Number),
        ms: expect.any(Number),
      }),
    ]);
  });
});
