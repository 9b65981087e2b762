import { describe, expect, it } from "vitest";
import { koPlatform } from "~/shared/messages/platform";
import { escapeHtml } from "../../../functions/pages";
import { get } from "../helpers/request";
import { platformSignUp, postForm } from "../helpers/auth";

/** Issue 52 item 3: a new person's way into 내 상점 만들기, and an address typed in Korean. */

const PLATFORM = "localhost";
const html = (s: string) => escapeHtml(s);

/** A new person through the platform's sign-up form on the way to /open: the platform cookie. */
const signUp = async () => (await platformSignUp("first-minutes", "/open")).cookie;

describe("내 상점 만들기 for a guest", () => {
  it("leads to sign-up, with log-in one link away, both going on to the form", async () => {
    const res = await get(PLATFORM, "/open");
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/join?url=%2Fopen");
    const join = await (await get(PLATFORM, "/join?url=%2Fopen")).text();
    expect(join).toContain(html(koPlatform.joinToOpen));
    expect(join).toContain('<input type="hidden" name="url" value="/open">');
    // The log-in link keeps where the person was going.
    expect(join).toContain('href="/login?url=%2Fopen"');
    expect(join.indexOf('href="/login?url=%2Fopen"')).toBeLessThan(join.indexOf("<form"));
    const login = await (await get(PLATFORM, "/login?url=%2Fopen")).text();
    expect(login).toContain(html(koPlatform.loginToOpen));
    expect(login).toContain('href="/join?url=%2Fopen"');
    // The sign-up lands on the form, logged in.
    const cookie = await signUp();
    const form = await get(PLATFORM, "/open", { headers: { cookie } });
    expect(form.status).toBe(200);
    expect(await form.text()).toContain('name="dom"');
  });
});

describe("an address typed in Korean", () => {
  it("is refused with free addresses to pick beside the field, each one tap that opens the shop", async () => {
    const cookie = await signUp();
    const typed = `새봄 꽃집 ${Date.now().toString(36).slice(-4)}`;
    const res = await postForm(PLATFORM, "/open", { dom: typed, name: "새봄 꽃집", shop_type: "shop" }, { cookie });
    expect(res.status).toBe(400);
    const body = await res.text();
    expect(body).toContain(`id="dom-error" role="alert">${html(koPlatform.errors.domFormat)}`);
    const picks = [...body.matchAll(/<button class="pick" name="pick" value="([^"]+)"/g)].map((m) => m[1]!);
    expect(picks.length).toBeGreaterThan(0);
    expect(picks[0]).toMatch(/^saebom-kkotjip-[a-z0-9]+$/);
    // Beside the field: after its message, before the next field.
    expect(body.indexOf('data-testid="dom-suggestions"')).toBeGreaterThan(body.indexOf('id="dom-error"'));
    expect(body.indexOf('data-testid="dom-suggestions"')).toBeLessThan(body.indexOf('name="name"'));
    // The form's default button (Enter) stays 상점 만들기, not a suggestion.
    expect(body.indexOf(`<button class="submit">${html(koPlatform.openSubmit)}`)).toBeLessThan(
      body.indexOf('class="pick"'),
    );
    const opened = await postForm(
      PLATFORM,
      "/open",
      { dom: typed, name: "새봄 꽃집", shop_type: "shop", pick: picks[0]! },
      { cookie },
    );
    expect(opened.status).toBe(303);
    expect(new URL(opened.headers.get("location")!).host).toBe(`${picks[0]}.localhost`);
  });

  it("offers other addresses for a taken one, never a taken one", async () => {
    const cookie = await signUp();
    const res = await postForm(PLATFORM, "/open", { dom: "beauty", name: "뷰티", shop_type: "shop" }, { cookie });
    expect(res.status).toBe(409);
    const body = await res.text();
    const picks = [...body.matchAll(/name="pick" value="([^"]+)"/g)].map((m) => m[1]!);
    expect(picks).not.toContain("beauty");
    expect(picks).toContain("beauty-store");
  });

  it("takes the shop's name when no address was typed", async () => {
    const cookie = await signUp();
    const res = await postForm(PLATFORM, "/open", { dom: "", name: "한끼 식당", shop_type: "restaurant" }, { cookie });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('name="pick" value="hankki-sikdang"');
  });
});
