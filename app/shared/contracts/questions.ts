/** 상품문의 (issue 38 item 6, decision 118): a product's questions, asking, editing, the owner's answers. */
import { z } from "zod";
import { QuestionAnswerBody, QuestionAskBody, QuestionEditBody, QuestionIdBody } from "../forms/questions";
import { QUESTION_TYPES } from "../question-limits";
import { endpoint, id, page } from "./core";

/**
 * One question as a reader may see it: a secret one has no body and no answer unless the reader
 * asked it or runs its shop (so no cached page can hold them).
 */
export const Question = z.object({
  id: z.number().int(),
  type: z.enum(QUESTION_TYPES),
  secret: z.boolean(),
  /** Null when the reader may not read it (비밀글). */
  body: z.string().nullable(),
  answer: z.string().nullable(),
  answered: z.boolean(),
  answered_at: z.number().int().nullable(),
  created_at: z.number().int(),
  /** The asker, masked (`sh***`). */
  author: z.string(),
  mine: z.boolean(),
});
export type Question = z.infer<typeof Question>;

export const AdminQuestion = Question.extend({
  product_id: z.number().int(),
  product_sid: z.string(),
  product_title: z.string(),
  body: z.string(),
});
export type AdminQuestion = z.infer<typeof AdminQuestion>;

const ok = z.object({ ok: z.literal(true) });

export const questionsApi = {
  productQuestions: endpoint({
    method: "GET",
    path: "/api/questions",
    query: z.object({ pid: id, page, size: z.coerce.number().int().min(1).max(20).default(10) }),
    response: z.object({
      items: z.array(Question),
      page: z.number().int(),
      pages: z.number().int(),
      total: z.number().int(),
    }),
  }),
  questionAsk: endpoint({
    method: "POST",
    path: "/api/questions/ask",
    query: z.object({}),
    body: QuestionAskBody,
    response: z.object({ id: z.number().int() }),
  }),
  questionEdit: endpoint({
    method: "POST",
    path: "/api/questions/edit",
    query: z.object({}),
    body: QuestionEditBody,
    response: ok,
  }),
  questionDelete: endpoint({
    method: "POST",
    path: "/api/questions/delete",
    query: z.object({}),
    body: QuestionIdBody,
    response: ok,
  }),
  adminQuestions: endpoint({
    method: "GET",
    path: "/api/myshp/admin/questions",
    query: z.object({ page }),
    response: z.object({
      items: z.array(AdminQuestion),
      page: z.number().int(),
      pages: z.number().int(),
      unanswered: z.number().int(),
    }),
  }),
  adminQuestionAnswer: endpoint({
    method: "POST",
    path: "/api/myshp/admin/questions/answer",
    query: z.object({}),
    body: QuestionAnswerBody,
    response: ok,
  }),
};
