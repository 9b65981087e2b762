import { describe, expect, it } from "vitest";
import { login } from "../helpers/auth";
import { BEAUTY } from "../helpers/request";
import { Shopper } from "../helpers/shopper";

/**
 * Issue 39: the pages personal through and through (the cart, the order sheet, my page) are drawn
 * for their visitor on every request, never kept: their own budget is the D1 round trips one makes
 * (counted by the Worker in Server-Timing; the time each takes is `npm run loadtest`'s, never a
 * test's). With the caches off, as in these tests, each page also reads the shop and its categories:
 * outside tests that is two fewer.
 */
const tripsOf = async (res: Response) => {
  await res.arrayBuffer();
  expect(res.status).toBe(200);
  return Number(/d1;desc="(\d+) round trips"/.exec(res.headers.get("server-timing") ?? "")?.[1]);
};

describe("server-time budget of the pages drawn per visitor (issue 39)", () => {
  it("a member's cart, order sheet and my page each keep to their count of D1 round trips", async () => {
    const member = Shopper.signedIn(BEAUTY, await login(BEAUTY));
    const line = { pid2: 13, pid3: 1300 };
    await member.add([line]);
    const cart = await tripsOf(await member.fetch("/user/checkout"));
    const id = (await member.order([{ ...line, qty: 1 }])).data.order_id;
    const sheet = await tripsOf(await member.fetch(`/user/order?id=${id}`));
    const mine = await tripsOf(await member.fetch("/myshop"));
    // The cart: the shop, the session, the categories, the drawer's counts (one batch), the lines,
    // the shop's payment keys. The sheet: the same first four, the sheet's two batches, the bank
    // account, the payment keys, the saved addresses. My page: the first four, the shop
    // again (the API's own record of it) and the member's own shops. The session is read once
    // per page, not by each of its API calls (it was 3 times on each of these pages).
    expect({ cart, sheet, mine }).toEqual({ cart: 6, sheet: 9, mine: 6 });
  });
});
