import { describe, expect, it } from "vitest";
import { BEAUTY, STUDIO_CUSTOM } from "../helpers/request";
import { Shopper } from "../helpers/shopper";
import { koErrors } from "~/shared/messages/shop/errors";

/** Issue 14, point 6: the spec's remaining routes (decision 071). */

const MUG = { pid2: 401, pid3: 40101, qty: 1 };
const text = async (res: Response) => (await res.text()).replace(/<!-- -->/g, "");

describe("/mycontent/load", () => {
  it("shows one notice of this shop on its own page, with its own title and card", async () => {
    const res = await new Shopper(STUDIO_CUSTOM).fetch("/mycontent/load?id=301");
    expect(res.status).toBe(200);
    const html = await text(res);
    expect(html).toContain("<title>공방 클래스 오픈 | 모노 스튜디오</title>");
    expect(html).toContain("매주 토요일 도자기 원데이 클래스를 운영합니다.");
    expect(html).toContain('<meta property="og:type" content="article"/>');
    expect(html).toContain('<link rel="canonical" href="http://shop.example.test/mycontent/load?id=301"/>');
    // The content layout: a bar with back and the title, no shop header.
    expect(html).toContain('aria-label="뒤로"');
    expect(html).not.toContain('data-testid="footer"');
    // The list links to it.
    expect(await text(await new Shopper(STUDIO_CUSTOM).fetch("/shop/notice-list"))).toContain(
      'href="/mycontent/load?id=301"',
    );
  });

  it("is 404 for another shop's notice, a missing one or no id", async () => {
    for (const path of [
      "/mycontent/load?id=301",
      "/mycontent/load?id=999999",
      "/mycontent/load",
      "/mycontent/load?id=x",
    ]) {
      const res = await new Shopper(BEAUTY).fetch(path);
      expect(res.status, path).toBe(404);
    }
  });
});

describe("/user/order2 and /user/{bk_order}", () => {
  it("order2 leads to the one-page order sheet with its query", async () => {
    const res = await new Shopper(BEAUTY).fetch("/user/order2?id=123456789012&uuid_value=abc");
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toBe("/user/order?id=123456789012&uuid_value=abc");
  });

  it("/user is the account area's door", async () => {
    const shopper = new Shopper(STUDIO_CUSTOM);
    await shopper.add([MUG]);
    const res = await shopper.fetch("/user");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/myshop?uuid_value=${shopper.device}`);
  });

  it("an order link opens the order for whoever may see it, and the lookup for anyone else", async () => {
    const buyer = new Shopper(STUDIO_CUSTOM);
    await buyer.add([MUG]);
    const { data } = await buyer.order([MUG]);
    expect((await buyer.pay(data.order_id)).status).toBe(200);
    const own = await buyer.fetch(`/user/${data.order_id}`);
    expect(own.status).toBe(302);
    expect(own.headers.get("location")).toBe(`/myshop/order_view?id=${data.order_id}&uuid_value=${buyer.device}`);

    const stranger = await new Shopper(STUDIO_CUSTOM).fetch(`/user/${data.order_id}`);
    expect(stranger.status).toBe(302);
    expect(stranger.headers.get("location")).toBe(`/user/order_lookup?id=${data.order_id}`);
    // The same answer for a number nobody has: the link tells nothing.
    const none = await new Shopper(STUDIO_CUSTOM).fetch("/user/100000000001");
    expect(none.headers.get("location")).toBe("/user/order_lookup?id=100000000001");

    const junk = await new Shopper(STUDIO_CUSTOM).fetch("/user/not-an-order");
    expect(junk.status).toBe(404);
    expect(await text(junk)).toContain(koErrors.pageNotFound);
  });
});
