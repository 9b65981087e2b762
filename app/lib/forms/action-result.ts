import type { SerializeFrom } from "@remix-run/cloudflare";
import { useActionData } from "@remix-run/react";

/** Every field name of any shape in the union U. */
type FieldsOf<U> = U extends unknown ? keyof U : never;

/**
 * A union of result shapes as one readable type: each shape gains the others' fields as absent
 * (`?: undefined`). An action answers with one of several shapes (field errors, a form error, a
 * notice); a page reads `result?.errors` whichever branch answered, which TypeScript refuses on
 * the bare union.
 */
export type ActionResult<U, All = U> = U extends unknown
  ? U & { [K in Exclude<FieldsOf<All>, keyof U>]?: undefined }
  : never;

/** The page's action result, typed from the action itself: `useActionResult<typeof action>()`. */
export function useActionResult<Action>(): ActionResult<SerializeFrom<Action>> | undefined {
  // Only widens: every shape of the union is one of the returned ones, its missing fields absent.
  // TypeScript cannot see that for a generic union, so the one cast of action data is here.
  return useActionData<Action>() as ActionResult<SerializeFrom<Action>> | undefined;
}
