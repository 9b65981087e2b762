import { createScheduledController, env } from "cloudflare:test";
import { beforeEach, describe, expect, it, vi } from "vitest";
import worker from "../../../functions/worker";
import { customHostnames } from "../../../functions/domains/cloudflare";
import { CLAIM_DEADLINE_MS, CLAIM_HOLD_MS } from "../../../functions/domains/connect";
import { readConfig } from "../../../functions/env";
import { createCloudflareStandin } from "../../../scripts/lib/cloudflare-standin.mjs";
import { BEAUTY, BISTRO, get, PICKS } from "../helpers/request";
import { login, PASSWORD } from "../helpers/auth";
import { Shopper } from "../helpers/shopper";
import { formatDeadline } from "~/shared/format";
import { koDomain } from "~/shared/messages/domain";

/**
 * Issue 50 item 4 (decision 156): a custom domain claimed without proof no longer blocks its real
 * owner. An unproved claim holds the name for a day, then gives way to another shop's claim; it is
 * released at its deadline (the cron) or when Cloudflare fails it; once Cloudflare has verified
 * ownership (the TXT record of `ownership_verification`, or the CNAME) the name is the shop's alone.
 * Cloudflare is the stand-in, its DNS set by hand.
 */

const HOUR = 60 * 60 * 1000;
const standin = createCloudflareStandin({ token: env.CF_API_TOKEN!, zoneId: env.CF_ZONE_ID });

beforeEach(async () => {
  const network = globalThis.fetch;
  vi.spyOn(globalThis, "fetch").mockImplementation((input, init) => {
    const request = new Request(input, init);
    return request.url.startsWith(env.CF_API_BASE!) ? standin.handle(request) : network(input, init);
  });
  // Each case starts with no claims but the demo's hand-connected shop.example.test (shop 4).
  await env.DB.batch([
    env.DB.prepare("DELETE FROM custom_domains WHERE shop_id <> 4"),
    env.DB.prepare("DELETE FROM custom_domain_attempts"),
    env.DB.prepare("UPDATE shops SET dom3 = NULL WHERE id <> 4"),
  ]);
  standin.hostnames.clear();
  standin.dns.clear();
});

const html = async (res: Response) => (await res.text()).replace(/<!-- -->/g, "");
const ownerOf = async (host: string, email: string) => Shopper.signedIn(host, await login(host, email, PASSWORD));
const picks = () => ownerOf(PICKS, "owner@picks.example.test");
const bistro = () => ownerOf(BISTRO, "owner@bistro.example.test");
const beauty = () => ownerOf(BEAUTY, "owner@beauty.example.test");
const connect = (b: Shopper, hostname: string) => b.form("/admin/domain", { intent: "add", hostname });
const page = async (b: Shopper) => html(await b.fetch("/admin/domain"));

type Row = { state: string; cf_id: string | null; reason: string | null; proved_at: number | null; created_at: number };
const row = (shopId: number) =>
  env.DB.prepare("SELECT state, cf_id, reason, proved_at, created_at FROM custom_domains WHERE shop_id = ?")
    .bind(shopId)
    .first<Row>();
/** The claim made `hours` ago, as if time had passed. */
const age = (shopId: number, hours: number) =>
  env.DB.prepare("UPDATE custom_domains SET created_at = ? WHERE shop_id = ?")
    .bind(Date.now() - hours * HOUR, shopId)
    .run();
const atCloudflare = (hostname: string) => [...standin.hostnames.values()].filter((h) => h.hostname === hostname);
const cron = () => worker.scheduled(createScheduledController({ scheduledTime: Date.now(), cron: "*/5 * * * *" }), env);

describe("custom domain claims (issue 50)", () => {
  it("gives an unproved claim's name to another shop after a day, with a fresh ownership record", async () => {
    const name = "www.real-owner.kr";
    const squatter = await picks();
    expect((await connect(squatter, name)).status).toBe(303);
    const first = (await row(2))!;
    expect(first).toMatchObject({ state: "pending", proved_at: null });
    const oldToken = atCloudflare(name)[0]!.ownership_verification.value;
    let shown = await page(squatter);
    // The claimant is told what proves ownership and until when the claim holds.
    expect(shown).toContain(
      koDomain.claim.unproved(
        formatDeadline(first.created_at + CLAIM_HOLD_MS),
        formatDeadline(first.created_at + CLAIM_DEADLINE_MS),
      ),
    );
    expect(shown).toContain(`_cf-custom-hostname.${name}`);
    expect(shown).toContain(oldToken);

    // Within the day the real owner is told to wait, and until when.
    const owner = await bistro();
    let res = await connect(owner, name);
    expect(res.status).toBe(409);
    expect(await html(res)).toContain(koDomain.errors.held(formatDeadline(first.created_at + CLAIM_HOLD_MS)));

    // A day later, still unproved: the owner's claim takes the name.
    await age(2, 25);
    res = await connect(owner, name);
    expect(res.status).toBe(303);
    expect(await row(2)).toMatchObject({ state: "released", reason: "claim_taken" });
    const taken = (await row(3))!;
    expect(taken.state).toBe("pending");
    // At Cloudflare the squatter's hostname is gone; the owner's has a token the squatter never saw.
    const registered = atCloudflare(name);
    expect(registered.map((h) => h.id)).toEqual([taken.cf_id]);
    expect(taken.cf_id).not.toBe(first.cf_id);
    const token = registered[0]!.ownership_verification.value;
    expect(token).not.toBe(oldToken);
    shown = await page(owner);
    expect(shown).toContain(token);
    expect(shown).not.toContain(oldToken);

    // The squatter reads why, and may claim again, but the owner's new claim holds for its day.
    shown = await page(squatter);
    expect(shown).toMatch(/data-testid="domain-state"[^>]*>해제됨</);
    expect(shown).toContain(koDomain.reasons.claimTaken);
    expect(shown).toContain('name="hostname"');
    expect((await connect(squatter, name)).status).toBe(409);

    // The owner makes the ownership TXT record: proved, the name is theirs alone for good.
    standin.setRecord("TXT", `_cf-custom-hostname.${name}`, token);
    expect((await owner.form("/admin/domain", { intent: "check" })).status).toBe(303);
    expect(await page(owner)).toContain(koDomain.claim.proved);
    expect((await row(3))!.proved_at).not.toBeNull();
    await age(3, 100);
    res = await connect(squatter, name);
    expect(res.status).toBe(409);
    expect(await html(res)).toContain(koDomain.errors.taken);
    await cron();
    expect(await row(3)).toMatchObject({ state: "pending", cf_id: taken.cf_id });

    // The certificate's record too: connected, and the host serves the owner's shop.
    const acme = registered[0]!.ssl.validation_records[0];
    standin.setRecord("TXT", acme.txt_name, acme.txt_value);
    await owner.form("/admin/domain", { intent: "check" });
    expect(await row(3)).toMatchObject({ state: "active" });
    const served = await get(name, "/");
    expect(served.status).toBe(200);
    expect(await served.text()).toContain("<title>한끼 식당</title>");
  });

  it("releases an unproved claim at its deadline from the cron, and its hostname at Cloudflare", async () => {
    const owner = await beauty();
    const name = "www.left-alone.kr";
    expect((await connect(owner, name)).status).toBe(303);
    await age(1, 73);
    // One proved at Cloudflare meanwhile (its CNAME points at the zone) is kept, not released.
    const proved = await bistro();
    expect((await connect(proved, "www.pointed-here.kr")).status).toBe(303);
    await age(3, 73);
    standin.setRecord("CNAME", "www.pointed-here.kr", "customers.localhost");

    await cron();
    expect(await row(1)).toMatchObject({ state: "released", reason: "claim_expired" });
    expect(atCloudflare(name)).toEqual([]);
    expect((await row(3))!.proved_at).not.toBeNull();
    expect(atCloudflare("www.pointed-here.kr")).toHaveLength(1);

    const shown = await page(owner);
    expect(shown).toMatch(/data-testid="domain-state"[^>]*>해제됨</);
    expect(shown).toContain(koDomain.reasons.claimExpired(CLAIM_DEADLINE_MS / (24 * HOUR)));
    expect(shown).not.toContain('data-testid="dns-record"');
    // The name is free at once, for anybody; the shop's released row gives way to its next claim.
    expect((await connect(await picks(), name)).status).toBe(303);
    expect((await connect(owner, "www.left-again.kr")).status).toBe(303);
    expect(await row(1)).toMatchObject({ state: "pending" });
  });

  it("releases an unproved claim Cloudflare blocks or whose validation times out", async () => {
    const owner = await beauty();
    const name = "www.blocked-one.kr";
    expect((await connect(owner, name)).status).toBe(303);
    standin.block(name);
    const shown = await page(owner);
    expect(shown).toMatch(/data-testid="domain-state"[^>]*>해제됨</);
    expect(shown).toContain(koDomain.reasons.blocked);
    expect(atCloudflare(name)).toEqual([]);
    // Another shop may try the name (Cloudflare decides again for its own hostname).
    const other = await picks();
    expect((await connect(other, name)).status).toBe(303);

    // The scheduled job finds a validation that timed out without anybody looking.
    standin.fail(name, "Timed Out (Validation)");
    await cron();
    expect(await row(2)).toMatchObject({ state: "released", reason: "Timed Out (Validation)" });
    expect(await page(other)).toContain(koDomain.reasons.timeout);
    expect(atCloudflare(name)).toEqual([]);
  });

  it("asks Cloudflare before taking a name: a claim proved there since it was last asked holds", async () => {
    const owner = await picks();
    const name = "www.quiet-owner.kr";
    expect((await connect(owner, name)).status).toBe(303);
    await age(2, 30);
    // The owner pointed the domain here; nobody opened the console since.
    standin.setRecord("CNAME", name, "customers.localhost");
    expect((await row(2))!.proved_at).toBeNull();
    const res = await connect(await bistro(), name);
    expect(res.status).toBe(409);
    expect(await html(res)).toContain(koDomain.errors.taken);
    expect((await row(2))!.proved_at).not.toBeNull();
    expect(await row(3)).toBeNull();
    expect(atCloudflare(name)).toHaveLength(1);
  });

  it("the stand-in verifies ownership by the TXT record or the CNAME, as Cloudflare documents", async () => {
    const cf = customHostnames(readConfig(env))!;
    const created = await cf.create("www.proof.kr");
    expect(created).toMatchObject({
      status: "pending",
      verification_errors: ["custom hostname does not CNAME to this zone."],
      ownership_verification: { type: "txt", name: "_cf-custom-hostname.www.proof.kr" },
    });
    // A wrong value proves nothing; the right one does, through the stand-in's HTTP control too.
    standin.setRecord("TXT", "_cf-custom-hostname.www.proof.kr", "not-the-token");
    expect((await cf.get(created.id))!.status).toBe("pending");
    const control = await standin.handle(
      new Request(
        `http://standin/__standin/dns/TXT/_cf-custom-hostname.www.proof.kr?value=${created.ownership_verification!.value}`,
        { method: "POST" },
      ),
    );
    expect(control.status).toBe(200);
    const proved = (await cf.get(created.id))!;
    expect(proved).toMatchObject({ status: "active", verification_errors: [] });
    // The certificate waits for its own record.
    expect(proved.ssl!.status).toBe("pending_validation");
    const byCname = await cf.create("shop.proof.kr");
    standin.setRecord("CNAME", "shop.proof.kr", "elsewhere.example");
    expect((await cf.get(byCname.id))!.status).toBe("pending");
    standin.setRecord("CNAME", "shop.proof.kr", "customers.localhost");
    expect((await cf.get(byCname.id))!.status).toBe("active");
    standin.block("shop.proof.kr");
    expect((await cf.get(byCname.id))!.status).toBe("blocked");
  });
});
