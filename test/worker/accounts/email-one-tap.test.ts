import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { koSettings } from "~/shared/messages/settings";
import { koSocial } from "~/shared/messages/social-login";
import { escapeHtml } from "../../../functions/pages";
import {
  cookieHeader,
  joinNew,
  login,
  PASSWORD,
  postForm,
  postJson,
  setCookies,
  SHOPPER,
  whoAmI,
} from "../helpers/auth";
import { BEAUTY, get, PICKS } from "../helpers/request";
import { Shopper } from "../helpers/shopper";

/**
 * Decision 180: an e-mail account that is a member of one shop, logging in at another, is asked
 * once — on the one-tap page of decision 177 — whether that shop may receive its name, phone and
 * e-mail; yes makes it a member with the consent's moment and the sign-up points once, no keeps it
 * logged in as it was. The account's own phone (/user/info) and the order sheet that starts with it.
 */

const PICKS_ID = 2;
const BEAUTY_ID = 1;
const TONER = { pid2: 1, pid3: 100 };

/** A browser's cookie header after a response: its cookies so far plus what was set. */
function jar(before: string, res: Response): string {
  const cookies = new Map(
    before
      .split("; ")
      .filter(Boolean)
      .map((p) => [p.slice(0, p.indexOf("=")), p.slice(p.indexOf("=") + 1)] as [string, string]),
  );
  for (const [k, v] of setCookies(res)) cookies.set(k, v);
  return cookieHeader(cookies);
}

const text = async (res: Response) => (await res.text()).replace(/<!-- -->/g, "");

/** A new e-mail account that joined beauty (its shop membership), with a phone of its own. */
async function beautyMember(name: string) {
  const account = await joinNew(BEAUTY, name);
  const joined = await postJson(BEAUTY, `/api/myshp/join?shopid=${BEAUTY_ID}`, { agree: true }, account);
  expect(joined.status).toBe(200);
  await env.DB.prepare("UPDATE members SET phone = '01023456789' WHERE uid = ?").bind(account.uid).run();
  return account;
}

/** The login form (no scripts) at `host`: where it sends the browser, and its cookies. */
async function loginForm(host: string, email: string, url = "/user/checkout") {
  const res = await postForm(host, "/user/login", { email, password: PASSWORD, url });
  expect(res.status).toBe(302);
  return { location: res.headers.get("location"), cookie: jar("", res) };
}

async function membership(shopId: number, uid: number) {
  return env.DB.prepare("SELECT joined_at, shared_agreed_at FROM shop_members WHERE shop_id = ? AND uid = ?")
    .bind(shopId, uid)
    .first<{ joined_at: number; shared_agreed_at: number | null }>();
}

async function joinPoints(shopId: number, uid: number): Promise<number> {
  const row = await env.DB.prepare(
    "SELECT count(*) AS n FROM point_history WHERE shop_id = ? AND uid = ? AND reason = 'join'",
  )
    .bind(shopId, uid)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

const QUESTION = "/auth/join?url=%2Fuser%2Fcheckout";

beforeAll(async () => {
  // picks runs points here, so its sign-up points can be counted.
  await env.DB.prepare("UPDATE shops SET point = 1, join_point = 1500 WHERE id = ?").bind(PICKS_ID).run();
});

describe("one tap at a second shop for an e-mail account", () => {
  it("asks once after the login, joins with the consent's moment and the sign-up points once", async () => {
    const account = await beautyMember("한번 가입");
    const email = account.email;

    const first = await loginForm(PICKS, email);
    expect(first.location).toBe(QUESTION);
    const page = await get(PICKS, QUESTION, { headers: { cookie: first.cookie } });
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toContain("no-store");
    const html = await text(page);
    // What picks receives, from whom, why and how long; the answer either way.
    expect(html).toContain('data-testid="share-details"');
    expect(html).toContain("한번 가입");
    expect(html).toContain("010-2345-6789");
    expect(html).toContain(email);
    expect(html).toContain(escapeHtml(koSocial.sharePurposeText));
    expect(html).toContain(escapeHtml(koSocial.shareKeepText));
    expect(html).toContain(escapeHtml(koSocial.shareRefuseAccount));
    expect(html).toContain(koSocial.shareBonus("1,500P"));
    expect(html).toContain(koSocial.shareDecline);
    expect(await membership(PICKS_ID, account.uid)).toBeNull();

    // The button is the consent: a post without it changes nothing.
    const bare = await postForm(
      PICKS,
      "/auth/join",
      { intent: "share", url: "/user/checkout" },
      { cookie: first.cookie },
    );
    expect(bare.status).toBe(400);
    expect(await membership(PICKS_ID, account.uid)).toBeNull();

    const yes = await postForm(
      PICKS,
      "/auth/join",
      { intent: "share", agree_share: "on", url: "/user/checkout" },
      { cookie: first.cookie },
    );
    expect(yes.status).toBe(302);
    expect(yes.headers.get("location")).toBe("/user/checkout");
    expect(await whoAmI(PICKS, first.cookie)).toBe(account.uid);
    const joined = await membership(PICKS_ID, account.uid);
    expect(joined?.shared_agreed_at).toBeGreaterThan(0);
    expect(await joinPoints(PICKS_ID, account.uid)).toBe(1);

    // The same post again (another tab, a refresh) grants nothing more.
    await postForm(PICKS, "/auth/join", { intent: "share", agree_share: "on" }, { cookie: first.cookie });
    expect(await joinPoints(PICKS_ID, account.uid)).toBe(1);

    // Not asked again: the next login goes straight on, and the page has nothing to ask.
    const second = await loginForm(PICKS, email);
    expect(second.location).toBe("/user/checkout");
    const again = await text(await get(PICKS, QUESTION, { headers: { cookie: second.cookie } }));
    expect(again).not.toContain('data-testid="share-details"');
    expect(again).toContain(koSocial.shareAnswered);

    // Leaving picks' membership later is an answer too: no question at the next login.
    const left = await postJson(PICKS, `/api/myshp/cancel?shopid=${PICKS_ID}`, {}, { cookie: second.cookie });
    expect(left.status).toBe(200);
    expect((await loginForm(PICKS, email)).location).toBe("/user/checkout");
  });

  it("refusing keeps the person logged in without picks' membership, and is not asked again", async () => {
    const account = await beautyMember("거절 회원");
    const first = await loginForm(PICKS, account.email);
    expect(first.location).toBe(QUESTION);

    const no = await postForm(
      PICKS,
      "/auth/join",
      { intent: "decline", url: "/user/checkout" },
      { cookie: first.cookie },
    );
    expect(no.status).toBe(302);
    expect(no.headers.get("location")).toBe("/user/checkout");
    // Still logged in, and may order: a cart line and a sheet of its own.
    expect(await whoAmI(PICKS, first.cookie)).toBe(account.uid);
    expect(await membership(PICKS_ID, account.uid)).toBeNull();
    expect(await joinPoints(PICKS_ID, account.uid)).toBe(0);
    const shopper = Shopper.signedIn(PICKS, first.cookie);
    expect((await shopper.add([{ pid2: 251, pid3: 25100, qty: 1 }])).status).toBe(200);

    const second = await loginForm(PICKS, account.email);
    expect(second.location).toBe("/user/checkout");

    // Joining stays open on the membership page, which shows what picks receives and records it.
    const memberPage = await text(await get(PICKS, "/shop/member_point", { headers: { cookie: second.cookie } }));
    expect(memberPage).toContain('data-testid="share-details"');
    expect(memberPage).toContain("010-2345-6789");
    const join = await postForm(
      PICKS,
      "/shop/member_point",
      { intent: "join", agree: "on", share: "1" },
      { cookie: second.cookie },
    );
    expect(join.status).toBe(303);
    expect((await membership(PICKS_ID, account.uid))?.shared_agreed_at).toBeGreaterThan(0);
    expect(await joinPoints(PICKS_ID, account.uid)).toBe(1);
  });

  it("an account that is a member of no shop, the demo shopper and the API login are not interrupted", async () => {
    const fresh = await joinNew(BEAUTY, "아직 무소속");
    expect((await loginForm(PICKS, fresh.email)).location).toBe("/user/checkout");
    expect((await loginForm(PICKS, SHOPPER)).location).toBe("/user/checkout");
    expect((await loginForm(BEAUTY, SHOPPER)).location).toBe("/user/checkout");

    // The JSON login says whether the shop asks; a member of beauty is asked at picks only.
    const account = await beautyMember("API 회원");
    const atPicks = await postJson(PICKS, "/api/user/login", { email: account.email, password: PASSWORD, keep: false });
    expect(await atPicks.json()).toMatchObject({ uid: account.uid, share: true });
    const atBeauty = await postJson(BEAUTY, "/api/user/login", {
      email: account.email,
      password: PASSWORD,
      keep: false,
    });
    expect(await atBeauty.json()).toMatchObject({ uid: account.uid, share: false });
    // A member here with nothing to ask: the join call still joins nobody twice.
    expect(await whoAmI(BEAUTY, await login(BEAUTY, account.email))).toBe(account.uid);
  });
});

describe("the account's own phone", () => {
  const info = (cookie: string, phone: string) =>
    postForm(BEAUTY, "/user/info", { intent: "phone", phone }, { cookie });
  const phoneOf = async (uid: number) =>
    (await env.DB.prepare("SELECT phone FROM members WHERE uid = ?").bind(uid).first<{ phone: string | null }>())
      ?.phone;

  it("is edited on /user/info with the one phone rule, mobile only, and removed when emptied", async () => {
    const { cookie, uid } = await joinNew(BEAUTY, "전화 회원");
    const bad = await info(cookie, "12345");
    expect(bad.status).toBe(400);
    expect(await text(bad)).toContain(koSettings.phoneInvalid);
    const landline = await info(cookie, "02-123-4567");
    expect(landline.status).toBe(400);
    expect(await text(landline)).toContain(koSettings.phoneNotMobile);
    expect(await phoneOf(uid)).toBeNull();

    const ok = await info(cookie, "+82 10 3456 7890");
    expect(ok.status).toBe(200);
    expect(await text(ok)).toContain(koSettings.phoneSaved);
    expect(await phoneOf(uid)).toBe("01034567890");
    expect(await text(await get(BEAUTY, "/user/info", { headers: { cookie } }))).toContain('value="010-3456-7890"');

    const removed = await info(cookie, "");
    expect(await text(removed)).toContain(koSettings.phoneRemoved);
    expect(await phoneOf(uid)).toBeNull();

    // The API takes the same rule.
    const api = await postJson(BEAUTY, "/api/user/phone", { phone: "010-12" }, { cookie });
    expect(api.status).toBe(400);
  });

  it("starts the orderer's phone on the order sheet, before the default address's", async () => {
    const { cookie, uid } = await joinNew(BEAUTY, "주문서 회원");
    const add = await postForm(
      BEAUTY,
      "/user/info",
      {
        intent: "address",
        receiver_name: "받는 분",
        receiver_phone: "010-9999-8888",
        postcode: "04038",
        address: "서울특별시 마포구 양화로 12",
        detail: "3층",
        is_default: "on",
      },
      { cookie },
    );
    expect(add.status).toBe(200);
    const shopper = Shopper.signedIn(BEAUTY, cookie);
    await shopper.add([{ ...TONER, qty: 1 }]);
    const sheet = async () => {
      const { data } = await shopper.order([{ ...TONER, qty: 1 }]);
      return text(await shopper.fetch(`/user/order?id=${data.order_id}`));
    };
    const ordererPhone = (html: string) => /<input[^>]*name="orderer_phone"[^>]*>/.exec(html)?.[0] ?? "";

    // No phone of its own yet: the default address's.
    expect(ordererPhone(await sheet())).toContain('value="010-9999-8888"');
    await info(cookie, "010-3456-7890");
    expect(await phoneOf(uid)).toBe("01034567890");
    const html = await sheet();
    expect(ordererPhone(html)).toContain('value="010-3456-7890"');
    // The receiver is still the address's.
    expect(/<input[^>]*name="receiver_phone"[^>]*>/.exec(html)?.[0]).toContain('value="010-9999-8888"');
  });
});
