import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { koPayments } from "~/shared/messages/payments";
import { BEAUTY } from "../helpers/request";
import { login, PASSWORD } from "../helpers/auth";
import { Shopper } from "../helpers/shopper";
import { escapeHtml } from "../../../functions/pages";

/** As React writes text: an apostrophe as &#x27;. */
const reactHtml = (s: string) => escapeHtml(s).replace(/&#39;/g, "&#x27;");

/**
 * Issue 52 item 3: the payment page in an owner's words: what to copy from where in the Toss
 * console and what it does; the console's technical names only in the steps that say where to
 * find them.
 */

const t = koPayments;
const owner = async () => Shopper.signedIn(BEAUTY, await login(BEAUTY, "owner@beauty.example.test", PASSWORD));
/** The page's visible words, tags out. */
const words = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, "")
    .replace(/<style[\s\S]*?<\/style>/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/<!-- -->/g, "");
const JARGON = /API|웹훅|webhook|DEPOSIT_CALLBACK|PAYMENT_STATUS_CHANGED/i;

describe("the payment page's words", () => {
  for (const withKeys of [false, true]) {
    it(`say step by step what to copy from where, jargon only where it is to be found (${withKeys ? "keys in" : "no keys"})`, async () => {
      if (!withKeys) await env.DB.prepare("DELETE FROM shop_payment_keys WHERE shop_id = 1").run();
      const o = await owner();
      const html = (await (await o.fetch("/admin/payments")).text()).replace(/<!-- -->/g, "");
      const at = html.indexOf('data-testid="payment-steps"');
      expect(at).toBeGreaterThan(0);
      const start = html.lastIndexOf("<section", at);
      const end = html.indexOf("</section>", at) + "</section>".length;
      const steps = html.slice(start, end);
      for (const step of [t.steps.open, t.steps.copy, t.steps.test, t.steps.notify]) {
        expect(steps).toContain(reactHtml(step));
      }
      // The address the console asks for is in the step that asks for it.
      expect(steps).toMatch(/data-testid="payment-webhook">https?:\/\/[^<]+\/api\/payments\/toss\/webhook/);
      // Everywhere else, an owner's words.
      const main = html.slice(html.indexOf("<main"), html.indexOf("</main>"));
      const rest = words(main.replace(steps, ""));
      expect(rest).not.toMatch(JARGON);
    });
  }
});
