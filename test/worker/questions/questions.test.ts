import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { QUESTIONS_PER_HOUR } from "../../../functions/db/questions";
import { koQuestions } from "~/shared/messages/questions";
import { BEAUTY_OWNER, joinNew, login, postForm, postJson, SHOPPER } from "../helpers/auth";
import { BEAUTY, PICKS, get } from "../helpers/request";
import { viewCached } from "../helpers/page-cache";

/**
 * 상품문의 (decision 118) through the whole Worker: form posts as a browser without scripts sends
 * them, the API as the pages call it. Demo ids: beauty's products 1…44 (sid b0001…), picks' picks
 * 201… of beauty's goods.
 */
type Listed = { items: { id: number; body: string | null; answer: string | null; secret: boolean; mine: boolean }[] };

const questions = async (host: string, pid: number, cookie?: string) => {
  const res = await get(host, `/api/questions?pid=${pid}`, cookie ? { headers: { cookie } } : {});
  expect(res.headers.get("cache-control")).toBe("private, no-store");
  return (await res.json()) as Listed;
};

const ask = (host: string, sid: string, cookie: string, fields: Record<string, string>) =>
  postForm(
    host,
    `/shop/qna?pid=${sid}`,
    { intent: "ask", type: "product", pid: String(Number(sid.slice(1))), ...fields },
    { cookie },
  );

const newest = async (pid: number) =>
  (await env.DB.prepare("SELECT * FROM product_questions WHERE product_id = ? ORDER BY id DESC LIMIT 1")
    .bind(pid)
    .first<{ id: number; body: string; status: string; is_secret: number; shop_id: number }>())!;

const page = async (host: string, path: string, cookie?: string) =>
  (await get(host, path, cookie ? { headers: { cookie } } : {})).text();

describe("상품문의", () => {
  it("shows a secret question only to its asker and the shop's owner, on the pages and through the API", async () => {
    const shopper = await login(BEAUTY, SHOPPER);
    const secret = "세럼 성분표가 궁금합니다 비밀로 해 주세요";
    const posted = await ask(BEAUTY, "b0005", shopper, { secret: "on", body: secret });
    expect(posted.status).toBe(303);
    expect(posted.headers.get("location")).toMatch(/^\/shop\/qna\?pid=b0005&done=asked#q-\d+$/);
    const row = await newest(5);
    expect(row).toMatchObject({ is_secret: 1, status: "WAITING", shop_id: 1 });

    const other = await joinNew(BEAUTY);
    const owner = await login(BEAUTY, BEAUTY_OWNER);
    expect((await questions(BEAUTY, 5, shopper)).items[0]).toMatchObject({ body: secret, mine: true });
    expect((await questions(BEAUTY, 5, owner)).items[0]).toMatchObject({ body: secret, mine: false });
    expect((await questions(BEAUTY, 5, other.cookie)).items[0]).toMatchObject({ body: null, secret: true });
    expect((await questions(BEAUTY, 5)).items[0]).toMatchObject({ body: null, answer: null });

    for (const path of ["/shop/view/b0005", "/shop/qna?pid=b0005"]) {
      expect(await page(BEAUTY, path, shopper)).toContain(secret);
      const theirs = await page(BEAUTY, path, other.cookie);
      expect(theirs).not.toContain(secret);
      expect(theirs).toContain(koQuestions.secret);
      const anyone = await page(BEAUTY, path);
      expect(anyone).not.toContain(secret);
      expect(anyone).toContain(koQuestions.ask.login);
    }
    expect(await page(BEAUTY, "/admin/questions", owner)).toContain(secret);

    // A pick shows its origin's questions; the picking shop's owner is not the one who may read them.
    const pick = await env.DB.prepare(
      "SELECT id, sid FROM products WHERE origin_product_id = 5 AND shop_id = 2",
    ).first<{ id: number; sid: string }>();
    expect(pick).toBeTruthy();
    const picksOwner = await login(PICKS, "owner@picks.example.test");
    expect((await questions(PICKS, pick!.id, picksOwner)).items[0]).toMatchObject({ id: row.id, body: null });
    expect((await questions(PICKS, pick!.id, await login(PICKS, SHOPPER))).items[0]).toMatchObject({ body: secret });
    expect(await page(PICKS, `/shop/view/${pick!.sid}`)).toContain(koQuestions.secret);
  });

  it("masks phone numbers and addresses on save, and refuses a body too short or too long next to its field", async () => {
    const shopper = await login(BEAUTY, SHOPPER);
    const res = await ask(BEAUTY, "b0004", shopper, { body: "010-1234-5678, 테헤란로 123 으로 연락 주세요" });
    expect(res.status).toBe(303);
    expect((await newest(4)).body).toBe("010-****-5678, 테헤란로 *** 으로 연락 주세요");

    const short = await ask(BEAUTY, "b0004", shopper, { body: "네?" });
    expect(short.status).toBe(400);
    expect(await short.text()).toContain(koQuestions.errors.bodyShort);
    const long = await postJson(
      BEAUTY,
      "/api/questions/ask",
      { pid: 4, type: "etc", body: "가".repeat(1001) },
      {
        cookie: shopper,
      },
    );
    expect(long.status).toBe(400);
    // A guest is sent to log in.
    const guest = await postForm(BEAUTY, "/shop/qna?pid=b0004", {
      intent: "ask",
      type: "product",
      body: "손님 문의입니다",
    });
    expect(guest.status).toBe(302);
    expect(guest.headers.get("location")).toContain("/user/login");
  });

  it("lets the asker edit and delete until the owner answers, then locks it; the asker is told by mail", async () => {
    const asker = await joinNew(BEAUTY, "문의 회원");
    await ask(BEAUTY, "b0006", asker.cookie, { body: "처음 질문입니다" });
    const first = await newest(6);
    const edited = await postForm(
      BEAUTY,
      "/shop/qna?pid=b0006",
      { intent: "edit", id: String(first.id), type: "delivery", body: "고친 질문입니다" },
      { cookie: asker.cookie },
    );
    expect(edited.status).toBe(303);
    expect((await newest(6)).body).toBe("고친 질문입니다");

    // Somebody else's question is no one's to edit.
    const stranger = await joinNew(BEAUTY);
    const notHers = await postJson(
      BEAUTY,
      "/api/questions/edit",
      { id: first.id, type: "etc", body: "남의 질문 고치기" },
      {
        cookie: stranger.cookie,
      },
    );
    expect(notHers.status).toBe(404);

    const owner = await login(BEAUTY, BEAUTY_OWNER);
    const answered = await postForm(
      BEAUTY,
      "/admin/questions",
      { id: String(first.id), answer: "내일 발송됩니다" },
      {
        cookie: owner,
      },
    );
    expect(answered.status).toBe(303);
    expect((await newest(6)).status).toBe("ANSWERED");
    const mail = await env.DB.prepare("SELECT subject, body FROM mail_outbox WHERE to_addr = ?")
      .bind(asker.email)
      .all<{ subject: string; body: string }>();
    expect(mail.results).toHaveLength(1);
    expect(mail.results[0]!.body).toContain("내일 발송됩니다");

    const locked = await postForm(
      BEAUTY,
      "/shop/qna?pid=b0006",
      { intent: "edit", id: String(first.id), type: "etc", body: "답변 뒤에 고치기" },
      { cookie: asker.cookie },
    );
    expect(locked.status).toBe(409);
    expect(await locked.text()).toContain(koQuestions.locked);
    const gone = await postJson(BEAUTY, "/api/questions/delete", { id: first.id }, { cookie: asker.cookie });
    expect(gone.status).toBe(409);
    expect((await newest(6)).body).toBe("고친 질문입니다");
    expect(await page(BEAUTY, "/shop/view/b0006", asker.cookie)).toContain("내일 발송됩니다");

    // Editing the answer tells nobody twice.
    await postForm(BEAUTY, "/admin/questions", { id: String(first.id), answer: "오늘 발송됩니다" }, { cookie: owner });
    const after = await env.DB.prepare("SELECT COUNT(*) AS n FROM mail_outbox WHERE to_addr = ?")
      .bind(asker.email)
      .first<{ n: number }>();
    expect(after?.n).toBe(1);

    // A waiting question is the asker's to delete.
    await ask(BEAUTY, "b0006", asker.cookie, { body: "지울 질문입니다" });
    const second = await newest(6);
    const deleted = await postForm(
      BEAUTY,
      "/shop/qna?pid=b0006",
      { intent: "delete", id: String(second.id) },
      {
        cookie: asker.cookie,
      },
    );
    expect(deleted.status).toBe(303);
    expect((await newest(6)).status).toBe("DELETED");
  });

  it("lets only this shop's owner answer", async () => {
    const shopper = await login(BEAUTY, SHOPPER);
    await ask(BEAUTY, "b0007", shopper, { body: "답변은 누가 하나요" });
    const q = await newest(7);
    const byShopper = await postJson(
      BEAUTY,
      "/api/myshp/admin/questions/answer",
      { id: q.id, answer: "제가요" },
      {
        cookie: shopper,
      },
    );
    expect(byShopper.status).toBe(403);
    // Another shop's owner, on their own console: not a question of their shop.
    const picksOwner = await login(PICKS, "owner@picks.example.test");
    const byOther = await postJson(
      PICKS,
      "/api/myshp/admin/questions/answer",
      { id: q.id, answer: "제가요" },
      {
        cookie: picksOwner,
      },
    );
    expect(byOther.status).toBe(404);
    const list = await get(PICKS, "/api/myshp/admin/questions", { headers: { cookie: picksOwner } });
    expect(((await list.json()) as Listed).items.map((i) => i.id)).not.toContain(q.id);
    expect((await newest(7)).status).toBe("WAITING");
  });

  it(`takes at most ${QUESTIONS_PER_HOUR} questions per member and shop in an hour`, async () => {
    const member = await joinNew(BEAUTY);
    for (let i = 0; i < QUESTIONS_PER_HOUR; i++) {
      expect((await ask(BEAUTY, "b0008", member.cookie, { body: `질문 번호 ${i + 1}` })).status).toBe(303);
    }
    const over = await ask(BEAUTY, "b0008", member.cookie, { body: "하나 더 질문" });
    expect(over.status).toBe(429);
    expect(await over.text()).toContain(koQuestions.errors.tooMany(QUESTIONS_PER_HOUR));
    // Deleting one does not make room.
    const mine = await newest(8);
    await postJson(BEAUTY, "/api/questions/delete", { id: mine.id }, { cookie: member.cookie });
    expect((await ask(BEAUTY, "b0008", member.cookie, { body: "지우고 다시 질문" })).status).toBe(429);
  });
});

/** The product page as the edge cache serves it to visitors without cookies (decision 077). */
const cached = (path: string) => viewCached(BEAUTY, path);

describe("the cached product page and 상품문의", () => {
  it("follows a new public question at once and never holds a secret body", async () => {
    const path = `/shop/view/b0009?t=${crypto.randomUUID()}`;
    expect((await cached(path)).state).toBe("miss");
    expect((await cached(path)).state).toBe("hit");
    const shopper = await login(BEAUTY, SHOPPER);
    await ask(BEAUTY, "b0009", shopper, { body: "공개 질문: 유통기한은요?" });
    const after = await cached(path);
    expect(after.state).toBe("miss");
    expect(after.html).toContain("공개 질문: 유통기한은요?");

    await ask(BEAUTY, "b0009", shopper, { secret: "on", body: "비밀 질문: 주문번호 확인" });
    const secret = await cached(path);
    expect(secret.state).toBe("miss");
    expect(secret.html).not.toContain("비밀 질문");
    expect(secret.html).toContain(koQuestions.secret);
    const again = await cached(path);
    expect(again.state).toBe("hit");
    expect(again.html).not.toContain("비밀 질문");
  });
});
