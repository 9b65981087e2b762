import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { BEAUTY, get } from "../helpers/request";
import { CONSENTS, cookieHeader, postForm, postJson, setCookies } from "../helpers/auth";
import { koAuth } from "~/shared/messages/auth";

/** Issue 11, point 5: the sign-up consents, kept as evidence, and the welcome after joining. */

let seq = 0;
const unique = () => `consent-${Date.now()}-${++seq}@example.test`;
const account = (email: string) => ({ email, name: "동의 회원", password: "pass-1234", password2: "pass-1234" });

type ConsentRow = {
  terms_agreed_at: number | null;
  privacy_agreed_at: number | null;
  age_confirmed_at: number | null;
  marketing_agreed_at: number | null;
};
const consentsOf = (email: string) =>
  env.DB.prepare(
    "SELECT terms_agreed_at, privacy_agreed_at, age_confirmed_at, marketing_agreed_at FROM members WHERE email = ?",
  )
    .bind(email)
    .first<ConsentRow>();

describe("sign-up consents", () => {
  it("needs 이용약관, 개인정보 수집·이용 and 만 14세 이상, each named, and keeps what was typed", async () => {
    const email = unique();
    const res = await postForm(BEAUTY, "/user/join", { ...account(email), agree_terms: "on", agree_marketing: "on" });
    expect(res.status).toBe(400);
    const page = await res.text();
    expect(page).toMatch(/id="field-agree_privacy-error"[^>]*>개인정보 수집·이용에 동의해 주세요\./);
    expect(page).toMatch(/id="field-agree_age-error"[^>]*>만 14세 이상만 가입할 수 있습니다\./);
    expect(page).not.toContain(koAuth.agreeTermsRequired);
    // The boxes already ticked stay ticked.
    expect(page).toMatch(/name="agree_terms" checked=""/);
    expect(page).toMatch(/name="agree_marketing"[^>]*checked=""/);
    expect(await consentsOf(email)).toBeNull();
  });

  it("전체 동의 alone agrees to everything, marketing included, with the moment kept", async () => {
    const email = unique();
    const before = Date.now();
    const res = await postForm(BEAUTY, "/user/join?url=%2Fshop%2Fview%2Fb0011", { ...account(email), agree_all: "on" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/user/succ?url=%2Fshop%2Fview%2Fb0011");
    const row = await consentsOf(email);
    expect(row!.terms_agreed_at).toBeGreaterThanOrEqual(before);
    expect(row).toEqual({
      terms_agreed_at: row!.terms_agreed_at,
      privacy_agreed_at: row!.terms_agreed_at,
      age_confirmed_at: row!.terms_agreed_at,
      marketing_agreed_at: row!.terms_agreed_at,
    });
  });

  it("the required boxes without marketing: no marketing consent recorded", async () => {
    const email = unique();
    const res = await postForm(BEAUTY, "/user/join", {
      ...account(email),
      agree_terms: "on",
      agree_privacy: "on",
      agree_age: "on",
    });
    expect(res.status).toBe(302);
    const row = await consentsOf(email);
    expect(row!.age_confirmed_at).not.toBeNull();
    expect(row!.marketing_agreed_at).toBeNull();
  });

  it("is the API's rule too", async () => {
    const email = unique();
    const body = { email, password: "pass-1234", name: "API 가입", keep: false };
    const refused = await postJson(BEAUTY, "/api/user/join", { ...body, agree_terms: true, agree_privacy: true });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      error: { message: koAuth.agreeAgeRequired, field: "agree_age" },
    });
    expect(await consentsOf(email)).toBeNull();
    expect((await postJson(BEAUTY, "/api/user/join", { ...body, ...CONSENTS })).status).toBe(200);
  });
});

describe("the welcome after sign-up (/user/succ)", () => {
  async function joined(url: string) {
    const res = await postForm(BEAUTY, `/user/join?url=${encodeURIComponent(url)}`, {
      ...account(unique()),
      agree_all: "on",
    });
    expect(res.status).toBe(302);
    return { cookie: cookieHeader(setCookies(res)), location: res.headers.get("location")! };
  }
  const page = async (path: string, cookie: string) =>
    (await (await get(BEAUTY, path, { headers: { cookie } })).text()).replace(/<!-- -->/g, "");

  it("offers this shop's join points and goes back to the order", async () => {
    const { cookie, location } = await joined("/user/checkout");
    const html = await page(location, cookie);
    expect(html).toContain(koAuth.welcomeTitle);
    expect(html).toContain("동의 회원님, 가입이 완료되었습니다");
    expect(html).toContain("뷰티 라운지의 회원이 되면 가입 축하 포인트 2,000P를 바로 드립니다.");
    expect(html).toContain('href="/shop/member_point?url=%2Fuser%2Fcheckout"');
    expect(html).toMatch(/href="\/user\/checkout"[^>]*>주문 계속하기</);
  });

  it("says so when the shopper already belongs to the shop, and never leaves the host", async () => {
    const { cookie } = await joined("/");
    const join = await postForm(BEAUTY, "/shop/member_point", { intent: "join", agree: "on" }, { cookie });
    expect(join.status).toBe(303);
    const html = await page("/user/succ?url=%2F%2Fevil.example", cookie);
    expect(html).toContain("뷰티 라운지의 회원입니다");
    expect(html).not.toContain("가입 축하 포인트");
    expect(html).toMatch(/href="\/"[^>]*>쇼핑 계속하기</);
    expect(html).not.toContain('href="//evil');
  });

  it("sends a guest on to the return address", async () => {
    const res = await get(BEAUTY, "/user/succ?url=%2Fshop%2Flist");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/shop/list");
  });
});
