import { describe, expect, it } from "vitest";
import { loginPath, safeReturnPath } from "~/shared/return-path";
import { BEAUTY } from "../helpers/request";
import { PASSWORD, postForm, SHOPPER } from "../helpers/auth";

/** Every way we know to talk a browser into leaving the host through a "path". */
const HOSTILE = [
  "https://evil.example/",
  "http://evil.example",
  "//evil.example",
  "///evil.example",
  "/\\evil.example",
  "\\\\evil.example",
  "\\/evil.example",
  "/%2fevil.example",
  "/%2Fevil.example",
  "%2f%2fevil.example",
  "/%5cevil.example",
  "/%5Cevil.example",
  "/%252f%252fevil.example",
  "/%09/evil.example",
  "/\t/evil.example",
  "/\n/evil.example",
  " //evil.example",
  "javascript:alert(1)",
  "JavaScript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "http:evil.example",
  "https:/evil.example",
  "/..//evil.example",
  "/./\\evil.example",
  "evil.example",
  "",
];

describe("safeReturnPath", () => {
  it.each(HOSTILE)("refuses %j", (url) => {
    expect(safeReturnPath(url)).toBe("/");
  });

  it("keeps same-host paths with their query and fragment", () => {
    expect(safeReturnPath("/myshop")).toBe("/myshop");
    expect(safeReturnPath("/shop/list?category=43&page=2")).toBe("/shop/list?category=43&page=2");
    expect(safeReturnPath("/shop/view/b0017#reviews")).toBe("/shop/view/b0017#reviews");
    expect(safeReturnPath("/user/info?auth=1")).toBe("/user/info?auth=1");
    expect(safeReturnPath("/shop/list?q=%ED%95%9C%EA%B8%80")).toBe("/shop/list?q=%ED%95%9C%EA%B8%80");
    // Encoded slashes are harmless in the query (an address handed on to the next step).
    const onward = "/api/user/login/redirect/dom?url=http%3A%2F%2Fshop.example.test%2Fmyshop&keep=0";
    expect(safeReturnPath(onward)).toBe(onward);
  });

  it("gives the fallback for anything that is not a string", () => {
    expect(safeReturnPath(null)).toBe("/");
    expect(safeReturnPath(undefined, "/myshop")).toBe("/myshop");
    expect(safeReturnPath(["/a"])).toBe("/");
  });

  it("builds the login address with a checked return path and the shop", () => {
    expect(loginPath("/message", "beauty")).toBe("/user/login?url=%2Fmessage&dom=beauty");
    expect(loginPath("//evil.example")).toBe("/user/login?url=%2F");
  });
});

describe("login honours only same-host return addresses", () => {
  it.each(HOSTILE.filter((u) => u !== ""))("after login, %j leads home", async (url) => {
    const res = await postForm(BEAUTY, `/user/login?${new URLSearchParams({ url })}`, {
      email: SHOPPER,
      password: PASSWORD,
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/");
  });

  it("goes back to a same-host path", async () => {
    const res = await postForm(BEAUTY, "/user/login", { email: SHOPPER, password: PASSWORD, url: "/user/info?auth=1" });
    expect(res.headers.get("location")).toBe("/user/info?auth=1");
  });
});
