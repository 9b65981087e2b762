import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { BEAUTY, get } from "../helpers/request";
import { joinNew, login, PASSWORD, postForm, whoAmI } from "../helpers/auth";
import { ADDRESS, Shopper } from "../helpers/shopper";
import { koOrder } from "~/shared/messages/cart";
import { koSettings } from "~/shared/messages/settings";

/** Issue 10, point 8: /user/info's password, consent, address book and 회원탈퇴, as plain form posts. */

const page = async (cookie: string) =>
  (await (await get(BEAUTY, "/user/info", { headers: { cookie } })).text()).replace(/<!-- -->/g, "");

const address = (over: Record<string, string> = {}) => ({
  intent: "address",
  receiver_name: "김하나",
  receiver_phone: "010-1234-5678",
  postcode: "04038",
  address: "서울특별시 마포구 양화로 12",
  detail: "3층",
  ...over,
});

describe("account settings", () => {
  it("show the e-mail; change the password with the current one; other sessions end, this one stays", async () => {
    const { email, cookie } = await joinNew(BEAUTY, "설정 회원");
    const other = await login(BEAUTY, email);
    expect(await page(cookie)).toContain(`data-testid="account-email">${email}<`);

    const wrong = await postForm(
      BEAUTY,
      "/user/info",
      { intent: "password", current: "nope-nope", password: "new-pass-123", password2: "new-pass-123" },
      { cookie },
    );
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain(koSettings.wrongPassword);
    const mismatch = await postForm(
      BEAUTY,
      "/user/info",
      { intent: "password", current: PASSWORD, password: "new-pass-123", password2: "new-pass-124" },
      { cookie },
    );
    expect(await mismatch.text()).toContain(koSettings.passwordMismatch);

    const ok = await postForm(
      BEAUTY,
      "/user/info",
      { intent: "password", current: PASSWORD, password: "new-pass-123", password2: "new-pass-123" },
      { cookie },
    );
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain("비밀번호를 바꿨습니다");
    expect(await whoAmI(BEAUTY, cookie)).toBeGreaterThan(0);
    expect(await whoAmI(BEAUTY, other)).toBe(0);
    await expect(login(BEAUTY, email)).rejects.toThrow();
    expect(await whoAmI(BEAUTY, await login(BEAUTY, email, "new-pass-123"))).toBeGreaterThan(0);
  });

  it("keep marketing consent with its date", async () => {
    const { uid, cookie } = await joinNew(BEAUTY);
    expect(await page(cookie)).toContain('data-testid="marketing-state">동의하지 않음<');
    await postForm(BEAUTY, "/user/info", { intent: "marketing", agree: "on" }, { cookie });
    const row = await env.DB.prepare("SELECT marketing_agreed_at AS at FROM members WHERE uid = ?")
      .bind(uid)
      .first<{ at: number }>();
    const day = new Date(row!.at + 9 * 3600_000).toISOString().slice(0, 10);
    expect(await page(cookie)).toContain(`data-testid="marketing-state">${day} 동의<`);
    await postForm(BEAUTY, "/user/info", { intent: "marketing" }, { cookie });
    expect(await page(cookie)).toContain(koSettings.marketingNone);
  });

  it("keep at most ten addresses with exactly one default, nobody else's to touch, and fill the order sheet", async () => {
    const { cookie } = await joinNew(BEAUTY);
    const refused = await postForm(BEAUTY, "/user/info", address({ postcode: "12" }), { cookie });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain(koOrder.fieldErrors.pattern.postcode);
    await postForm(BEAUTY, "/user/info", address(), { cookie });
    await postForm(BEAUTY, "/user/info", address({ receiver_name: "박둘", is_default: "on" }), { cookie });
    const rows = async () =>
      (await (await get(BEAUTY, "/api/user/addresses", { headers: { cookie } })).json()) as {
        items: { id: number; receiver_name: string; is_default: boolean }[];
      };
    let book = (await rows()).items;
    expect(book.map((a) => [a.receiver_name, a.is_default])).toEqual([
      ["박둘", true],
      ["김하나", false],
    ]);
    // Another member cannot change them.
    const stranger = await joinNew(BEAUTY);
    const theirs = await postForm(
      BEAUTY,
      "/user/info",
      { intent: "address_change", id: String(book[0]!.id), action: "remove" },
      { cookie: stranger.cookie },
    );
    expect(theirs.status).toBe(404);
    // Removing the default makes the other one the default.
    await postForm(
      BEAUTY,
      "/user/info",
      { intent: "address_change", id: String(book[0]!.id), action: "remove" },
      { cookie },
    );
    book = (await rows()).items;
    expect(book.map((a) => [a.receiver_name, a.is_default])).toEqual([["김하나", true]]);
    for (let i = 0; i < 9; i++)
      await postForm(BEAUTY, "/user/info", address({ receiver_name: `받는이${i}` }), { cookie });
    const full = await postForm(BEAUTY, "/user/info", address({ receiver_name: "열한번째" }), { cookie });
    expect(full.status).toBe(409);
    expect(await full.text()).toContain("배송지는 10개까지");
    expect((await rows()).items.filter((a) => a.is_default)).toHaveLength(1);

    // The order sheet starts from the default address.
    const shopper = Shopper.signedIn(BEAUTY, cookie);
    await shopper.add([{ pid2: 13, pid3: 1300 }]);
    const id = (await shopper.order([{ pid2: 13, pid3: 1300, qty: 1 }])).data.order_id;
    const sheet = await (await shopper.fetch(`/user/order?id=${id}`)).text();
    expect(sheet).toMatch(/name="receiver_name"[^>]*value="김하나"|value="김하나"[^>]*name="receiver_name"/);
    expect(sheet).toMatch(/name="postcode"[^>]*value="04038"|value="04038"[^>]*name="postcode"/);
  });

  it("close an account: refused with an order under way, then erased but the orders kept", async () => {
    const { email, cookie, uid } = await joinNew(BEAUTY, "탈퇴 회원");
    const shopper = Shopper.signedIn(BEAUTY, cookie);
    await shopper.add([{ pid2: 13, pid3: 1300 }]);
    const id = (await shopper.order([{ pid2: 13, pid3: 1300, qty: 1 }])).data.order_id;
    expect((await shopper.pay(id)).status).toBe(200);

    const unconfirmed = await postForm(
      BEAUTY,
      "/user/info",
      { intent: "withdraw", leave_password: PASSWORD },
      { cookie },
    );
    expect(await unconfirmed.text()).toContain(koSettings.withdrawConfirmRequired);
    const busy = await postForm(
      BEAUTY,
      "/user/info",
      { intent: "withdraw", leave_password: PASSWORD, confirm: "on" },
      { cookie },
    );
    expect([busy.status, busy.headers.get("location")]).toEqual([409, null]);
    expect(await busy.text()).toContain("진행 중인 주문이 있어 탈퇴할 수 없습니다");
    const wrong = await postForm(
      BEAUTY,
      "/user/info",
      { intent: "withdraw", leave_password: "wrong-one", confirm: "on" },
      { cookie },
    );
    expect(await wrong.text()).toContain(koSettings.wrongPassword);

    await shopper.api("/api/myshp/my/order/action", { id, action: "cancel" });
    const done = await postForm(
      BEAUTY,
      "/user/info",
      { intent: "withdraw", leave_password: PASSWORD, confirm: "on" },
      { cookie },
    );
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/?withdrawn=1");
    expect(done.headers.getSetCookie().join(";")).toMatch(/sid=;/);
    expect(await whoAmI(BEAUTY, cookie)).toBe(0);
    await expect(login(BEAUTY, email)).rejects.toThrow();
    const member = await env.DB.prepare("SELECT email, name, withdrawn_at FROM members WHERE uid = ?")
      .bind(uid)
      .first<{ email: string; name: string; withdrawn_at: number }>();
    expect(member).toMatchObject({ email: `withdrawn-${uid}@invalid`, name: "탈퇴 회원" });
    expect(member!.withdrawn_at).toBeGreaterThan(0);
    const kept = await env.DB.prepare("SELECT orderer_name FROM orders WHERE id = ?")
      .bind(id)
      .first<{ orderer_name: string }>();
    expect(kept!.orderer_name).toBe(ADDRESS.orderer_name);
    // The address is free for a new account.
    const again = await joinNew(BEAUTY);
    expect(again.uid).not.toBe(uid);
  });

  it("belong to members only", async () => {
    const res = await postForm(BEAUTY, "/user/info", { intent: "marketing", agree: "on" });
    expect(res.status).toBe(302);
    expect((await get(BEAUTY, "/api/user/addresses")).status).toBe(401);
  });
});
