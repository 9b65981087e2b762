/** 상품문의 forms (issue 38 item 6): one schema each, shared by the API contract and the pages' actions. */
import * as z from "zod";
import { koQuestions } from "../messages/questions";
import { charCount } from "./text";
import { ANSWER_MAX, QUESTION_BODY, QUESTION_TYPES } from "../question-limits";

const t = koQuestions.errors;

const checkbox = z.preprocess((v) => v === true || v === "on" || v === "1" || v === "true", z.boolean());

const body = z
  .string({ error: t.bodyShort })
  .transform((v) => v.trim().normalize("NFC"))
  .refine((v) => charCount(v) >= QUESTION_BODY.min, { error: t.bodyShort })
  .refine((v) => charCount(v) <= QUESTION_BODY.max, { error: t.bodyLong });

const fields = {
  type: z.enum(QUESTION_TYPES, { error: t.type }),
  secret: checkbox,
  body,
};

/** A new question on a product (its id on the host shop: a pick's questions are its origin's). */
export const QuestionAskBody = z.object({ pid: z.coerce.number().int().positive(), ...fields });

/** The asker's edit, until the shop answers. */
export const QuestionEditBody = z.object({ id: z.coerce.number().int().positive(), ...fields });

export const QuestionIdBody = z.object({ id: z.coerce.number().int().positive() });

/** The owner's answer, new or edited. */
export const QuestionAnswerBody = z.object({
  id: z.coerce.number().int().positive(),
  answer: z
    .string({ error: t.answerEmpty })
    .transform((v) => v.trim().normalize("NFC"))
    .refine((v) => v.length > 0, { error: t.answerEmpty })
    .refine((v) => charCount(v) <= ANSWER_MAX, { error: t.answerLong }),
});
