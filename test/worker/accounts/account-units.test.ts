import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import {
  fromBase64Url,
  hashPassword,
  PBKDF2_ITERATIONS,
  randomToken,
  timingSafeEqual,
  verifyPassword,
} from "../../../functions/auth/crypto";
import { HttpMailProvider, mailProvider, OutboxMailProvider } from "../../../functions/mail/provider";
import { readConfig } from "../../../functions/env";
import { identityProvider, readVerification } from "../../../functions/identity/provider";
import { sniffImage } from "~/lib/uploads.server";
import { sessionState } from "~/lib/session";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "../../../functions/seed/demo";
import { koAdmin } from "~/shared/messages/admin";

describe("passwords", () => {
  it("are PBKDF2-SHA256 with a random salt and at least 100 000 iterations", async () => {
    const a = await hashPassword("비밀번호123");
    const b = await hashPassword("비밀번호123");
    const [scheme, iterations, salt, hash] = a.split("$");
    expect(scheme).toBe("pbkdf2-sha256");
    expect(Number(iterations)).toBeGreaterThanOrEqual(100_000);
    expect(Number(iterations)).toBe(PBKDF2_ITERATIONS);
    expect(fromBase64Url(salt!)).toHaveLength(16);
    expect(fromBase64Url(hash!)).toHaveLength(32);
    expect(a).not.toBe(b);
    expect(await verifyPassword("비밀번호123", a)).toBe(true);
    expect(await verifyPassword("비밀번호124", a)).toBe(false);
    expect(await verifyPassword("비밀번호123", "plain-text")).toBe(false);
  });

  it("demo accounts are seeded hashed with the same code", async () => {
    const row = await env.DB.prepare("SELECT password_hash FROM members WHERE uid = 1001").first<{
      password_hash: string;
    }>();
    expect(row!.password_hash.startsWith(`pbkdf2-sha256$${PBKDF2_ITERATIONS}$`)).toBe(true);
    expect(await verifyPassword(DEMO_PASSWORD, row!.password_hash)).toBe(true);
    const owners = await env.DB.prepare(
      "SELECT m.uid, m.email FROM members m JOIN shops s ON s.uid = m.uid ORDER BY m.uid",
    ).all();
    expect(owners.results).toEqual(
      DEMO_ACCOUNTS.filter((a) => a.uid < 2000).map((a) => ({ uid: a.uid, email: a.email })),
    );
  });

  it("secrets are 128 random bits and comparisons take the same path for any mismatch", () => {
    const tokens = new Set(Array.from({ length: 100 }, () => randomToken()));
    expect(tokens.size).toBe(100);
    for (const t of tokens) expect(fromBase64Url(t)).toHaveLength(16);
    const enc = (s: string) => new TextEncoder().encode(s);
    expect(timingSafeEqual(enc("abc"), enc("abc"))).toBe(true);
    expect(timingSafeEqual(enc("abc"), enc("abd"))).toBe(false);
    expect(timingSafeEqual(enc("abc"), enc("abcd"))).toBe(false);
    expect(timingSafeEqual(enc(""), enc("a"))).toBe(false);
  });
});

describe("mail providers", () => {
  const config = { MAIL_API_URL: "", MAIL_API_KEY: "", MAIL_FROM: "no-reply@example.com" };

  it("default to the local outbox", async () => {
    const provider = mailProvider(config, env.DB);
    expect(provider).toBeInstanceOf(OutboxMailProvider);
    await provider.send({ to: "outbox@example.test", subject: "제목", text: "본문 ✉️" });
    const row = await env.DB.prepare("SELECT to_addr, subject, body FROM mail_outbox WHERE to_addr = ?")
      .bind("outbox@example.test")
      .first();
    expect(row).toEqual({ to_addr: "outbox@example.test", subject: koAdmin.notices.titleLabel, body: "본문 ✉️" });
  });

  it("post to the HTTP mail API when it is configured", async () => {
    const fetcher = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => new Response("{}", { status: 202 }));
    const provider = mailProvider(
      { MAIL_API_URL: "https://mail.example.com/v1/send", MAIL_API_KEY: "key-123", MAIL_FROM: "shop@example.com" },
      env.DB,
      fetcher as unknown as typeof fetch,
    );
    expect(provider).toBeInstanceOf(HttpMailProvider);
    await provider.send({ to: "a@example.test", subject: "안내", text: "내용" });
    expect(fetcher).toHaveBeenCalledTimes(1);
    const [url, init] = fetcher.mock.calls[0]!;
    expect(url).toBe("https://mail.example.com/v1/send");
    expect(init?.method).toBe("POST");
    expect(new Headers(init?.headers).get("authorization")).toBe("Bearer key-123");
    expect(new Headers(init?.headers).get("content-type")).toBe("application/json");
    expect(JSON.parse(String(init?.body))).toEqual({
      from: "shop@example.com",
      to: "a@example.test",
      subject: "안내",
      text: koAdmin.notices.bodyLabel,
    });
  });

  it("report a refusal of the mail API as an error", async () => {
    const fetcher = vi.fn(async () => new Response("quota exceeded", { status: 429 }));
    const provider = new HttpMailProvider("https://mail.example.com/send", "k", "f@example.com", fetcher);
    await expect(provider.send({ to: "a@example.test", subject: "s", text: "t" })).rejects.toThrow(
      /429: quota exceeded/,
    );
  });
});

describe("identity verification", () => {
  it("is PortOne's, configured with the stand-in's secret, store and channel in tests", () => {
    expect(identityProvider(readConfig(env))?.name).toBe("portone");
    expect(identityProvider({ ...readConfig(env), PORTONE_API_SECRET: "" })).toBeNull();
  });

  it("reads flags back from the account (none for a shopper who never verified)", async () => {
    expect(await readVerification(env.DB, 2001)).toEqual({ identity: false, adult: false });
  });
});

describe("profile images", () => {
  it("are recognised by their bytes", () => {
    expect(sniffImage(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0]))).toBe("jpg");
    expect(sniffImage(new TextEncoder().encode("GIF89a..."))).toBe("gif");
    expect(sniffImage(new TextEncoder().encode("RIFF\0\0\0\0WEBPVP8 "))).toBe("webp");
    expect(sniffImage(new TextEncoder().encode("<svg xmlns='http://www.w3.org/2000/svg'/>"))).toBeNull();
    expect(sniffImage(new TextEncoder().encode("<html>"))).toBeNull();
  });
});

describe("session state of the pages", () => {
  const shop = { uid: 1001, shopid: 1 } as Parameters<typeof sessionState>[1];
  it("is -1 for a guest (a failed lookup counts as not logged in) and 1 for a member", () => {
    expect(sessionState(null, shop, "https://admin.example.com/shop")).toMatchObject({
      login: -1,
      muid: 0,
      madmin: false,
      mshop: false,
      adminUrl: null,
    });
    expect(
      sessionState({ uid: 2001, name: "한", admin: false, profile: null }, shop, "https://admin.example.com/shop"),
    ).toMatchObject({ login: 1, muid: 2001, madmin: false, mshop: false, adminUrl: null });
  });

  it("sets mshop and the admin address for the owner, madmin for an admin", () => {
    const owner = sessionState({ uid: 1001, name: "김", admin: false, profile: null }, shop, "https://a.example/x?y=1");
    expect(owner).toMatchObject({ mshop: true, adminUrl: "https://a.example/x?y=1&shopid=1" });
    const admin = sessionState({ uid: 9001, name: "관리자", admin: true, profile: null }, shop, "https://a.example/");
    expect(admin).toMatchObject({ madmin: true, mshop: false, adminUrl: null });
  });
});
