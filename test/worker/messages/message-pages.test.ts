import { describe, expect, it } from "vitest";
import { BEAUTY, get } from "../helpers/request";
import { BEAUTY_OWNER, joinNew, login } from "../helpers/auth";
import { Shopper } from "../helpers/shopper";
import { koChat } from "~/shared/messages/chat";

/** Issue 12 (in part): the message pages and the owner's inbox as plain form posts (no scripts). */

const text = async (res: Response) => (await res.text()).replace(/<!-- -->/g, "");

describe("messages without scripts", () => {
  it("a member asks about a product, the owner answers from /admin, the badge goes up and down", async () => {
    const me = Shopper.signedIn(BEAUTY, (await joinNew(BEAUTY, "폼 회원")).cookie);
    const product = await text(await me.fetch("/shop/view/b0011"));
    expect(product).toContain('href="/message/new?pid=b0011"');
    const compose = await text(await me.fetch("/message/new?pid=b0011"));
    expect(compose).toContain("상품 문의 · ");

    const sent = await me.form("/message/new?pid=b0011", { text: "<script>alert(1)</script> 50ml 재고 있나요?" });
    expect(sent.status).toBe(303);
    const view = sent.headers.get("location")!;
    expect(view).toMatch(/^\/message\/view\?id=\d+#m\d+$/);
    const ticket = Number(/id=(\d+)/.exec(view)![1]);
    const page = await text(await me.fetch(view.split("#")[0]!));
    expect(page).toContain("&lt;script&gt;alert(1)&lt;/script&gt; 50ml 재고 있나요?");
    expect(page).not.toContain("<script>alert(1)");

    const owner = Shopper.signedIn(BEAUTY, await login(BEAUTY, BEAUTY_OWNER));
    const inbox = await text(await owner.fetch("/admin/messages"));
    expect(inbox).toContain(`href="/admin/message?id=${ticket}"`);
    expect(inbox).toContain("폼 회원 님 · ");
    expect(inbox).toMatch(/data-testid="inbox-unread"[^>]*>1</);
    const replied = await owner.form(`/admin/message?id=${ticket}`, { text: "네, 오늘 출고 가능합니다." });
    expect(replied.status).toBe(303);
    expect(await text(await owner.fetch("/admin/messages"))).not.toContain('data-testid="inbox-unread"');

    // The member sees the unread badge in the header and on the list, until they read it.
    const home = await text(await me.fetch("/"));
    expect(home).toMatch(/data-testid="unread-count"[^>]*>1</);
    const list = await text(await me.fetch("/message/list"));
    expect(list).toMatch(/data-testid="ticket-unread"[^>]*>1</);
    const read = await text(await me.fetch(`/message/view?id=${ticket}`));
    expect(read).toContain("네, 오늘 출고 가능합니다.");
    expect(await text(await me.fetch("/"))).not.toContain('data-testid="unread-count"');
  });

  it("keeps what was typed and says why when a message is refused; guests log in first; others' tickets are not found", async () => {
    const me = Shopper.signedIn(BEAUTY, (await joinNew(BEAUTY)).cookie);
    const empty = await me.form("/message/new", { text: "   " });
    expect(empty.status).toBe(400);
    expect(await text(empty)).toContain(koChat.textRequired);
    const long = await me.form("/message/new", { text: "가".repeat(1001) });
    expect(long.status).toBe(400);
    const body = await text(long);
    expect(body).toContain(koChat.textTooLong);
    expect(body).toContain("가".repeat(1001));

    const guest = await get(BEAUTY, "/message/new?pid=b0011");
    expect(guest.status).toBe(302);
    expect(guest.headers.get("location")).toBe("/user/login?url=%2Fmessage%2Fnew%3Fpid%3Db0011&dom=beauty");

    const sent = await me.form("/message/new", { text: "배송 문의" });
    const ticket = Number(/id=(\d+)/.exec(sent.headers.get("location")!)![1]);
    const other = Shopper.signedIn(BEAUTY, (await joinNew(BEAUTY)).cookie);
    expect((await other.fetch(`/message/view?id=${ticket}`)).status).toBe(404);
    expect((await other.form(`/message/view?id=${ticket}`, { text: "끼어들기" })).status).toBe(404);
    // A member is not the shop's owner.
    expect((await me.fetch("/admin/messages")).status).not.toBe(200);
  });
});
