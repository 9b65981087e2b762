/** Kakao and Naver login's JSON calls (decision 115); the redirects are doors (functions/oauth/flow.ts). */
import { z } from "zod";
import { endpoint } from "./core";
import { joinConsents, nameField } from "~/shared/forms/auth";
import { SocialProvider } from "~/shared/forms/social-login";

export const SocialLink = z.object({ provider: SocialProvider, linked_at: z.number().int() });
export type SocialLink = z.infer<typeof SocialLink>;

/** What a shop receives from an account on the one-tap join (decisions 177, 180). */
export const ShareAccount = z.object({ name: z.string(), phone: z.string().nullable(), email: z.string().nullable() });
export type ShareAccount = z.infer<typeof ShareAccount>;

export const socialLoginApi = {
  /** The first login's pending sign-up this browser holds (its cookie), for the consent form. */
  socialSignupInfo: endpoint({
    method: "GET",
    path: "/api/user/social/pending",
    query: z.object({}),
    response: z.object({
      provider: SocialProvider,
      name: z.string().nullable(),
      url: z.string(),
      /**
       * The account the person already has from another shop (decision 177): what this shop would
       * receive on one tap. Null for a first sign-up.
       */
      account: ShareAccount.nullable().default(null),
    }),
  }),
  /** Creates the member (no password) and the link, and logs them in on this host. */
  socialSignup: endpoint({
    method: "POST",
    path: "/api/user/social/signup",
    query: z.object({}),
    body: z.object({ name: nameField, ...joinConsents }),
    response: z.object({ uid: z.number().int(), url: z.string() }),
  }),
  /**
   * The one-tap join of this shop with the account another shop made (decisions 177, 180): with a
   * pending Kakao/Naver sign-up that names an account, linked and logged in on this host; else the
   * account logged in here (an e-mail account) — this shop's member with the consent's moment and
   * its sign-up points once. `url`: where to go on, for the logged-in account.
   */
  shareJoin: endpoint({
    method: "POST",
    path: "/api/user/share/join",
    query: z.object({}),
    body: z.object({ agree_share: z.literal(true), url: z.string().max(2000).optional() }),
    response: z.object({ uid: z.number().int(), url: z.string() }),
  }),
  /**
   * Whether this shop asks the logged-in account the one-tap question (decision 180): a member of
   * another shop, not of this one, who has not said no here. `account`: what this shop would
   * receive (null when it is not such an account); `join_point`: what joining grants now.
   */
  shareQuestion: endpoint({
    method: "GET",
    path: "/api/user/share",
    query: z.object({}),
    response: z.object({ ask: z.boolean(), account: ShareAccount.nullable(), join_point: z.number().int() }),
  }),
  /** No to the one-tap question: the account stays logged in, and this shop does not ask again. */
  shareDecline: endpoint({
    method: "POST",
    path: "/api/user/share/decline",
    query: z.object({}),
    body: z.object({}).optional(),
    response: z.object({ ok: z.literal(true) }),
  }),
  /** The member's Kakao/Naver links in this shop, and whether they have a password. */
  socialLinks: endpoint({
    method: "GET",
    path: "/api/user/social/links",
    query: z.object({}),
    response: z.object({ links: z.array(SocialLink), password: z.boolean() }),
  }),
  /** Removes a link, never the member's last way to log in (409 LAST_LOGIN_METHOD). */
  socialUnlink: endpoint({
    method: "POST",
    path: "/api/user/social/unlink",
    query: z.object({}),
    body: z.object({ provider: SocialProvider }),
    response: z.object({ ok: z.literal(true) }),
  }),
};
