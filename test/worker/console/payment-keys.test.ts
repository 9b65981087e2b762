import { env, SELF } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { openSecret, readTossKeys, sealSecret } from "../../../functions/payments/keys";
import { koPayments } from "~/shared/messages/payments";
import { BEAUTY, PICKS } from "../helpers/request";
import { login, PASSWORD, SHOPPER } from "../helpers/auth";
import { Shopper } from "../helpers/shopper";

/**
 * Issue 35 item 1 (decision 101): an owner enters the shop's own Toss Payments keys at
 * /admin/payments. The secret key is kept sealed, bound to the shop, and never leaves again: not in
 * a page, an answer, a log line or the database in the clear.
 */

const CLIENT = "test_ck_D5GePWvyJnrK0W0k6q8gLzN97Eoq";
const SECRET = "test_sk_zXLkKEypNArWmo50nX3lmeaxYG5R";
const t = koPayments;

const ownerOf = async (host: string, email: string) => Shopper.signedIn(host, await login(host, email, PASSWORD));
const save = (browser: Shopper, client_key: string, secret_key: string) =>
  browser.form("/admin/payments", { intent: "save", client_key, secret_key });
const html = async (res: Response) => (await res.text()).replace(/<!-- -->/g, "");
const kept = () =>
  env.DB.prepare("SELECT * FROM shop_payment_keys WHERE shop_id = 1").first<Record<string, string | number>>();

describe("the shop's payment keys", () => {
  it("are saved from a plain form post, shown without the secret, and sealed in the database", async () => {
    const logged = vi.spyOn(console, "log");
    // The demo seed gives beauty its Toss test keys (DEMO_TOSS_KEYS): this starts from none.
    await env.DB.prepare("DELETE FROM shop_payment_keys WHERE shop_id = 1").run();
    const owner = await ownerOf(BEAUTY, "owner@beauty.example.test");
    const before = await html(await owner.fetch("/admin/payments"));
    expect(before).toContain(t.none);
    expect(before).toContain(t.title);

    const res = await save(owner, CLIENT, SECRET);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/admin/payments?done=saved");

    const shown = await owner.fetch("/admin/payments?done=saved");
    expect(shown.headers.get("cache-control")).toBe("private, no-store");
    const page = await html(shown);
    expect(page).toContain(t.done.saved);
    expect(page).toContain(CLIENT);
    expect(page).toContain(t.modes.test);
    expect(page).toContain(t.secretKept(SECRET.slice(-4)));
    expect(page).not.toContain(SECRET);

    const api = await owner.api<Record<string, unknown>>("/api/myshp/admin/payments");
    expect(api.status).toBe(200);
    expect(JSON.stringify(api.data)).not.toContain(SECRET);
    expect(api.data).toMatchObject({ available: true, keys: { mode: "test", client_key: CLIENT } });

    const row = (await kept())!;
    expect(JSON.stringify(row)).not.toContain(SECRET);
    expect(await openSecret(env.PAYMENT_KEYS_SECRET!, 1, String(row.secret_sealed))).toBe(SECRET);
    for (const call of logged.mock.calls) expect(JSON.stringify(call)).not.toContain(SECRET);
    logged.mockRestore();
  });

  it("refuse a pair that cannot work together, by the field, keeping nothing and never echoing the secret", async () => {
    const owner = await ownerOf(BEAUTY, "owner@beauty.example.test");
    await env.DB.prepare("DELETE FROM shop_payment_keys").run();
    for (const [client, secret, field, message] of [
      ["test_gck_D5GePWvyJnrK0W0k6q8gLzN97Eoq", SECRET, "secret_key", t.errors.mixedFamily],
      [CLIENT, "live_sk_zXLkKEypNArWmo50nX3lmeaxYG5R", "secret_key", t.errors.mixedMode],
      ["pk_test_123456789", SECRET, "client_key", t.errors.clientFormat],
      [CLIENT, "sk_live_abcdefghijk", "secret_key", t.errors.secretFormat],
      [CLIENT, "", "secret_key", t.errors.secretRequired],
    ] as const) {
      const res = await save(owner, client, secret);
      expect(res.status, message).toBe(400);
      const page = await html(res);
      expect(page, message).toContain(message);
      expect(page, message).toMatch(
        new RegExp(`name="${field}"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*name="${field}"`),
      );
      if (secret) expect(page).not.toContain(secret);
    }
    expect(await kept()).toBeNull();
  });

  it("take a live pair only over https", async () => {
    const owner = await ownerOf(BEAUTY, "owner@beauty.example.test");
    const live = {
      client_key: "live_ck_D5GePWvyJnrK0W0k6q8gLzN97Eoq",
      secret_key: "live_sk_zXLkKEypNArWmo50nX3lmeaxYG5R",
    };
    const overHttp = await owner.api<{ error: { message: string } }>("/api/myshp/admin/payments/save", live);
    expect(overHttp.status).toBe(400);
    expect(overHttp.data.error.message).toBe(t.errors.liveNeedsHttps);

    const overHttps = await SELF.fetch(`https://${BEAUTY}/api/myshp/admin/payments/save`, {
      method: "POST",
      headers: { cookie: owner.cookie, "content-type": "application/json" },
      body: JSON.stringify(live),
    });
    expect(overHttps.status).toBe(200);
    expect(await overHttps.text()).not.toContain(live.secret_key);
    expect((await kept())!.mode).toBe("live");
  });

  it("are the host shop's owner's alone", async () => {
    const shopper = await ownerOf(BEAUTY, SHOPPER);
    expect((await shopper.api("/api/myshp/admin/payments")).status).toBe(403);
    expect((await save(shopper, CLIENT, SECRET)).status).toBeGreaterThanOrEqual(300);
    const guest = new Shopper(BEAUTY);
    expect((await guest.api("/api/myshp/admin/payments/save", { client_key: CLIENT, secret_key: SECRET })).status).toBe(
      401,
    );
    // Another shop's owner, on that other shop's host, sees that shop's keys only.
    const picks = await ownerOf(PICKS, "owner@picks.example.test");
    const theirs = await picks.api<{ keys: unknown }>("/api/myshp/admin/payments");
    expect(theirs.status).toBe(200);
    expect(theirs.data.keys).toBeNull();
  });

  it("are removed with a second press, leaving bank transfer only", async () => {
    const owner = await ownerOf(BEAUTY, "owner@beauty.example.test");
    expect((await save(owner, CLIENT, SECRET)).status).toBe(303);
    const first = await owner.form("/admin/payments", { intent: "remove" });
    expect(first.status).toBe(200);
    expect(await html(first)).toContain(t.removeConfirm);
    expect(await kept()).not.toBeNull();
    const second = await owner.form("/admin/payments", { intent: "remove", confirm: "1" });
    expect(second.headers.get("location")).toBe("/admin/payments?done=removed");
    expect(await kept()).toBeNull();
  });
});

describe("sealing a secret key", () => {
  it("opens only for the shop it was sealed for, under the platform's secret", async () => {
    const platform = "a-platform-secret-of-thirty-two-chars!";
    const sealed = await sealSecret(platform, 1, SECRET);
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain(SECRET);
    expect(await sealSecret(platform, 1, SECRET)).not.toBe(sealed); // a fresh IV each time
    expect(await openSecret(platform, 1, sealed)).toBe(SECRET);
    await expect(openSecret(platform, 2, sealed)).rejects.toThrow();
    await expect(openSecret(`${platform}x`, 1, sealed)).rejects.toThrow();
  });

  it("reads Toss's key families and modes from their prefixes", () => {
    expect(readTossKeys(CLIENT, SECRET)).toEqual({ family: "api", mode: "test" });
    expect(readTossKeys("test_gck_docs_Ovk5rk1EwkEbP0W43n07xlzm", "test_gsk_docs_OaPz8L5KdmQXkzRz3y47BMw6")).toEqual({
      family: "widget",
      mode: "test",
    });
    expect(readTossKeys("test_gck_docs_Ovk5rk1EwkEbP0W43n07xlzm", SECRET)).toEqual({ problem: "mixedFamily" });
  });
});
