/** 상품문의's limits and codes (decision 118), without zod: the product page's browser code reads them. */
export const QUESTION_TYPES = ["product", "delivery", "return", "etc"] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];
export const QUESTION_BODY = { min: 5, max: 1000 } as const;
export const ANSWER_MAX = 2000;
/** How many questions the product page shows; the rest are on /shop/qna. */
export const QUESTIONS_ON_PAGE = 3;
