import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { BusinessBody } from "~/shared/forms/shop-settings";

/**
 * The demo seed's 사업자등록번호 pass the check the settings form enforces (decision 107), so an
 * owner who saves a demo shop's business section is not told to correct a number they never typed.
 */
describe("the demo seed's business numbers", () => {
  it("are distinct, one per shop, and pass the settings form's check digit", async () => {
    const { results } = await env.DB.prepare("SELECT id, idnum FROM shops ORDER BY id").all<{
      id: number;
      idnum: string | null;
    }>();
    expect(results.length).toBeGreaterThan(0);
    for (const shop of results) {
      expect(shop.idnum, `shop ${shop.id}`).not.toBeNull();
      const parsed = BusinessBody.safeParse({ section: "business", idnum: shop.idnum });
      expect(parsed.success, `shop ${shop.id}: ${shop.idnum}`).toBe(true);
      // Stored as the form stores it, so a save without a change changes nothing.
      expect(parsed.data?.idnum, `shop ${shop.id}`).toBe(shop.idnum);
    }
    expect(new Set(results.map((s) => s.idnum)).size).toBe(results.length);
  });
});
