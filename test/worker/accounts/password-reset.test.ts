import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { BEAUTY, get } from "../helpers/request";
import { joinNew, PASSWORD, postForm, postJson, whoAmI, withoutNonces } from "../helpers/auth";
import { koAuth } from "~/shared/messages/auth";

async function outbox(to: string) {
  const { results } = await env.DB.prepare("SELECT * FROM mail_outbox WHERE to_addr = ? ORDER BY id")
    .bind(to)
    .all<{ to_addr: string; subject: string; body: string }>();
  return results;
}

const tokenIn = (body: string) => /\/user\/forget\?token=([A-Za-z0-9_-]+)/.exec(body)?.[1];

describe("password reset", () => {
  it("answers the same for a known and an unknown address, and mails only the known one", async () => {
    const { email } = await joinNew(BEAUTY, "재설정");
    const known = await postForm(BEAUTY, "/user/forget", { email });
    const unknown = await postForm(BEAUTY, "/user/forget", { email: `nobody-${Date.now()}@example.test` });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(known.status);
    const a = withoutNonces((await known.text()).replaceAll(email, "EMAIL"));
    const b = withoutNonces((await unknown.text()).replace(/nobody-\d+@example\.test/g, "EMAIL"));
    expect(a).toContain("입력하신 이메일로 가입된 계정이 있다면 비밀번호 재설정 메일을 보냈습니다.");
    expect(b).toBe(a);
    const mails = await outbox(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("[뷰티 라운지] 비밀번호 재설정 안내");
    // The link is the shop's own address, from the shop record.
    expect(mails[0]!.body).toMatch(/http:\/\/beauty\.localhost\/user\/forget\?token=[A-Za-z0-9_-]{43}/);
    // The API call gives the same answer too.
    const api = await postJson(BEAUTY, "/api/user/forget", { email: "nobody-at-all@example.test" });
    expect(await api.json()).toEqual({ ok: true });
  });

  it("sets a new password with the mailed token once, then the token is spent", async () => {
    const { email, cookie } = await joinNew(BEAUTY, "한번만");
    await postForm(BEAUTY, "/user/forget", { email });
    const token = tokenIn((await outbox(email))[0]!.body)!;
    // The server keeps only a hash of the token.
    expect(await env.DB.prepare("SELECT 1 FROM password_resets WHERE token_hash = ?").bind(token).first()).toBeNull();

    const form = await get(BEAUTY, `/user/forget?token=${token}`);
    expect(form.headers.get("referrer-policy")).toBe("same-origin");
    expect(await form.text()).toContain(`name="token" value="${token}"`);

    const done = await postForm(BEAUTY, `/user/forget?token=${token}`, {
      token,
      password: "new-pass-987",
      password2: "new-pass-987",
    });
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/user/login?reset=done");
    expect(await (await get(BEAUTY, "/user/login?reset=done")).text()).toContain("비밀번호를 변경했습니다.");

    // The old sessions ended with the old password.
    expect(await whoAmI(BEAUTY, cookie)).toBe(0);
    expect((await postJson(BEAUTY, "/api/user/login", { email, password: PASSWORD })).status).toBe(401);
    expect((await postJson(BEAUTY, "/api/user/login", { email, password: "new-pass-987" })).status).toBe(200);

    // Used once: the page and the action both refuse it now.
    expect(await (await get(BEAUTY, `/user/forget?token=${token}`)).text()).toContain(
      "재설정 링크가 만료되었거나 이미 사용되었습니다.",
    );
    const again = await postForm(BEAUTY, `/user/forget?token=${token}`, {
      token,
      password: "another-pass-1",
      password2: "another-pass-1",
    });
    expect(again.status).toBe(400);
    expect(await again.text()).toContain("재설정 링크가 만료되었거나 이미 사용되었습니다.");
    expect((await postJson(BEAUTY, "/api/user/login", { email, password: "another-pass-1" })).status).toBe(401);
  });

  it("refuses an expired token", async () => {
    const { email } = await joinNew(BEAUTY, "만료");
    await postForm(BEAUTY, "/user/forget", { email });
    const token = tokenIn((await outbox(email))[0]!.body)!;
    await env.DB.prepare(
      "UPDATE password_resets SET expires_at = unixepoch() - 1 WHERE uid = (SELECT uid FROM members WHERE email = ?)",
    )
      .bind(email)
      .run();
    const res = await postJson(BEAUTY, "/api/user/reset", { token, password: "new-pass-987" });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { code: "RESET_TOKEN_INVALID" } });
    expect(await (await get(BEAUTY, `/user/forget?token=${token}`)).text()).toContain("재설정 링크가 만료되었거나");
  });

  it("a used token spends the member's other open tokens too", async () => {
    const { email } = await joinNew(BEAUTY, "두개");
    await postForm(BEAUTY, "/user/forget", { email });
    await postForm(BEAUTY, "/user/forget", { email });
    const [first, second] = (await outbox(email)).map((m) => tokenIn(m.body)!);
    expect((await postJson(BEAUTY, "/api/user/reset", { token: second, password: "new-pass-987" })).status).toBe(200);
    expect((await postJson(BEAUTY, "/api/user/reset", { token: first, password: "new-pass-654" })).status).toBe(400);
  });

  it("limits reset mails per address, with the same answer for unknown addresses", async () => {
    const { email } = await joinNew(BEAUTY, "메일폭탄");
    const unknown = `nobody-limit-${Date.now()}@example.test`;
    for (let i = 0; i < 3; i++) {
      expect((await postForm(BEAUTY, "/user/forget", { email })).status).toBe(200);
      expect((await postForm(BEAUTY, "/user/forget", { email: unknown })).status).toBe(200);
    }
    const known = await postForm(BEAUTY, "/user/forget", { email });
    const other = await postForm(BEAUTY, "/user/forget", { email: unknown });
    expect(known.status).toBe(429);
    expect(other.status).toBe(429);
    expect(await known.text()).toContain("요청이 너무 많습니다.");
    expect(await outbox(email)).toHaveLength(3);
  });

  it("checks the new password like sign-up does", async () => {
    const res = await postForm(BEAUTY, "/user/forget?token=x", { token: "x", password: "short", password2: "short" });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(koAuth.passwordTooShort);
  });
});
