import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { addQty, normaliseQty, stepQty } from "../../../app/shared/cart-form";
import { BEAUTY } from "../helpers/request";
import { Shopper } from "../helpers/shopper";
import { CONSENTS, postJson, setCookies, cookieHeader, whoAmI } from "../helpers/auth";

/** Issue 7, point 9: NFC text counted in characters, and one quantity rule. */

const nfd = (s: string) => s.normalize("NFD");

describe("text is NFC and counted in characters", () => {
  it("stores a decomposed name composed, and logs in with the password typed either way", async () => {
    const email = `nfc-${Date.now()}@example.test`;
    const password = "비밀번호한글1234";
    // Joined from a Mac: the name and the password arrive decomposed.
    const joined = await postJson(BEAUTY, "/api/user/join", {
      email,
      password: nfd(password),
      name: nfd("김하늘"),
      keep: false,
      ...CONSENTS,
    });
    expect(joined.status).toBe(200);
    const row = await env.DB.prepare("SELECT name FROM members WHERE email = ?").bind(email).first<{ name: string }>();
    expect(row!.name).toBe("김하늘");
    expect(row!.name.length).toBe(3);
    // Logging in from a PC (composed) works, and so does the Mac again.
    for (const typed of [password, nfd(password)]) {
      const res = await postJson(BEAUTY, "/api/user/login", { email, password: typed });
      expect(res.status, typed === password ? "composed" : "decomposed").toBe(200);
      expect(await whoAmI(BEAUTY, cookieHeader(setCookies(res)))).toBeGreaterThan(0);
    }
  });

  it("counts an emoji as one character in a name", async () => {
    const name = "🍓".repeat(30);
    const ok = await postJson(BEAUTY, "/api/user/join", {
      email: `emoji-${Date.now()}@example.test`,
      password: "password-1234",
      name,
      keep: false,
      ...CONSENTS,
    });
    expect(ok.status).toBe(200);
    const long = await postJson(BEAUTY, "/api/user/join", {
      email: `emoji2-${Date.now()}@example.test`,
      password: "password-1234",
      name: `${name}🍓`,
      keep: false,
      ...CONSENTS,
    });
    expect(long.status).toBe(400);
  });

  it("stores the order sheet's names, address and memo composed", async () => {
    const shopper = new Shopper(BEAUTY);
    await shopper.add([{ pid2: 36, pid3: 3600 }]);
    const id = (await shopper.order([{ pid2: 36, pid3: 3600, qty: 1 }])).data.order_id;
    const res = await shopper.pay(id, {
      orderer_name: nfd("박서준"),
      receiver_name: nfd("박서준"),
      address: nfd("부산광역시 해운대구 우동 1"),
      memo: nfd("경비실에 맡겨 주세요"),
      // 200 characters of Hangul, decomposed into 600 code points: still within 200 characters.
      detail: nfd("가".repeat(200)),
    });
    expect(res.status).toBe(200);
    const order = await env.DB.prepare("SELECT orderer_name, address, address_detail, memo FROM orders WHERE id = ?")
      .bind(id)
      .first<{ orderer_name: string; address: string; address_detail: string; memo: string }>();
    expect(order).toEqual({
      orderer_name: "박서준",
      address: "부산광역시 해운대구 우동 1",
      address_detail: "가".repeat(200),
      memo: "경비실에 맡겨 주세요",
    });
  });
});

describe("one quantity rule", () => {
  it("steps between 1 and the line maximum, and adds up to the maximum at most", () => {
    expect([stepQty(1, "dec"), stepQty(2, "dec"), stepQty(998, "inc"), stepQty(999, "inc")]).toEqual([1, 1, 999, 999]);
    expect([addQty(2, 3), addQty(900, 200), addQty(999, 999)]).toEqual([5, 999, 999]);
  });

  it("takes plain digits or safe integers from 1 to the line maximum; anything else is 1", () => {
    for (const [input, qty] of [
      ["3", 3],
      [" 12 ", 12],
      [999, 999],
      ["999", 999],
      ["1e3", 1],
      ["0x10", 1],
      ["5.5", 1],
      [5.5, 1],
      ["-3", 1],
      [-3, 1],
      ["0", 1],
      ["", 1],
      [null, 1],
      ["1000", 1],
      [1000, 1],
      [Number.MAX_SAFE_INTEGER + 2, 1],
      ["٣", 1], // Arabic-Indic digit
      [true, 1],
    ] as const) {
      expect(normaliseQty(input), String(input)).toBe(qty);
    }
  });

  it("applies it to form posts from the product page and the cart, and to the API", async () => {
    const shopper = new Shopper(BEAUTY);
    const qtyOf = async () => (await shopper.cart()).data.groups[0]!.data.find((i) => i.pid2 === 38)!.qty;
    // The product page refuses what it cannot read (issue 40): nothing added, nothing guessed.
    expect((await shopper.form("/shop/view/b0038", { pid2: "38", option: "3800", qty: "1e3" })).status).toBe(400);
    expect((await shopper.cart()).data.count).toBe(0);
    expect((await shopper.form("/shop/view/b0038", { pid2: "38", option: "3800", qty: "1" })).status).toBe(303);
    expect(await qtyOf()).toBe(1);
    await shopper.form("/user/checkout", [
      ["line", "38.3800"],
      ["qty:38.3800", "0x10"],
      ["intent", "save"],
    ]);
    expect(await qtyOf()).toBe(1);
    await shopper.form("/user/checkout", [
      ["line", "38.3800"],
      ["qty:38.3800", "12"],
      ["intent", "save"],
    ]);
    expect(await qtyOf()).toBe(12);
    await shopper.api("/api/myshp/sync/mcart/v4", { list: [{ pid2: 38, pid3: 3800, qty: "1e2" }] });
    expect(await qtyOf()).toBe(1);
    const added = await shopper.api<{ count: number }>("/api/myshp/add/cart/v3", {
      list: [{ pid2: 39, pid3: 3900, qty: 1e3 }],
    });
    expect(added.status).toBe(200);
    expect((await shopper.cart()).data.groups[0]!.data.find((i) => i.pid2 === 39)!.qty).toBe(1);
  });
});
