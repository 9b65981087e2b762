import { describe, expect, it } from "vitest";
import { crossSiteReason } from "../../../functions/csrf";
import { BEAUTY, get } from "../helpers/request";
import { PASSWORD, postForm, postJson, SHOPPER } from "../helpers/auth";
import { koAuth } from "~/shared/messages/auth";

const loginForm = { email: SHOPPER, password: PASSWORD };

describe("forgery guard", () => {
  it("refuses a form post from another site, and from a sibling shop's sub-domain", async () => {
    const forged: Record<string, string>[] = [
      { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
      { origin: "http://picks.localhost", "sec-fetch-site": "same-site" }, // sibling shop
      { origin: "http://evil.localhost" }, // sibling, browser without Fetch Metadata
      { "sec-fetch-site": "same-site" }, // no Origin, but the browser says: another sub-domain
      { origin: "null" }, // sandboxed frame, data: URL …
      { origin: `https://${BEAUTY}` }, // other scheme is another origin
      { origin: `http://${BEAUTY}:8080` }, // other port too
    ];
    for (const headers of forged) {
      const res = await postForm(BEAUTY, "/user/login", loginForm, {
        headers: { "sec-fetch-site": "", origin: "", ...headers },
      });
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(res.headers.getSetCookie(), JSON.stringify(headers)).toEqual([]);
      expect(await res.text()).toContain(koAuth.crossSite);
    }
  });

  it("refuses shop-API posts from other origins with a JSON error", async () => {
    const res = await postJson(BEAUTY, "/api/user/login", loginForm, {
      headers: { origin: "http://picks.localhost", "sec-fetch-site": "same-site" },
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ error: { code: "CROSS_SITE" } });
  });

  it("refuses a post whose only clue is a Referer from another origin", async () => {
    const res = await get(BEAUTY, "/user/login", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", referer: "http://picks.localhost/x" },
      body: new URLSearchParams(loginForm),
    });
    expect(res.status).toBe(403);
  });

  it("accepts a plain form post from the same page, and clients without browser headers", async () => {
    const same = await postForm(BEAUTY, "/user/login", loginForm);
    expect(same.status).toBe(302);
    const originOnly = await postForm(BEAUTY, "/user/login", loginForm, { headers: { "sec-fetch-site": "" } });
    expect(originOnly.status).toBe(302);
    const bare = await get(BEAUTY, "/user/login", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(loginForm),
    });
    expect(bare.status).toBe(302);
  });

  it("leaves reads alone", async () => {
    const res = await get(BEAUTY, "/user/login", {
      headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
    });
    expect(res.status).toBe(200);
  });

  it("decides from the headers alone", () => {
    const req = (method: string, headers: Record<string, string>) =>
      new Request("https://beauty.shops.example.com/x", {
        method,
        headers: { host: "beauty.shops.example.com", ...headers },
      });
    expect(crossSiteReason(req("POST", { origin: "https://beauty.shops.example.com" }))).toBeNull();
    expect(crossSiteReason(req("POST", { origin: "https://picks.shops.example.com" }))).not.toBeNull();
    expect(crossSiteReason(req("DELETE", { "sec-fetch-site": "cross-site" }))).not.toBeNull();
    expect(crossSiteReason(req("PUT", { "sec-fetch-site": "none" }))).not.toBeNull();
    expect(crossSiteReason(req("GET", { origin: "https://evil.example" }))).toBeNull();
    // Chromium's form post from a no-referrer page: Origin null, but Fetch Metadata says same-origin.
    expect(crossSiteReason(req("POST", { origin: "null", "sec-fetch-site": "same-origin" }))).toBeNull();
    expect(crossSiteReason(req("POST", { origin: "null", "sec-fetch-site": "cross-site" }))).not.toBeNull();
    expect(crossSiteReason(req("POST", { origin: "null" }))).not.toBeNull();
  });
});
