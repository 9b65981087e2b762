/**
 * 본인인증/성인인증 start (decision 114): what to verify and where to come back to. The return is a
 * path on this host only; anything else becomes "/".
 */
import * as z from "zod";
import { koIdentity } from "../messages/identity";
import { safeReturnPath } from "../return-path";

export const IDENTITY_PURPOSES = ["adult", "identity"] as const;

export const IdentityStartForm = z.object({
  purpose: z.enum(IDENTITY_PURPOSES, { error: koIdentity.badPurpose }),
  return: z
    .string()
    .max(2000)
    .optional()
    .transform((r) => safeReturnPath(r)),
});
export type IdentityStartForm = z.infer<typeof IdentityStartForm>;

/** PortOne's return: its id, and a failure's code and message when the window did not verify. */
export const IdentityReturnQuery = z.object({
  identityVerificationId: z.string().regex(/^iv-[A-Za-z0-9_-]{16,40}$/),
  code: z.string().max(200).optional(),
  message: z.string().max(500).optional(),
});
