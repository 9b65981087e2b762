import { describe, expect, it } from "vitest";
import { BEAUTY, get } from "../helpers/request";

/** Issue 11, point 6 (in part): category shortcuts on the home page; a notice link opens its notice. */

const html = async (path: string) => (await (await get(BEAUTY, path)).text()).replace(/<!-- -->/g, "");

describe("the home page", () => {
  it("leads to the shop's top-level categories", async () => {
    const home = await html("/");
    const nav = /data-testid="home-categories">([\s\S]*?)<\/nav>/.exec(home)?.[1] ?? "";
    expect(nav).toContain('href="/shop/list?category=0"');
    const links = [...nav.matchAll(/href="\/shop\/list\?category=(\d+)"/g)].map((m) => Number(m[1]));
    expect(links.length).toBeGreaterThan(1);
  });

  it("marks the discount rate on cards whose list price is higher", async () => {
    const home = await html("/");
    // 어성초 진정 토너: 18,900원, list price 24,000원 → 21 % (rounded down).
    expect(home).toMatch(
      /어성초 진정 토너 300ml<\/h2><div[^>]*><span[^>]*data-testid="discount-rate">21%<\/span>18,900원/,
    );
  });

  it("opens a notice it links to, on the list, without scripts", async () => {
    const home = await html("/");
    const link = /href="(\/shop\/notice-list\?open=(\d+)#notice-\d+)"/.exec(home);
    expect(link).not.toBeNull();
    const id = link![2];
    const list = await html(link![1]!.split("#")[0]!);
    expect(list).toMatch(new RegExp(`id="notice-${id}"[^>]*><details open=""`));
    expect(list.match(/<details open=""/g)).toHaveLength(1);
    // Nonsense is nothing open, not an error.
    const plain = await get(BEAUTY, "/shop/notice-list?open=abc");
    expect(plain.status).toBe(200);
    expect(await plain.text()).not.toContain('<details open=""');
  });
});
