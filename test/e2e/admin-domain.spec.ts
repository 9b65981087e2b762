import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { E2E_STANDIN_FILE } from "../../scripts/lib/e2e-paths.mjs";
import { expect, PORT, shopUrl, test } from "./fixtures";
import { fillLogin } from "./order-helpers";
import { koAdmin } from "../../app/shared/messages/admin";
import { koDomain } from "../../app/shared/messages/domain";

/**
 * Issue 33, item 3 (decision 092): an owner connects their own domain from the console, with
 * scripts and without. Cloudflare is the stand-in the test server runs beside the Worker, its
 * ownership verification by the DNS records set through its controls (issue 50, decision 156).
 */

const DOMAIN = "www.picks-e2e.kr";

// A refused domain is answered 400, which the browser logs as a failed resource.
test.use({ expectedConsoleErrors: [/status of 400 /] });

/** The Worker's answer for a host (Node cannot resolve it: the host is named by the header). */
const onDomain = (page: Page) =>
  page.request.get(`http://127.0.0.1:${PORT}/`, { headers: { host: `${DOMAIN}:${PORT}` } });

test("the owner connects a domain, creates its records, and it serves the shop once Cloudflare says so", async ({
  page,
}) => {
  await page.goto(shopUrl("picks", `/user/login?url=${encodeURIComponent("/admin/domain")}`));
  await fillLogin(page, "owner@picks.example.test", "demo1234!");
  await expect(page).toHaveURL(shopUrl("picks", "/admin/domain"));
  await expect(page.getByRole("navigation").getByRole("link", { name: koAdmin.nav.domain })).toHaveAttribute(
    "aria-current",
    "page",
  );
  const field = page.getByLabel(koDomain.field);
  const connect = page.getByRole("button", { name: koAdmin.nav.domain });

  // An address with a path is not a domain: said next to the field.
  await field.fill("https://www.picks-e2e.kr/shop");
  await connect.click();
  await expect(page.getByText("http://, 경로(/…), 포트(:…) 없이 도메인만 입력해 주세요")).toBeVisible();

  await field.fill("WWW.Picks-E2E.kr");
  await connect.click();
  await expect(page.getByText("도메인을 등록했습니다.")).toBeVisible();
  await expect(page.getByTestId("domain-state")).toHaveText(koDomain.states.pending);
  const records = page.getByTestId("dns-record");
  await expect(records).toHaveCount(3);
  await expect(records.nth(0)).toContainText("CNAME");
  await expect(records.nth(0)).toContainText("customers.localhost");
  await expect(records.nth(1)).toContainText(`_cf-custom-hostname.${DOMAIN}`);
  await expect(records.nth(2)).toContainText(`_acme-challenge.${DOMAIN}`);
  expect((await onDomain(page)).status()).toBe(404);
  // Until Cloudflare has verified ownership the claim holds the name for a while only (decision 156).
  await expect(page.getByTestId("domain-claim")).toBeVisible();

  // The owner makes the ownership TXT record at their DNS (the stand-in's): proved, the
  // certificate still waits for its own record.
  const { url } = JSON.parse(readFileSync(E2E_STANDIN_FILE, "utf8")) as { url: string };
  type Held = {
    hostname: string;
    ownership_verification: { name: string; value: string };
    ssl: { validation_records: { txt_name: string; txt_value: string }[] };
  };
  const held = ((await (await page.request.get(`${url}/__standin/hostnames`)).json()) as { result: Held[] }).result;
  const mine = held.find((h) => h.hostname === DOMAIN)!;
  const [acme] = mine.ssl.validation_records;
  const dns = (name: string, value: string) =>
    page.request.post(`${url}/__standin/dns/TXT/${name}?value=${encodeURIComponent(value)}`);
  expect((await dns(mine.ownership_verification.name, mine.ownership_verification.value)).ok()).toBe(true);
  await page.getByRole("button", { name: koDomain.check }).click();
  await expect(page.getByText(koDomain.done.checked)).toBeVisible();
  await expect(page.getByTestId("domain-claim")).toHaveText(koDomain.claim.proved);
  await expect(page.getByTestId("domain-state")).toHaveText(koDomain.states.pending);

  // Then the certificate's record: Cloudflare validates it, and the domain is connected.
  expect((await dns(acme!.txt_name, acme!.txt_value)).ok()).toBe(true);
  await page.getByRole("button", { name: koDomain.check }).click();
  await expect(page.getByTestId("domain-state")).toHaveText(koDomain.states.active);
  await expect(records).toHaveCount(0);
  const served = await onDomain(page);
  expect(served.status()).toBe(200);
  expect(await served.text()).toContain("<title>에디터 픽</title>");

  await page.getByRole("button", { name: koDomain.remove }).click();
  await expect(page.getByText("이 도메인 연결을 삭제할까요?")).toBeVisible();
  await page.getByRole("button", { name: koDomain.removeSure }).click();
  await expect(page.getByText(koDomain.done.removed)).toBeVisible();
  await expect(field).toBeVisible();
  expect((await onDomain(page)).status()).toBe(404);
});
