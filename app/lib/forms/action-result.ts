import type { SerializeFrom } from "@remix-run/cloudflare";
import { useActionData, useLocation } from "@remix-run/react";
import { useState } from "react";

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

/**
 * The page's action result, typed from the action itself: `useActionResult<typeof action>()`.
 *
 * It lasts as long as the page it answered (the same history entry), as it does without scripts.
 * Remix drops action data on any load that is not the action's own reload, and a live page
 * reloads its data when news comes (use-live.ts: a tracking upload's own shipping news, a
 * member's message): the answer vanished a moment after it showed (issue 52, decision 166). It is
 * kept here until the shopper or owner goes to another entry (a link, a redirect, back).
 */
export function useActionResult<Action>(): ActionResult<SerializeFrom<Action>> | undefined {
  const fresh = useActionData<Action>();
  const { key } = useLocation();
  const [kept, setKept] = useState<{ key: string; data: unknown } | null>(() =>
    fresh === undefined ? null : { key, data: fresh },
  );
  // Remembered during render (React's way of keeping what an earlier render saw): no effect, so
  // the answer never blinks out for a frame.
  if (fresh !== undefined && (kept?.data !== fresh || kept.key !== key)) setKept({ key, data: fresh });
  const result = fresh ?? (kept?.key === key ? kept.data : undefined);
  // Only widens: every shape of the union is one of the returned ones, its missing fields absent.
  // TypeScript cannot see that for a generic union, so the one cast of action data is here.
  return result as ActionResult<SerializeFrom<Action>> | undefined;
}
