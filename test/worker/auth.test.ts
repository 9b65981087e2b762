import { describe, expect, it } from "vitest";
import { BEAUTY, get } from "./helpers";
import { cookieHeader, login, postForm, PASSWORD, setCookieLine, setCookies, SHOPPER, whoAmI } from "./auth-helpers";

describe("smoke", () => {
  it("logs in through the API", async () => {
    const cookie = await login(BEAUTY);
    expect(await whoAmI(BEAUTY, cookie)).toBe(2001);
  });

  it("logs in through the form", async () => {
    const res = await postForm(BEAUTY, "/user/login?url=%2Fmyshop", { email: SHOPPER, password: PASSWORD });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/myshop");
    console.log(setCookieLine(res, "sid"));
    const page = await get(BEAUTY, "/myshop", { headers: { cookie: cookieHeader(setCookies(res)) } });
    expect(page.status).toBe(200);
  });
});
