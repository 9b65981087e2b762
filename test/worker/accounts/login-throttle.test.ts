import { describe, expect, it } from "vitest";
import { clientKey, LIMITS } from "../../../functions/auth/throttle";
import { BEAUTY, get, STUDIO_CUSTOM } from "../helpers/request";
import { db, joinNew, PASSWORD, postForm, postJson, withoutNonces } from "../helpers/auth";
import { koAuth } from "~/shared/messages/auth";

const attempt = (email: string, password: string, ip: string) =>
  postJson(BEAUTY, "/api/user/login", { email, password }, { headers: { "cf-connecting-ip": ip } });

describe("failed-login throttling", () => {
  it("locks an account out of the address that failed 5 times, not its owner at another (decision 095)", async () => {
    const { email } = await joinNew(BEAUTY, "잠금");
    const stranger = "192.0.2.1";
    for (let i = 0; i < LIMITS.login_pair; i++) {
      expect((await attempt(email, "wrong-password", stranger)).status).toBe(401);
    }
    const refused = await attempt(email, PASSWORD, stranger);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({
      error: {
        code: "TOO_MANY_ATTEMPTS",
        message: koAuth.loginLocked,
      },
    });
    // The form says so in Korean too, with the way to a new password.
    const form = await postForm(
      BEAUTY,
      "/user/login",
      { email, password: PASSWORD },
      { headers: { "cf-connecting-ip": stranger } },
    );
    expect(form.status).toBe(429);
    const page = await form.text();
    expect(page).toContain("로그인 시도가 너무 많습니다.");
    expect(page).toMatch(/role="alert">[^]*?<a[^>]*href="\/user\/forget"[^>]*>비밀번호 재설정하기<\/a>/);
    // The owner, at their own address, is not locked out by the stranger's guesses.
    expect((await attempt(email, PASSWORD, "192.0.2.2")).status).toBe(200);
  });

  it("still refuses an account guessed at from many addresses, past a ceiling ten times higher", async () => {
    const { email } = await joinNew(BEAUTY, "분산");
    const results = await Promise.all(
      Array.from({ length: LIMITS.login_account + 5 }, (_, i) =>
        attempt(email, `wrong-${i}`, `198.18.${Math.floor(i / 200)}.${(i % 200) + 10}`),
      ),
    );
    expect(results.filter((r) => r.status === 401)).toHaveLength(LIMITS.login_account);
    expect(results.filter((r) => r.status === 429)).toHaveLength(5);
    expect((await attempt(email, PASSWORD, "198.18.9.9")).status).toBe(429);
  });

  it("lets the owner in from a locked address once they set a new password by the mailed link", async () => {
    const { email } = await joinNew(BEAUTY, "재설정잠금");
    const ip = "192.0.2.30";
    for (let i = 0; i < LIMITS.login_pair; i++) await attempt(email, "wrong-password", ip);
    expect((await attempt(email, PASSWORD, ip)).status).toBe(429);
    const headers = { "cf-connecting-ip": ip };
    expect((await postJson(BEAUTY, "/api/user/forget", { email }, { headers })).status).toBe(200);
    const mail = await db()
      .prepare("SELECT body FROM mail_outbox WHERE to_addr = ? ORDER BY id DESC")
      .bind(email)
      .first<{ body: string }>();
    const token = /\/user\/forget\?token=([A-Za-z0-9_-]+)/.exec(mail!.body)![1]!;
    const reset = await postJson(BEAUTY, "/api/user/reset", { token, password: "new-pass-987" }, { headers });
    expect(reset.status).toBe(200);
    expect((await attempt(email, "new-pass-987", ip)).status).toBe(200);
  });

  it("a success before the limit clears the account's count", async () => {
    const { email } = await joinNew(BEAUTY, "성공");
    for (let i = 0; i < LIMITS.login_pair - 1; i++) await attempt(email, "wrong-password", "192.0.2.200");
    expect((await attempt(email, PASSWORD, "192.0.2.200")).status).toBe(200);
    for (let i = 0; i < LIMITS.login_pair - 1; i++) await attempt(email, "wrong-password", "192.0.2.200");
    expect((await attempt(email, PASSWORD, "192.0.2.200")).status).toBe(200);
  });

  it("refuses a client that fails across many accounts, but not other clients", async () => {
    const ip = "203.0.113.7";
    for (let i = 0; i < LIMITS.login_client; i++) {
      expect((await attempt(`spray${i}@example.test`, "guess", ip)).status).toBe(401);
    }
    const { email } = await joinNew(BEAUTY, "다른사람");
    expect((await attempt(email, PASSWORD, ip)).status).toBe(429);
    expect((await attempt(email, PASSWORD, "203.0.113.8")).status).toBe(200);
  });

  it("does not tell a wrong address from a wrong password", async () => {
    const { email } = await joinNew(BEAUTY, "열거");
    const wrongPassword = await attempt(email, "not-my-password", "198.18.0.1");
    const wrongEmail = await attempt(`x${email}`, "not-my-password", "198.18.0.2");
    expect(wrongPassword.status).toBe(401);
    expect(wrongEmail.status).toBe(401);
    expect(await wrongPassword.json()).toEqual(await wrongEmail.json());

    const formA = await postForm(BEAUTY, "/user/login", { email, password: "not-my-password" });
    const formB = await postForm(BEAUTY, "/user/login", { email: `x${email}`, password: "not-my-password" });
    expect(withoutNonces((await formA.text()).replaceAll(`x${email}`, email))).toBe(
      withoutNonces((await formB.text()).replaceAll(`x${email}`, email)),
    );
  });

  it("counts IPv6 clients per /64", () => {
    const req = (ip: string) => new Request("http://x/", { headers: { "cf-connecting-ip": ip } });
    expect(clientKey(req("2001:db8:1:2:aaaa::1"))).toBe("2001:db8:1:2::/64");
    expect(clientKey(req("2001:0db8:0001:0002:ffff:1:2:3"))).toBe("2001:db8:1:2::/64");
    expect(clientKey(req("2001:db8::1"))).toBe("2001:db8:0:0::/64");
    expect(clientKey(req("198.51.100.4"))).toBe("198.51.100.4");
    expect(clientKey(new Request("http://x/"))).toBe("unknown");
  });
});

describe("throttling holds under a burst (issue 7)", () => {
  it("checks at most the limit's worth of passwords when many wrong guesses arrive at once", async () => {
    const { email } = await joinNew(BEAUTY, "버스트");
    // From one address at once: the count of this account from this address decides.
    const ip = "198.51.100.1";
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => attempt(email, `wrong-${i}`, ip)));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(LIMITS.login_pair);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20 - LIMITS.login_pair);
    // And the right password is refused there now too.
    expect((await attempt(email, PASSWORD, ip)).status).toBe(429);
  });

  it("holds per client across accounts in a burst", async () => {
    const ip = "203.0.113.90";
    const results = await Promise.all(
      Array.from({ length: LIMITS.login_client + 10 }, (_, i) => attempt(`burst${i}@example.test`, "guess", ip)),
    );
    expect(results.filter((r) => r.status === 401)).toHaveLength(LIMITS.login_client);
  });

  it("sends at most the limit's worth of reset mails for a burst of requests", async () => {
    const { email } = await joinNew(BEAUTY, "재설정버스트");
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        postJson(BEAUTY, "/api/user/forget", { email }, { headers: { "cf-connecting-ip": `198.51.101.${i + 1}` } }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(LIMITS.reset_account);
    const mails = await db()
      .prepare("SELECT COUNT(*) AS n FROM mail_outbox WHERE to_addr = ?")
      .bind(email)
      .first<{ n: number }>();
    expect(mails!.n).toBe(LIMITS.reset_account);
  });

  it("refuses a client that keeps presenting wrong reset tokens or login codes", async () => {
    const ip = "203.0.113.91";
    const tries = await Promise.all(
      Array.from({ length: LIMITS.token_client + 5 }, (_, i) =>
        postJson(
          BEAUTY,
          "/api/user/reset",
          { token: `guess-${i}-${"x".repeat(30)}`, password: "new-pass-987" },
          { headers: { "cf-connecting-ip": ip } },
        ),
      ),
    );
    expect(tries.filter((r) => r.status === 400)).toHaveLength(LIMITS.token_client);
    expect(tries.filter((r) => r.status === 429)).toHaveLength(5);
    // The custom-domain code exchange shares the count: refused before any code is looked up.
    const code = await get(STUDIO_CUSTOM, "/api/user/login/redirect?code=guess&url=%2F", {
      headers: { "cf-connecting-ip": ip, cookie: "lstate=some-state" },
    });
    expect(code.status).toBe(303);
    expect(code.headers.get("location")).toContain("carry=failed");
    const counted = await db()
      .prepare("SELECT COUNT(*) AS n FROM auth_attempts WHERE kind = 'token_client' AND key = ?")
      .bind(ip)
      .first<{ n: number }>();
    expect(counted!.n).toBe(LIMITS.token_client);
  });
});
