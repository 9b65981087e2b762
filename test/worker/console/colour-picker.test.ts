import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { koShopSettings } from "~/shared/messages/shop-settings";
import { BEAUTY } from "../helpers/request";
import { login, PASSWORD } from "../helpers/auth";
import { Shopper } from "../helpers/shopper";
import { escapeHtml } from "../../../functions/pages";
import { pickerValue } from "~/shared/forms/shop-settings";

/** Issue 52 item 3: each colour has a picker beside its code; either one works in one plain post. */

const t = koShopSettings;
const owner = async () => Shopper.signedIn(BEAUTY, await login(BEAUTY, "owner@beauty.example.test", PASSWORD));
const colours = () =>
  env.DB.prepare("SELECT mcolor, mcolor2, scolor, scolor2 FROM shops WHERE id = 1").first<
    Record<string, string | null>
  >();
const page = async (o: Shopper) => (await (await o.fetch("/admin/settings")).text()).replace(/<!-- -->/g, "");

describe("the colours' pickers", () => {
  it("draw a colour control beside each code, showing the code or the theme's colour", async () => {
    const o = await owner();
    const html = await page(o);
    for (const name of ["mcolor", "mcolor2", "scolor", "scolor2"]) {
      expect(html).toMatch(new RegExp(`<input[^>]*type="color"[^>]*name="${name}_pick"[^>]*value="#[0-9a-f]{6}"`));
      expect(html).toContain(`name="${name}_was"`);
    }
    expect(html).toContain(`aria-label="${escapeHtml(t.fields.colourPick(t.fields.mcolor))}"`);
  });

  it("take the picked colour when only the picker moved, and a typed code otherwise", async () => {
    const o = await owner();
    const before = (await colours())!;
    const was = (v: string | null | undefined) => v ?? "";
    const base = {
      section: "colours",
      mcolor: was(before.mcolor),
      mcolor_was: was(before.mcolor),
      mcolor_pick: was(before.mcolor).toLowerCase(),
      scolor: was(before.scolor),
      scolor_was: was(before.scolor),
      scolor_pick: was(before.scolor).toLowerCase(),
      mcolor2: "",
      mcolor2_was: "",
      mcolor2_pick: pickerValue("mcolor2", ""),
    };
    // Without scripts: the picker moved, the code as it was.
    const picked = await o.form("/admin/settings", { ...base, mcolor_pick: "#1b5e20" });
    expect(picked.status).toBe(303);
    expect((await colours())!.mcolor).toBe("#1b5e20");
    // A typed code wins over a picker that did not follow it.
    const typed = await o.form("/admin/settings", {
      ...base,
      mcolor: "#4A148C",
      mcolor_was: "#1b5e20",
      mcolor_pick: "#1b5e20",
    });
    expect(typed.status).toBe(303);
    expect((await colours())!.mcolor).toBe("#4a148c");
    // An empty optional colour stays empty when its picker shows the theme's colour.
    expect((await colours())!.mcolor2).toBeNull();
  });

  it("check a picked value as any code", async () => {
    const o = await owner();
    const before = (await colours())!;
    const refused = await o.form("/admin/settings", {
      section: "colours",
      mcolor: before.mcolor ?? "",
      mcolor_was: before.mcolor ?? "",
      mcolor_pick: "red;x",
      scolor: before.scolor ?? "",
    });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain(escapeHtml(t.errors.colour));
    expect((await colours())!.mcolor).toBe(before.mcolor);
  });
});
