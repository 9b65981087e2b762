import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { escrowBankNote, escrowOffered, tossEscrowCheckUrl } from "~/shared/escrow";
import type { ShopInfo } from "~/shared/contracts";
import { koPayments } from "~/shared/messages/payments";
import { koFooter } from "~/shared/messages/shop/footer";
import { PAY_CHOICES } from "~/shared/limits";
import { BEAUTY, get, PICKS, STUDIO_CUSTOM } from "../helpers/request";
import { login, PASSWORD, SHOPPER } from "../helpers/auth";
import { Shopper } from "../helpers/shopper";

/**
 * Issue 35 item 5 (decision 103): an owner turns on the purchase-safety service of the shop's
 * Toss contract at /admin/payments, and every page's footer shows the escrow mark with Toss's
 * verification link for the shop's MID.
 */

const CLIENT = "test_ck_D5GePWvyJnrK0W0k6q8gLzN97Eoq";
const SECRET = "test_sk_zXLkKEypNArWmo50nX3lmeaxYG5R";
const MID = "tvivarepublica";
const STUDIO = "studio.localhost";
const t = koPayments;

const ownerOf = async (host: string, email: string) => Shopper.signedIn(host, await login(host, email, PASSWORD));
const beautyOwner = () => ownerOf(BEAUTY, "owner@beauty.example.test");
const saveKeys = (browser: Shopper) =>
  browser.form("/admin/payments", { intent: "save", client_key: CLIENT, secret_key: SECRET });
const saveEscrow = (browser: Shopper, mid: string, vbank: boolean) =>
  browser.form("/admin/payments", { intent: "escrow", mid, ...(vbank ? { vbank: "1" } : {}) });
const html = async (res: Response) => (await res.text()).replace(/<!-- -->/g, "");
/** A guest's page (no cookie): the one the edge page cache keeps and gives out. */
const guestPage = async (host: string, path = "/") => html(await get(host, path));
const mark = (mid: string) => `href="${tossEscrowCheckUrl(mid)}"`;
const kept = (shopId = 1) =>
  env.DB.prepare("SELECT escrow_mid, escrow_vbank FROM shop_payment_keys WHERE shop_id = ?")
    .bind(shopId)
    .first<{ escrow_mid: string | null; escrow_vbank: number }>();
const version = (shopId = 1) =>
  env.DB.prepare("SELECT content_version FROM shops WHERE id = ?").bind(shopId).first<number>("content_version");

beforeEach(async () => {
  await env.DB.prepare("DELETE FROM shop_payment_keys").run();
});

describe("the purchase-safety service in the console", () => {
  it("is saved from a plain form post and marks the shop's footer on every page, its own shop only", async () => {
    const owner = await beautyOwner();
    expect((await saveKeys(owner)).status).toBe(303);
    const before = await html(await owner.fetch("/admin/payments"));
    expect(before).toContain(t.escrow.title);
    expect(before).toContain(t.escrow.off);
    expect(await guestPage(BEAUTY)).not.toContain(koFooter.escrowMark);

    const was = (await version())!;
    const res = await saveEscrow(owner, ` ${MID} `, true);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/admin/payments?done=escrow");
    expect(await kept()).toEqual({ escrow_mid: MID, escrow_vbank: 1 });
    // The shop's record and its kept pages are keyed by this: the change shows at once.
    expect(await version()).toBeGreaterThan(was);

    const page = await html(await owner.fetch("/admin/payments?done=escrow"));
    expect(page).toContain(t.done.escrow);
    expect(page).toContain(t.escrow.on);
    expect(page).toContain(`value="${MID}"`);

    for (const path of ["/", "/link?type=terms"]) {
      const shown = await guestPage(BEAUTY, path);
      expect(shown, path).toContain(koFooter.escrowMark);
      expect(shown, path).toContain(mark(MID));
    }
    const info = await new Shopper(BEAUTY).api<ShopInfo>("/api/myshp/get/info?id=beauty");
    expect(info.data.escrow).toEqual({ provider: "toss", mid: MID, vbank: true });

    const picks = await guestPage(PICKS);
    expect(picks).not.toContain(koFooter.escrowMark);
    expect(picks).not.toContain("s_escrowYn.do");
  });

  it("builds the verification link with the MID URL-encoded", async () => {
    const owner = await beautyOwner();
    await saveKeys(owner);
    // A MID the form would refuse, put in by hand: the link still cannot be broken out of.
    await env.DB.prepare("UPDATE shop_payment_keys SET escrow_mid = ?, escrow_vbank = 1 WHERE shop_id = 1")
      .bind('a&b "c"/d')
      .run();
    const page = await guestPage(BEAUTY);
    expect(page).toContain("s_escrowYn.do?mertid=a%26b%20%22c%22%2Fd");
    expect(tossEscrowCheckUrl("ec_idlook")).toBe(
      "https://pgweb.tosspayments.com/ms/escrow/s_escrowYn.do?mertid=ec_idlook",
    );
  });

  it("says what is wrong by the field, keeping nothing", async () => {
    const owner = await beautyOwner();
    await saveKeys(owner);
    for (const [mid, vbank, message] of [
      ["", true, t.errors.midRequired],
      ["토스 상점", true, t.errors.midFormat],
      ["a", false, t.errors.midFormat],
      ["x".repeat(31), true, t.errors.midFormat],
      ["mid-with-dash", true, t.errors.midFormat],
    ] as const) {
      const res = await saveEscrow(owner, mid, vbank);
      expect(res.status, message).toBe(400);
      const page = await html(res);
      expect(page, message).toContain(message);
      expect(page, message).toMatch(/name="mid"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*name="mid"/);
    }
    expect(await kept()).toEqual({ escrow_mid: null, escrow_vbank: 0 });

    const api = await owner.api<{ error: { message: string } }>("/api/myshp/admin/payments/escrow", {
      mid: MID,
      vbank: "yes",
    });
    expect(api.status).toBe(400);
  });

  it("is refused without Toss keys, and says so", async () => {
    const owner = await beautyOwner();
    const page = await html(await owner.fetch("/admin/payments"));
    expect(page).toContain(t.escrow.needsKeys);
    expect(page).not.toContain('name="mid"');

    const res = await saveEscrow(owner, MID, true);
    expect(res.status).toBe(409);
    expect(await html(res)).toContain(t.errors.escrowNeedsKeys);
    const api = await owner.api<{ error: { message: string } }>("/api/myshp/admin/payments/escrow", {
      mid: MID,
      vbank: true,
    });
    expect(api.status).toBe(409);
    expect(api.data.error.message).toBe(t.errors.escrowNeedsKeys);
    expect(await kept()).toBeNull();
    expect(await guestPage(BEAUTY)).not.toContain(koFooter.escrowMark);
  });

  it("is turned off by removing the keys, and stays off when keys come back", async () => {
    const owner = await beautyOwner();
    await saveKeys(owner);
    await saveEscrow(owner, MID, true);
    expect(await guestPage(BEAUTY)).toContain(mark(MID));

    await owner.form("/admin/payments", { intent: "remove" });
    const removed = await owner.form("/admin/payments", { intent: "remove", confirm: "1" });
    expect(removed.headers.get("location")).toBe("/admin/payments?done=removed");
    expect(await guestPage(BEAUTY)).not.toContain(koFooter.escrowMark);

    await saveKeys(owner);
    expect(await kept()).toEqual({ escrow_mid: null, escrow_vbank: 0 });
    expect(await guestPage(BEAUTY)).not.toContain(koFooter.escrowMark);
  });

  it("survives replacing the keys, and unticked keeps the MID but takes the mark away", async () => {
    const owner = await beautyOwner();
    await saveKeys(owner);
    await saveEscrow(owner, MID, true);
    expect((await saveKeys(owner)).status).toBe(303);
    expect(await kept()).toEqual({ escrow_mid: MID, escrow_vbank: 1 });

    expect((await saveEscrow(owner, MID, false)).status).toBe(303);
    expect(await kept()).toEqual({ escrow_mid: MID, escrow_vbank: 0 });
    const page = await guestPage(BEAUTY);
    expect(page).not.toContain(koFooter.escrowMark);
    expect(page).not.toContain("s_escrowYn.do");
  });

  it("is the host shop's owner's alone", async () => {
    const owner = await beautyOwner();
    await saveKeys(owner);

    const shopper = await ownerOf(BEAUTY, SHOPPER);
    expect((await shopper.api("/api/myshp/admin/payments/escrow", { mid: MID, vbank: true })).status).toBe(403);
    expect((await saveEscrow(shopper, MID, true)).status).toBeGreaterThanOrEqual(300);

    const guest = new Shopper(BEAUTY);
    expect((await guest.api("/api/myshp/admin/payments/escrow", { mid: MID, vbank: true })).status).toBe(401);

    // Another shop's owner on this shop's host is no owner here.
    const other = await ownerOf(BEAUTY, "owner@picks.example.test");
    expect((await other.api("/api/myshp/admin/payments/escrow", { mid: MID, vbank: true })).status).toBe(403);
    expect((await saveEscrow(other, MID, true)).status).toBeGreaterThanOrEqual(300);

    expect(await kept()).toEqual({ escrow_mid: null, escrow_vbank: 0 });
    expect(await guestPage(BEAUTY)).not.toContain(koFooter.escrowMark);

    // A platform admin may, as with the keys.
    const admin = await ownerOf(BEAUTY, "admin@example.test");
    expect((await saveEscrow(admin, MID, true)).status).toBe(303);
    expect(await kept()).toEqual({ escrow_mid: MID, escrow_vbank: 1 });
  });

  it("shows one escrow link: Toss's before the KCP code a shop was set up with", async () => {
    const studioKcp = "admin.kcp.co.kr/Modules/escrow/kcp_pop.jsp?site_cd=T0000";
    expect(await guestPage(STUDIO)).toContain(studioKcp);

    const owner = await ownerOf(STUDIO, "owner@studio.example.test");
    expect((await saveKeys(owner)).status).toBe(303);
    expect((await saveEscrow(owner, "studio_01", true)).status).toBe(303);
    for (const host of [STUDIO, STUDIO_CUSTOM]) {
      const page = await guestPage(host);
      expect(page, host).toContain(mark("studio_01"));
      expect(page, host).not.toContain(studioKcp);
      expect(page.split(koFooter.escrow).length - 1, host).toBe(1);
    }
  });
});

describe("where the order sheet offers escrow", () => {
  const on = { escrow: { provider: "toss" as const, mid: MID, vbank: true } };
  const noVbank = { escrow: { provider: "toss" as const, mid: MID, vbank: false } };
  const off = { escrow: null };

  it("is a virtual account of a shop whose escrow covers them, nothing else", () => {
    const offered = PAY_CHOICES.filter((choice) => escrowOffered(on, choice));
    expect(offered).toEqual(["vbank"]);
    for (const choice of PAY_CHOICES) {
      expect(escrowOffered(off, choice)).toBe(false);
      expect(escrowOffered(noVbank, choice)).toBe(false);
    }
  });

  it("points 무통장입금 to 가상계좌 only where escrow is there to find", () => {
    expect(PAY_CHOICES.filter((choice) => escrowBankNote(on, choice))).toEqual(["bank"]);
    expect(escrowBankNote(off, "bank")).toBe(false);
  });
});
