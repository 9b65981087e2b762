/**
 * Identity and adult verification through PortOne V2 (issue 37, decision 114): a window opened
 * for this browser, and its outcome read from PortOne by id on return.
 */
import { z } from "zod";
import { endpoint } from "./core";
import { IdentityReturnQuery, IdentityStartForm } from "../forms/identity";

export const IdentityOutcomeKind = z.enum(["adult", "verified", "minor", "failed", "expired", "foreign"]);

export const identityApi = {
  /** Opens a verification for this browser (binding cookie set); what the SDK needs to show the window. */
  startIdentity: endpoint({
    method: "POST",
    path: "/api/myshp/identity/start",
    query: z.object({}),
    body: IdentityStartForm,
    response: z.object({
      id: z.string(),
      sdk_url: z.string(),
      store_id: z.string(),
      channel_key: z.string(),
      purpose: z.enum(["adult", "identity"]),
      return: z.string(),
    }),
  }),
  /** The window came back: reads the verification from PortOne and records it once. */
  completeIdentity: endpoint({
    method: "POST",
    path: "/api/myshp/identity/complete",
    query: z.object({}),
    body: IdentityReturnQuery,
    response: z.object({
      outcome: IdentityOutcomeKind,
      return: z.string(),
      purpose: z.enum(["adult", "identity"]),
      /** PortOne's failure message, shown as given (the window's own words). */
      message: z.string().nullable(),
    }),
  }),
  /** This shopper's verification in this shop (member flags or the guest device's). */
  myVerification: endpoint({
    method: "GET",
    path: "/api/myshp/identity/status",
    query: z.object({}),
    response: z.object({ adult: z.boolean(), identity: z.boolean(), available: z.boolean() }),
  }),
};
