import { describe, expect, it } from "vitest";
import { BEAUTY } from "../helpers/request";
import { joinNew } from "../helpers/auth";
import { Shopper } from "../helpers/shopper";

/** Issue 11, point 3: the order sheet offers the member's saved addresses and fills in the one picked. */

const HOME = {
  receiver_name: "집",
  receiver_phone: "010-1111-2222",
  postcode: "48058",
  address: "부산 해운대구 센텀중앙로 79",
  detail: "101동",
};
const WORK = {
  receiver_name: "회사",
  receiver_phone: "010-3333-4444",
  postcode: "06236",
  address: "서울 강남구 테헤란로 152",
  detail: "12층",
};

async function memberWithSheet() {
  const account = await joinNew(BEAUTY, "주소 회원");
  const member = Shopper.signedIn(BEAUTY, account.cookie);
  const ids: number[] = [];
  for (const a of [HOME, WORK]) {
    const saved = await member.api<{ id: number }>("/api/user/address/add", { ...a, is_default: a === HOME });
    expect(saved.status).toBe(200);
    ids.push(saved.data.id);
  }
  await member.add([{ pid2: 13, pid3: 1300 }]);
  const id = (await member.order([{ pid2: 13, pid3: 1300, qty: 1 }])).data.order_id;
  return { member, id, ids };
}

const page = async (member: Shopper, path: string) =>
  (await (await member.fetch(path)).text()).replace(/<!-- -->/g, "");
const valueOf = (html: string, name: string) => new RegExp(`name="${name}"[^>]*value="([^"]*)"`).exec(html)?.[1];

describe("saved addresses on the order sheet", () => {
  it("fills in the default, lists the book, and fills in the one picked by its link", async () => {
    const { member, id, ids } = await memberWithSheet();
    const first = await page(member, `/user/order?id=${id}`);
    expect(first).toContain("저장된 배송지에서 선택 (2)");
    expect(valueOf(first, "receiver_name")).toBe("집");
    expect(valueOf(first, "orderer_name")).toBe("주소 회원");
    expect(first).toContain(`href="?id=${id}&amp;addr=${ids[1]}"`);
    expect(first).toMatch(new RegExp(`href="\\?id=${id}&amp;addr=${ids[0]}"[^>]*aria-current="true"`));

    const picked = await page(member, `/user/order?id=${id}&addr=${ids[1]}`);
    expect(valueOf(picked, "receiver_name")).toBe("회사");
    expect(valueOf(picked, "postcode")).toBe("06236");
    expect(valueOf(picked, "detail")).toBe("12층");
    expect(picked).toMatch(new RegExp(`href="\\?id=${id}&amp;addr=${ids[1]}"[^>]*aria-current="true"`));
  });

  it("never fills in someone else's address: an unknown id gives the default", async () => {
    const mine = await memberWithSheet();
    const other = await memberWithSheet();
    const html = await page(mine.member, `/user/order?id=${mine.id}&addr=${other.ids[1]}`);
    expect(valueOf(html, "receiver_name")).toBe("집");
    const offered = [...html.matchAll(/href="\?id=\d+&amp;addr=(\d+)"/g)].map((m) => Number(m[1]));
    expect(offered).toEqual(mine.ids);
  });

  it("a guest's sheet has no book", async () => {
    const guest = new Shopper(BEAUTY);
    await guest.add([{ pid2: 13, pid3: 1300 }]);
    const id = (await guest.order([{ pid2: 13, pid3: 1300, qty: 1 }])).data.order_id;
    const html = await page(guest, `/user/order?id=${id}`);
    expect(html).not.toContain("저장된 배송지");
    expect(valueOf(html, "receiver_name")).toBeUndefined();
  });
});
