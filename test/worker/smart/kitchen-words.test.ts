import { describe, expect, it } from "vitest";
import { BISTRO_TABLES } from "../../../functions/seed/demo";
import { login } from "../helpers/auth";
import { Shopper } from "../helpers/shopper";
import { BISTRO } from "../helpers/request";
import { ORDER_ACTIONS } from "~/shared/order-machine";

/** Issue 52: every button of the kitchen board is a word, never the machine's action code. */

const text = async (res: Response) => (await res.text()).replace(/<!-- -->/g, "");

describe("the kitchen board's buttons", () => {
  it("name each action in words, a finished order's refund too", async () => {
    const phone = new Shopper(BISTRO);
    await phone.fetch(`/smartorder/${BISTRO_TABLES[3]}`);
    expect((await phone.form("/smartorder/start", { sid: "m0010" })).status).toBe(303);
    const check = await text(await phone.fetch("/smartorder/order_check"));
    const key = /name="key" value="([^"]+)"/.exec(check)![1]!;
    const ordered = await phone.form("/smartorder/order_check", { intent: "order", key, pay: "counter" });
    const id = ordered.headers.get("location")!.split("=")[1]!;

    const owner = Shopper.signedIn(BISTRO, await login(BISTRO, "owner@bistro.example.test"));
    const labels = async () => {
      const board = await text(await owner.fetch("/admin/kitchen"));
      return [...board.matchAll(/<button[^>]*name="action"[^>]*>([^<]*)<\/button>/g)].map((m) => m[1]!.trim());
    };
    const seen = [...(await labels())];
    for (const action of ["prepare", "serve"]) {
      expect((await owner.form("/admin/kitchen", { id, action })).status).toBe(303);
      seen.push(...(await labels()));
    }
    // The served order is among the finished ones, with its owner's 구매확정 후 환불.
    const board = await text(await owner.fetch("/admin/kitchen"));
    expect(board).toMatch(/value="refund_after_done"/);
    expect(seen.length).toBeGreaterThan(2);
    expect(seen.filter((l) => l === "" || (ORDER_ACTIONS as readonly string[]).includes(l) || /_/.test(l))).toEqual([]);
  });
});
