import { describe, expect, it } from "vitest";
import { BEAUTY } from "../helpers/request";
import { ADDRESS, Shopper } from "../helpers/shopper";

/** Issue 10, point 3: /myorder/checkout → /myorder/order → /myorder/order_complete, without scripts. */

async function orderForm(shopper: Shopper, path: string): Promise<[string, string][]> {
  const html = await (await shopper.fetch(path)).text();
  const key = /name="key" value="([^"]+)"/.exec(html)?.[1] ?? "";
  const lines = [...html.matchAll(/name="line" value="(\d+\.\d+)"/g)].map((m) => m[1]!);
  const qty = lines.map((l) => {
    const value = new RegExp(`name="qty:${l.replace(".", "\\.")}"[^>]*value="(\\d+)"`).exec(html)?.[1];
    return [`qty:${l}`, value ?? ""] as [string, string];
  });
  return [...lines.map((l) => ["line", l] as [string, string]), ...qty, ["key", key], ["intent", "order"]];
}

describe("the purchase inside the account area", () => {
  it("stays under /myorder from the cart to the completion, in the account frame", async () => {
    const shopper = new Shopper(BEAUTY);
    shopper.ip = "198.51.100.94";
    await shopper.add([{ pid2: 13, pid3: 1300 }]);
    const cart = await (await shopper.fetch(`/myorder/checkout?uuid_value=${shopper.device}`)).text();
    expect(cart).toContain('data-layout="myshop"');
    // The cart view saves and prices through routes under its own page.
    const saved = await shopper.form("/myorder/checkout/save", [
      ["line", "13.1300"],
      ["qty:13.1300", "2"],
    ]);
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({ saved: true });
    const fees = await shopper.fetch("/myorder/checkout/fees?l=13.1300.2");
    expect(fees.status).toBe(200);

    const ordered = await shopper.form(
      `/myorder/checkout?uuid_value=${shopper.device}`,
      await orderForm(shopper, "/myorder/checkout"),
    );
    expect(ordered.status).toBe(302);
    const sheet = ordered.headers.get("location")!;
    expect(sheet).toMatch(/^\/myorder\/order\?id=\d+&uuid_value=/);
    const sheetPage = await (await shopper.fetch(sheet)).text();
    expect(sheetPage).toContain('data-layout="myshop"');
    expect(sheetPage).toContain(`href="/myorder/checkout?uuid_value=${shopper.device}"`);

    const paid = await shopper.form(sheet, { pay_method: "bank", ...ADDRESS });
    expect(paid.status).toBe(303);
    const complete = paid.headers.get("location")!;
    expect(complete).toMatch(/^\/myorder\/order_complete\?id=\d+/);
    const done = await shopper.fetch(complete);
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('data-layout="myshop"');

    // The /user pages stay where they are.
    const userCart = await (await shopper.fetch("/user/checkout")).text();
    expect(userCart).not.toContain('data-layout="myshop"');
  });
});
