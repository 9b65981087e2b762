/**
 * What every contract module builds on: the endpoint shape, shared field schemas and the error
 * body. Feature modules (shop.ts, auth.ts, cart.ts, membership.ts) import from here only, so the
 * folder has no import cycle; index.ts gathers them into \`api\`.
 */
import { z } from "zod";

export type Endpoint<
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> = {
  method: "GET" | "POST";
  path: string;
  query: Q;
  body: B;
  response: R;
};

/** Declares one endpoint. Every feature module declares its endpoints with it. */
export function endpoint<Q extends z.ZodType, R extends z.ZodType, B extends z.ZodType = z.ZodUndefined>(e: {
  method: "GET" | "POST";
  path: string;
  query: Q;
  body?: B;
  response: R;
}): Endpoint<Q, B, R> {
  return { ...e, body: (e.body ?? z.undefined()) as B };
}

export const id = z.coerce.number().int().positive();
export const flag = z.enum(["true", "false"]).transform((v) => v === "true");
// Up to a million: a big shop's console lists 400,000 orders, 20 a page (issue 39).
export const page = z.coerce.number().int().min(1).max(1_000_000).default(1);

export const nullableText = z.string().nullable();

/** The error body every failing endpoint answers with. */
export const ApiErrorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    /** The form field the message belongs next to, when it is about one. */
    field: z.string().optional(),
  }),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBody>;
