/**
 * 상품문의 (issue 38 item 6, decision 118). Any logged-in member asks on a product of the host shop;
 * the question is its origin goods', so the origin shop's owner answers it from their console. A
 * secret question's body and answer leave the server only for its asker and that owner.
 */
import { maskPersonal } from "~/shared/mask-personal";
import type { AdminQuestion, Question } from "~/shared/contracts/questions";
import { koQuestions } from "~/shared/messages/questions";
import { memberOwner } from "../db/cart";
import { QUESTIONS_PER_HOUR, type QuestionRow } from "../db/questions";
import { liveRoom } from "../live/publisher";
import type { Member } from "../auth/member";
import type { ApiContext, Handlers } from "./context";
import { ApiError } from "./http";

const t = koQuestions.errors;
const ADMIN_PAGE_SIZE = 20;

/** Personalised: never kept by a browser's or the edge's cache. */
function personal(ctx: ApiContext) {
  ctx.responseHeaders.set("cache-control", "private, no-store");
}

function toQuestion(row: QuestionRow, viewer: Member | null, ownerUid: number): Question {
  const mine = viewer !== null && viewer.uid === row.uid;
  const readable = row.is_secret === 0 || mine || (viewer !== null && (viewer.uid === ownerUid || viewer.admin));
  return {
    id: row.id,
    type: row.type,
    secret: row.is_secret === 1,
    body: readable ? row.body : null,
    answer: readable ? row.answer : null,
    answered: row.status === "ANSWERED",
    answered_at: row.answered_at,
    created_at: row.created_at,
    author: row.author,
    mine,
  };
}

/** Why the asker's edit or delete changed nothing: answered (locked), or no question of theirs. */
async function refusal(ctx: ApiContext, shopId: number, uid: number, id: number): Promise<ApiError> {
  const row = await ctx.db.questions.ofAsker(shopId, uid, id);
  if (row?.status === "ANSWERED") return new ApiError(409, "QUESTION_LOCKED", koQuestions.locked);
  return new ApiError(404, "NOT_FOUND", t.notFound);
}

export const questionHandlers = {
  async productQuestions({ query }, ctx) {
    const shop = ctx.requireHostShop();
    personal(ctx);
    const [viewer, found] = await Promise.all([
      ctx.member(),
      ctx.db.questions.page(shop.shopid, query.pid, query.page, query.size),
    ]);
    if (!found) throw new ApiError(404, "NOT_FOUND", t.noProduct);
    const { target, rows, total } = found;
    return {
      items: rows.map((r) => toQuestion(r, viewer, target.owner_uid)),
      page: query.page,
      pages: Math.max(1, Math.ceil(total / query.size)),
      total,
    };
  },

  async questionAsk({ body }, ctx) {
    const shop = ctx.requireHostShop();
    const member = await ctx.requireMember();
    const target = await ctx.db.questions.target(shop.shopid, body.pid);
    if (!target) throw new ApiError(404, "NOT_FOUND", t.noProduct);
    const id = await ctx.db.questions.ask(target, member.uid, {
      type: body.type,
      secret: body.secret,
      body: maskPersonal(body.body),
    });
    if (id === null) throw new ApiError(429, "TOO_MANY_QUESTIONS", t.tooMany(QUESTIONS_PER_HOUR), "body");
    return { id };
  },

  async questionEdit({ body }, ctx) {
    const shop = ctx.requireHostShop();
    const member = await ctx.requireMember();
    const q = { type: body.type, secret: body.secret, body: maskPersonal(body.body) };
    if (!(await ctx.db.questions.edit(shop.shopid, member.uid, body.id, q))) {
      throw await refusal(ctx, shop.shopid, member.uid, body.id);
    }
    return { ok: true as const };
  },

  async questionDelete({ body }, ctx) {
    const shop = ctx.requireHostShop();
    const member = await ctx.requireMember();
    if (!(await ctx.db.questions.remove(shop.shopid, member.uid, body.id))) {
      throw await refusal(ctx, shop.shopid, member.uid, body.id);
    }
    return { ok: true as const };
  },

  async adminQuestions({ query }, ctx) {
    const { shop, member } = await ctx.requireOwner();
    personal(ctx);
    const { rows, total, waiting } = await ctx.db.questions.forShop(shop.shopid, query.page, ADMIN_PAGE_SIZE);
    return {
      items: rows.map((r): AdminQuestion => ({
        ...toQuestion(r, member, member.uid),
        body: r.body,
        answer: r.answer,
        product_id: r.product_id,
        product_sid: r.product_sid,
        product_title: r.product_title,
      })),
      page: query.page,
      pages: Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE)),
      unanswered: waiting,
    };
  },

  /** The answer, and on the first one the asker is told: a mail and their live room. */
  async adminQuestionAnswer({ body }, ctx) {
    const { shop, member } = await ctx.requireOwner();
    const before = await ctx.db.questions.answer(shop.shopid, body.id, body.answer, member.uid);
    if (!before) throw new ApiError(404, "NOT_FOUND", t.notFound);
    if (before.answered_at === null) {
      await ctx.live.publish([liveRoom.of(shop.shopid, memberOwner(before.uid))], {
        type: "question",
        id: before.id,
        pid: before.product_id,
      });
      ctx.later(ctx.db.notifier(ctx.log).answer(shop, before));
      if (before.email) {
        const link = `${shop.url}/shop/qna?${new URLSearchParams({ pid: before.product_sid })}`;
        try {
          await ctx.db.mail.send({
            to: before.email,
            subject: koQuestions.mail.subject(shop.name),
            text: koQuestions.mail.body({
              product: before.product_title,
              question: before.body,
              answer: body.answer,
              link,
            }),
          });
        } catch (error) {
          // The answer is saved and shown; a mail that could not go out is the log's, not the owner's.
          ctx.log.error("question answer mail failed", error);
        }
      }
    }
    return { ok: true as const };
  },
} satisfies Handlers;
