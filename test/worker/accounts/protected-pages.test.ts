import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { BEAUTY, get, PICKS, STUDIO_CUSTOM } from "../helpers/request";
import { cookieHeader, login, PASSWORD, postForm, setCookies, SHOPPER, BEAUTY_OWNER } from "../helpers/auth";
import { koAuth } from "~/shared/messages/auth";
import { koMembership } from "~/shared/messages/membership";

const html = async (res: Response) => res.text();

describe("protected pages without scripts", () => {
  it.each([
    ["/message", "/user/login?url=%2Fmessage&dom=beauty"],
    ["/myshop", "/user/login?url=%2Fmyshop&dom=beauty"],
    ["/user/info", "/user/login?url=%2Fuser%2Finfo&dom=beauty"],
    ["/user/info?auth=1", "/user/login?url=%2Fuser%2Finfo%3Fauth%3D1&dom=beauty"],
  ])("%s sends a guest to login with the return address and the shop", async (path, location) => {
    const res = await get(BEAUTY, path);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(location);
  });

  it("open for a member", async () => {
    const cookie = await login(BEAUTY);
    for (const path of ["/message", "/myshop", "/user/info"]) {
      const res = await get(BEAUTY, path, { headers: { cookie } });
      expect(res.status, path).toBe(200);
    }
    expect(await html(await get(BEAUTY, "/myshop", { headers: { cookie } }))).toContain("한지민 🛍️님, 안녕하세요");
  });

  it("the login page says why the visitor is there, and keeps the return address in the form", async () => {
    const page = await html(await get(BEAUTY, "/user/login?url=%2Fmessage&dom=beauty"));
    expect(page).toContain(koAuth.loginRequired);
    expect(page).toContain('name="url" value="/message"');
    expect(page).toContain('data-layout="fullbg"');
    expect(page).not.toContain('data-testid="footer"');
  });
});

describe("login form", () => {
  it("shows Korean field errors next to the fields and keeps the e-mail, never the password", async () => {
    const res = await postForm(BEAUTY, "/user/login", { email: "  ", password: "" });
    expect(res.status).toBe(400);
    const page = await html(res);
    expect(page).toMatch(/id="field-email-error"[^>]*>필수 입력 항목입니다\./);
    expect(page).toMatch(/id="field-password-error"[^>]*>필수 입력 항목입니다\./);

    const wrong = await postForm(BEAUTY, "/user/login", { email: "Shopper@Example.test", password: "wrong-password" });
    expect(wrong.status).toBe(401);
    const text = await html(wrong);
    expect(text).toContain(koAuth.loginFailed);
    expect(text).toContain('value="Shopper@Example.test"');
    expect(text).not.toContain("wrong-password");
    // No session is made (a guest's device-id cookie may be minted by any first post).
    expect(wrong.headers.getSetCookie().filter((c) => /^(sid|skey)=/.test(c))).toEqual([]);
  });

  it("accepts the e-mail in any case and with spaces around it", async () => {
    const res = await postForm(BEAUTY, "/user/login", { email: "  SHOPPER@example.TEST ", password: PASSWORD });
    expect(res.status).toBe(302);
  });

  it("is the same page at /my/login", async () => {
    const page = await html(await get(BEAUTY, "/my/login"));
    expect(page).toContain('aria-label="로그인"');
    const res = await postForm(BEAUTY, "/my/login?url=%2Fmyshop", { email: SHOPPER, password: PASSWORD });
    expect(res.headers.get("location")).toBe("/myshop");
  });

  it("inside the native app, hands the login to the app instead of redirecting", async () => {
    const res = await postForm(
      BEAUTY,
      "/user/login?url=%2Fmyshop",
      { email: SHOPPER, password: PASSWORD },
      { headers: { "user-agent": "Mozilla/5.0 (Linux; Android 14) MyShopApp/2.3.0" } },
    );
    expect(res.status).toBe(200);
    expect(setCookies(res).get("sid")).toBeTruthy();
    expect(await html(res)).toContain(koAuth.appLoggedIn);
    // The page asked for the bridge (the app field set by the page's script when a bridge exists).
    const bridged = await postForm(BEAUTY, "/user/login", { email: SHOPPER, password: PASSWORD, app: "1" });
    expect(bridged.status).toBe(200);
  });
});

describe("join form", () => {
  it("keeps a Hangul and emoji name exactly as entered", async () => {
    const name = "김민지 🌸✨ (테스트)";
    const email = `hangul-${Date.now()}@example.test`;
    const res = await postForm(BEAUTY, "/user/join?url=%2Fmyshop", {
      email,
      name,
      password: "pass-1234",
      password2: "pass-1234",
      agree_all: "on",
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/user/succ?url=%2Fmyshop");
    const row = await env.DB.prepare("SELECT name, email FROM members WHERE email = ?").bind(email).first();
    expect(row).toEqual({ name, email });
    const cookie = cookieHeader(setCookies(res));
    const page = await html(await get(BEAUTY, "/", { headers: { cookie } }));
    expect(page).toContain(`${name}님, 안녕하세요`);
    expect(page).toContain(">김</span>"); // the initial avatar
  });

  it("stores the e-mail lower-cased, so the same address cannot sign up twice", async () => {
    const email = `Twice-${Date.now()}@Example.test`;
    const fields = { email, name: "둘", password: "pass-1234", password2: "pass-1234", agree_all: "on" };
    expect((await postForm(BEAUTY, "/user/join", fields)).status).toBe(302);
    const again = await postForm(BEAUTY, "/user/join", { ...fields, email: email.toUpperCase() });
    expect(again.status).toBe(409);
    const page = await html(again);
    expect(page).toMatch(/id="field-email-error"[^>]*>이미 가입된 이메일입니다/);
    expect(page).toContain(`value="${email.toUpperCase()}"`);
    expect(page).not.toContain("pass-1234");
    const rows = await env.DB.prepare("SELECT email FROM members WHERE email = ?").bind(email.toLowerCase()).all();
    expect(rows.results).toHaveLength(1);
  });

  it("checks every field in Korean", async () => {
    const res = await postForm(BEAUTY, "/user/join", {
      email: "not-an-email",
      name: "",
      password: "short",
      password2: "different",
    });
    expect(res.status).toBe(400);
    const page = await html(res);
    expect(page).toContain(koAuth.emailInvalid);
    expect(page).toMatch(/id="field-name-error"[^>]*>필수 입력 항목입니다\./);
    expect(page).toContain(koAuth.passwordTooShort);
    expect(page).toContain(koAuth.agreeTermsRequired);
    expect(page).toContain(koMembership.agreeRequired);
    expect(page).toContain(koAuth.agreeAgeRequired);
    expect(page).toContain('value="not-an-email"');
  });

  it("checks the confirmation", async () => {
    const res = await postForm(BEAUTY, "/user/join", {
      email: `confirm-${Date.now()}@example.test`,
      name: "확인",
      password: "pass-1234",
      password2: "pass-5678",
      agree_all: "on",
    });
    expect(await html(res)).toMatch(/id="field-password2-error"[^>]*>비밀번호가 일치하지 않습니다\./);
  });
});

describe("header and drawer", () => {
  it("guests get the login prompt and the message button", async () => {
    const page = await html(await get(BEAUTY, "/"));
    expect(page).toContain('data-testid="account-prompt"');
    expect(page).toContain('data-testid="message-button"');
    expect(page).not.toContain('data-testid="admin-button"');
  });

  it("the owner of beauty sees the admin button on beauty and not on picks", async () => {
    const onBeauty = await html(await get(BEAUTY, "/", { headers: { cookie: await login(BEAUTY, BEAUTY_OWNER) } }));
    expect(onBeauty).toMatch(/<a[^>]*href="\/admin"[^>]*data-testid="admin-button"/);
    expect(onBeauty).not.toContain('data-testid="message-button"');
    expect(onBeauty).toContain("김지현님, 안녕하세요");

    const onPicks = await html(await get(PICKS, "/", { headers: { cookie: await login(PICKS, BEAUTY_OWNER) } }));
    expect(onPicks).not.toContain('data-testid="admin-button"');
    expect(onPicks).toContain('data-testid="message-button"');
  });

  it("the owner of studio sees it on the custom domain too", async () => {
    const page = await html(
      await get(STUDIO_CUSTOM, "/", { headers: { cookie: await login(STUDIO_CUSTOM, "owner@studio.example.test") } }),
    );
    expect(page).toMatch(/<a[^>]*href="\/admin"[^>]*data-testid="admin-button"/);
  });

  it("members get a greeting with settings and logout", async () => {
    const page = await html(await get(BEAUTY, "/shop/list?category=0", { headers: { cookie: await login(BEAUTY) } }));
    expect(page).toContain('data-testid="account-greeting"');
    expect(page).toContain('href="/user/info"');
    expect(page).toContain('href="/api/user/logout/v2?url=%2Fshop%2Flist%3Fcategory%3D0"');
  });
});

describe("account pages", () => {
  it("/user/info?auth=1 offers PortOne's adult verification (decision 114)", async () => {
    const page = await html(await get(BEAUTY, "/user/info?auth=1", { headers: { cookie: await login(BEAUTY) } }));
    expect(page).toContain('action="/identity/start"');
    expect(page).toContain(koAuth.notVerified);
  });

  it("/user/info changes the name (Hangul and emoji) and refuses a non-image upload", async () => {
    const cookie = await login(BEAUTY, "owner@bistro.example.test");
    const ok = await postForm(BEAUTY, "/user/info", { name: "이민호 👨‍🍳" }, { cookie });
    expect(ok.status).toBe(200);
    expect(await html(ok)).toContain(koAuth.saved);
    const row = await env.DB.prepare("SELECT name FROM members WHERE uid = 1003").first();
    expect(row).toEqual({ name: "이민호 👨‍🍳" });

    const form = new FormData();
    form.set("name", "이민호");
    form.set("image", new File(["<svg onload=alert(1)>"], "x.png", { type: "image/png" }));
    const bad = await get(BEAUTY, "/user/info", {
      method: "POST",
      body: form,
      headers: { cookie, origin: `http://${BEAUTY}`, "sec-fetch-site": "same-origin" },
    });
    expect(bad.status).toBe(400);
    expect(await html(bad)).toContain(koAuth.imageInvalid);
  });

  it("/user/info stores an uploaded image in R2 and shows it", async () => {
    const cookie = await login(BEAUTY, "owner@picks.example.test");
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    const form = new FormData();
    form.set("name", "박서준");
    form.set("image", new File([png], "me.png", { type: "application/octet-stream" }));
    const res = await get(BEAUTY, "/user/info", {
      method: "POST",
      body: form,
      headers: { cookie, origin: `http://${BEAUTY}`, "sec-fetch-site": "same-origin" },
    });
    expect(res.status).toBe(200);
    const { profile } = (await env.DB.prepare("SELECT profile FROM members WHERE uid = 1002").first<{
      profile: string;
    }>())!;
    expect(profile).toMatch(/^members\/1002\/[A-Za-z0-9_-]+\.png$/);
    const file = await get(BEAUTY, `/files/${profile}`);
    expect(file.headers.get("content-type")).toBe("image/png");
    expect(await html(await get(BEAUTY, "/", { headers: { cookie } }))).toContain(`src="/files/${profile}"`);
  });

  it("the profile call refuses an image key that is not the member's own", async () => {
    const cookie = await login(BEAUTY);
    const res = await get(BEAUTY, "/api/user/profile", {
      method: "POST",
      headers: { cookie, "content-type": "application/json", origin: `http://${BEAUTY}` },
      body: JSON.stringify({ name: "x", profile: "members/1001/owner.png" }),
    });
    expect(res.status).toBe(400);
  });

  it("/notlogin pages lead a guest to login or sign-up and let a member through", async () => {
    const join = await html(await get(BEAUTY, "/notlogin/join?url=%2Fshop%2Fmember_point"));
    expect(join).toContain('href="/user/login?url=%2Fshop%2Fmember_point&amp;dom=beauty"');
    expect(join).toContain('href="/user/join?url=%2Fshop%2Fmember_point"');
    const v2 = await get(BEAUTY, "/notlogin/join_v2?url=%2Fshop%2Fmember_point");
    expect(v2.headers.get("location")).toBe("/user/join?url=%2Fshop%2Fmember_point");
    const auth = await html(await get(BEAUTY, "/notlogin/auth"));
    expect(auth).toContain('action="/identity/start"');

    const cookie = await login(BEAUTY);
    const member = await get(BEAUTY, "/notlogin/join?url=%2Fshop%2Fmember_point", { headers: { cookie } });
    expect(member.headers.get("location")).toBe("/shop/member_point");
    const memberAuth = await get(BEAUTY, "/notlogin/auth", { headers: { cookie } });
    expect(memberAuth.headers.get("location")).toBe("/user/info?auth=1");
  });

  it("a logged-in member on /user/login goes straight to the return address", async () => {
    const res = await get(BEAUTY, "/user/login?url=%2Fmyshop", { headers: { cookie: await login(BEAUTY) } });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/myshop");
  });
});
