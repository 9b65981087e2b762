import { describe, expect, it } from "vitest";
import { BEAUTY } from "../helpers/request";
import { joinNew } from "../helpers/auth";
import { Shopper } from "../helpers/shopper";

/**
 * Issue 34, point 3: the order sheet's page (/user/order) says what is charged after the points,
 * and 적용 (a plain post, the way without scripts) recalculates it with everything typed kept.
 */

/** A new member of beauty (its 2,000 sign-up points) with a sheet of b0014 (24,000원). */
async function memberSheet() {
  const account = await joinNew(BEAUTY, "적립 회원");
  const browser = Shopper.signedIn(BEAUTY, account.cookie);
  expect((await browser.api("/api/myshp/join?shopid=1", { agree: true })).status).toBe(200);
  await browser.add([{ pid2: 14, pid3: 1400 }]);
  const made = await browser.order([{ pid2: 14, pid3: 1400, qty: 1 }]);
  expect(made.status).toBe(200);
  return { browser, path: `/user/order?id=${made.data.order_id}` };
}

const button = (html: string) => /결제하기 · [\d,]+원/.exec(html)?.[0];

describe("the order sheet's amount after points", () => {
  it("shows the total and what 구매확정 earns before any points", async () => {
    const { browser, path } = await memberSheet();
    const html = await (await browser.fetch(path)).text();
    expect(button(html)).toBe("결제하기 · 24,000원");
    expect(html).toContain("구매확정 시 240원 적립 예정");
    expect(html).toMatch(/<button[^>]*name="intent"[^>]*value="points"[^>]*>적용<\/button>/);
  });

  it("적용 re-renders the sheet with the amount due after the points, keeping what was typed", async () => {
    const { browser, path } = await memberSheet();
    const res = await browser.form(path, {
      intent: "points",
      points: "1,000",
      orderer_name: "김적립",
      address: "서울특별시 강남구 테헤란로 1",
      pay_method: "bank",
    });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(button(html)).toBe("결제하기 · 23,000원");
    expect(html).toMatch(/data-testid="order-due">23,000원/);
    expect(html).toContain("구매확정 시 230원 적립 예정");
    expect(html).toMatch(/name="orderer_name"[^>]*value="김적립"/);
    expect(html).toMatch(/name="address"[^>]*value="서울특별시 강남구 테헤란로 1"/);
    // A recalculation is no refusal: no notice above the form.
    expect(html).not.toContain('role="alert"');
  });

  it("적용 with points the shop cannot take says why by the field, and charges the total", async () => {
    const { browser, path } = await memberSheet();
    for (const [points, message] of [
      ["1,005", "적립금은 10원 단위로 사용할 수 있습니다."],
      ["5,000", "사용할 수 있는 적립금이 부족합니다."],
      ["1만", "적립금은 숫자로 입력해 주세요."],
    ] as const) {
      const res = await browser.form(path, { intent: "points", points });
      expect(res.status, points).toBe(400);
      const html = await res.text();
      expect(html, points).toContain(message);
      expect(button(html), points).toBe("결제하기 · 24,000원");
    }
  });
});
