import { describe, expect, it } from "vitest";
import { BOOKMARK_COOKIE, bookmarkCookie, openSession, requestBookmark } from "../../../functions/db/session";
import { BEAUTY, get } from "../helpers/request";
import { Shopper } from "../helpers/shopper";

/** Issue 15, point 5: reads through a D1 session, the shopper's last write kept in a cookie (decision 074). */

const BOOKMARK = /^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$/;
const bookmarkLine = (res: Response) => res.headers.getSetCookie().find((c) => c.startsWith(`${BOOKMARK_COOKIE}=`));

describe("D1 sessions", () => {
  it("a write hands back its bookmark in a host-only, HttpOnly cookie; the next pages carry it", async () => {
    const shopper = new Shopper(BEAUTY);
    const added = await shopper.form("/shop/view/b0013", { pid2: "13", option: "1300", qty: "1" });
    expect(added.status).toBe(303);
    const line = bookmarkLine(added)!;
    expect(line).toBeDefined();
    expect(line.split(";")[0]!.slice(BOOKMARK_COOKIE.length + 1)).toMatch(BOOKMARK);
    expect(line).toContain("Path=/");
    expect(line).toContain("HttpOnly");
    expect(line).toContain("SameSite=Lax");
    expect(line).not.toMatch(/domain=/i);
    // The next page reads at least as far: the shopper's own cart line is there.
    const cart = await shopper.cart();
    expect(cart.data.count).toBe(1);
    // A page that only reads sets no new bookmark.
    const page = await shopper.fetch("/shop/view/b0017");
    expect(page.status).toBe(200);
    expect(bookmarkLine(page)).toBeUndefined();
  });

  it("an anonymous page sets no bookmark (it stays cacheable), and a forged one is ignored", async () => {
    const plain = await get(BEAUTY, "/shop/view/b0017");
    expect(plain.status).toBe(200);
    expect(bookmarkLine(plain)).toBeUndefined();
    const forged = await get(BEAUTY, "/shop/view/b0017", { headers: { cookie: `${BOOKMARK_COOKIE}=' OR 1=1; x=y` } });
    expect(forged.status).toBe(200);
  });

  it("opens the session at the request's bookmark, or anywhere when it has none or a malformed one", () => {
    const asked: string[] = [];
    const db = {
      withSession: (constraint: string) => {
        asked.push(constraint);
        return { getBookmark: () => null } as unknown as D1DatabaseSession;
      },
    } as unknown as D1Database;
    const good = "0000000a-0000001b-00000000-0123456789abcdef0123456789abcdef";
    const req = (cookie?: string) => new Request("https://beauty.example/", cookie ? { headers: { cookie } } : {});
    openSession(db, req());
    openSession(db, req(`${BOOKMARK_COOKIE}=${good}`));
    openSession(db, req(`${BOOKMARK_COOKIE}=first-primary`));
    expect(asked).toEqual(["first-unconstrained", good, "first-unconstrained"]);
    expect(requestBookmark(req(`a=1; ${BOOKMARK_COOKIE}=${good}`))).toBe(good);
  });

  it("writes the cookie only after a request that may have written, when the bookmark moved", () => {
    const at = (bookmark: string | null) => ({ getBookmark: () => bookmark }) as unknown as D1DatabaseSession;
    const old = "0000000a-0000001b-00000000-0123456789abcdef0123456789abcdef";
    const next = "0000000a-0000001c-00000000-0123456789abcdef0123456789abcdef";
    const post = (cookie?: string) =>
      new Request("https://beauty.example/x", { method: "POST", headers: cookie ? { cookie } : {} });
    expect(bookmarkCookie(new Request("https://beauty.example/"), at(next))).toBeNull();
    expect(bookmarkCookie(post(`${BOOKMARK_COOKIE}=${next}`), at(next))).toBeNull();
    expect(bookmarkCookie(post(), at(null))).toBeNull();
    const line = bookmarkCookie(post(`${BOOKMARK_COOKIE}=${old}`), at(next))!;
    expect(line.startsWith(`${BOOKMARK_COOKIE}=${next}; Path=/;`)).toBe(true);
    expect(line).toContain("Secure");
    expect(bookmarkCookie(new Request("http://beauty.localhost/x", { method: "POST" }), at(next))).not.toContain(
      "Secure",
    );
  });
});
