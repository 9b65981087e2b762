import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { BEAUTY } from "../helpers/request";
import { joinNew, login, PASSWORD } from "../helpers/auth";
import { ADDRESS, Shopper } from "../helpers/shopper";
import { koReviews } from "~/shared/messages/reviews";

/**
 * Issue 52 item 5: a review post that fails on the server's side, without scripts, answers the
 * form again with what was typed and says why, instead of an error page that loses it.
 */
const BODY = "향이 은은하고 발림성이 좋아요. 서버가 실패해도 이 글은 남아야 합니다.";

describe("a review post the server fails", () => {
  it("comes back as the form with the text, the stars and 재구매 as typed", async () => {
    const account = await joinNew(BEAUTY, "리뷰 회원");
    const b = Shopper.signedIn(BEAUTY, account.cookie);
    await b.add([{ pid2: 14, pid3: 1400 }]);
    const id = (await b.order([{ pid2: 14, pid3: 1400, qty: 1 }])).data.order_id;
    expect((await b.api("/api/myshp/pay/my/order", { id, pay_method: "bank", ...ADDRESS })).status).toBe(200);
    const shop = Shopper.signedIn(BEAUTY, await login(BEAUTY, "owner@beauty.example.test", PASSWORD));
    for (const body of [
      { id, action: "confirm_payment" },
      { id, action: "ship", courier: "cj", tracking_no: "601234567890" },
      { id, action: "deliver" },
    ])
      await shop.api("/api/myshp/admin/order/action", body);

    // The database refuses every new review: the API's save fails with a server error (logged).
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    await env.DB.exec(
      "CREATE TRIGGER e2e_review_down BEFORE INSERT ON reviews BEGIN SELECT RAISE(ABORT, 'down'); END;",
    );
    try {
      const form = new FormData();
      form.set("intent", "save");
      form.set("rating", "3");
      form.set("body", BODY);
      form.set("repurchase", "on");
      const res = await b.fetch(`/myshop/review?order=${id}&line=14-1400`, { method: "POST", body: form });
      expect(res.status).toBe(503);
      const html = (await res.text()).replace(/<!-- -->/g, "");
      expect(html).toContain(koReviews.errors.saveFailed);
      expect(html).toMatch(new RegExp(`<textarea[^>]*name="body"[^>]*>${BODY}</textarea>`));
      expect(html).toMatch(/<input[^>]*value="3"[^>]*checked=""|<input[^>]*checked=""[^>]*value="3"/);
      expect(html).toMatch(/<input[^>]*name="repurchase"[^>]*checked=""/);
      expect(logged).toHaveBeenCalled();
    } finally {
      await env.DB.exec("DROP TRIGGER e2e_review_down;");
    }
  });
});
