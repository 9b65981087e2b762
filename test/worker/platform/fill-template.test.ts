import { describe, expect, it } from "vitest";
import { fillingOf, fillTemplate, NOBODY, type Visitor } from "../../../functions/personal";
import { render, TemplateMaker } from "../../../functions/html-template";
import type { ShopInfo } from "~/shared/contracts";
import type { Member } from "../../../functions/auth/member";

/**
 * A kept page split once where visitors differ, then joined per visitor (decision 134): what each
 * visitor gets must be what the marks say, for nobody, a guest and a member, with nothing of one
 * visitor left in another's page.
 */

const PAGE = [
  `<!DOCTYPE html><html lang="ko" style="--main:#000"><head><script nonce="drawn">1</script></head><body>`,
  `<a href="/user/checkout" data-p-device="" data-p-cart-label="" aria-label="장바구니">카트`,
  `<span data-p-count="cart">0</span></a>`,
  `<div data-p-only="guest">로그인</div>`,
  `<div data-p-only="member"><p data-p-text="greeting"></p><span data-p-count="orders.ready">0</span>`,
  `<img alt="" width="44" data-p-only="photo" data-p-photo=""><span data-p-only="initial" data-p-text="initial"></span></div>`,
  `<p data-p-text="membership"></p>`,
  ...[1, 2].map(
    (pid) =>
      `<form method="post" data-like-pid="${pid}" data-like-title="A&amp;B &quot;${pid}&quot;">` +
      `<input type="hidden" name="like" value="1"><button type="submit" aria-pressed="false" aria-label="A&amp;B 찜하기">♡</button></form>`,
  ),
  `<button aria-pressed="false">other</button>`,
  `<script nonce="drawn">2</script></body></html>`,
].join("");

const SHOP = { shopid: 1, title: "뷰티", point: 0, join_point: 0 } as unknown as ShopInfo;
const MEMBER: Member = { uid: 7, name: "<김>&", profile: "p/7.jpg", admin: false };

function visitor(part: Partial<Visitor>): Visitor {
  const summary = {
    member: null,
    membership: null,
    orders: { ready: 0 },
    cart: 0,
    like: 0,
    recent: 0,
    message: 0,
  };
  return { member: null, device: null, summary, liked: [], ...part };
}

describe("a kept page's template", () => {
  it("gives nobody every mark out, nobody's parts kept, their nonce, and no overlay", async () => {
    const page = render(await fillTemplate(PAGE), fillingOf(NOBODY, SHOP, "/s/", null, "n1"));
    expect(page).not.toMatch(/data-p-|data-like-|data-personal/);
    expect(page).toContain('<a href="/user/checkout" aria-label="장바구니">카트</a>');
    expect(page).toContain("<div>로그인</div>");
    expect(page).not.toContain("<img");
    expect([...page.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1])).toEqual(["n1", "n1"]);
    expect(page).toContain('<html lang="ko" style="--main:#000">');
    expect(page).toContain(
      '<input type="hidden" name="like" value="1"><button type="submit" aria-pressed="false" aria-label="A&amp;B 찜하기">♡</button>',
    );
    expect(page).toContain('<button aria-pressed="false">other</button>');
  });

  it("fills in a guest's device on its links, counts over 99 and its hearts", async () => {
    const template = await fillTemplate(PAGE);
    const guest = visitor({ device: "dev1", liked: [2], summary: { ...visitor({}).summary!, cart: 120 } });
    const page = render(template, fillingOf(guest, SHOP, "/s/", { root: { x: 1 } }, "n2"));
    expect(page).toContain(
      '<a href="/user/checkout?uuid_value=dev1" aria-label="장바구니 120개">카트<span>99+</span></a>',
    );
    expect(page).toContain("<div>로그인</div>");
    expect(page).not.toContain("님, 안녕하세요");
    // The second product is liked, the first not.
    const forms = page.split("<form").slice(1);
    expect(forms[0]).toContain(
      'value="1"><button type="submit" aria-pressed="false" aria-label="A&amp;B 찜하기">♡</button>',
    );
    expect(forms[1]).toContain(
      'value="0"><button type="submit" aria-pressed="true" aria-label="A&amp;B &quot;2&quot; 찜 해제">♥</button>',
    );
    // On <body>: <html> carries the theme, and the head's <meta charset> must stay in the first 1024 bytes.
    expect(page).toContain(`<body data-personal="${encodeURIComponent(JSON.stringify({ root: { x: 1 } }))}">`);
  });

  it("fills in a member's name as text, their picture, and their counts inside their part", async () => {
    const template = await fillTemplate(PAGE);
    const member = visitor({ member: MEMBER, summary: { ...visitor({}).summary!, orders: { ready: 3 } } });
    const page = render(template, fillingOf(member, SHOP, "https://files/", null, "n3"));
    expect(page).not.toContain("로그인</div>");
    expect(page).toContain(
      '<div><p>&lt;김&gt;&amp;님, 안녕하세요</p><span>3</span><img alt="" width="44" src="https://files/p/7.jpg"></div>',
    );
    expect(page).toContain('<a href="/user/checkout" aria-label="장바구니">카트</a>');
    // The same template, the next visitor: nothing of the member left.
    const next = render(template, fillingOf(NOBODY, SHOP, "/s/", null, "n4"));
    expect(next).not.toMatch(/김|p\/7\.jpg|n3/);
  });

  it("keeps runs apart when they nest, and leaves out an attribute whose value is none", () => {
    const maker = new TemplateMaker<{ a: boolean; b: boolean; src: string | null }>();
    const html =
      `x${maker.token({ when: (v) => v.a })}A${maker.token({ when: (v) => v.b })}B${maker.token({ end: true })}a` +
      `${maker.token({ end: true })}<img alt="" src="${maker.token({ attribute: "src", value: (v) => v.src })}">y`;
    const template = maker.make(html);
    expect(render(template, { a: true, b: false, src: null })).toBe('xAa<img alt="">y');
    expect(render(template, { a: false, b: true, src: 'p"q' })).toBe('x<img alt="" src="p&quot;q">y');
    expect(render(template, { a: true, b: true, src: "s" })).toBe('xABa<img alt="" src="s">y');
  });
});
