/** 도움돼요 (decision 119): the review, and the page to go back to after a plain post. */
import * as z from "zod";
import { koReviews } from "../messages/reviews";

/** Only the product page and the review list post it; anything else goes back to the list. */
const BACK = /^\/shop\/(view\/[^/?#\s]+|reviews\?)[^\s\\]*$/;

export const ReviewHelpfulForm = z.object({
  intent: z.literal("helpful"),
  id: z.coerce.number({ error: koReviews.errors.notYours }).int().positive({ error: koReviews.errors.notYours }),
  back: z
    .string()
    .max(500)
    .refine((v) => BACK.test(v) && !v.startsWith("//"))
    .optional()
    .catch(undefined),
  js: z.literal("1").optional().catch(undefined),
});
export type ReviewHelpfulForm = z.infer<typeof ReviewHelpfulForm>;
