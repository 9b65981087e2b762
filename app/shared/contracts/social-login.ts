/** Kakao and Naver login's JSON calls (decision 115); the redirects are doors (functions/oauth/flow.ts). */
import { z } from "zod";
import { endpoint } from "./core";
import { joinConsents, nameField } from "~/shared/forms/auth";
import { SocialProvider } from "~/shared/forms/social-login";

export const SocialLink = z.object({ provider: SocialProvider, linked_at: z.number().int() });
export type SocialLink = z.infer<typeof SocialLink>;

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
      account: z
        .object({ name: z.string(), phone: z.string().nullable(), email: z.string().nullable() })
        .nullable()
        .default(null),
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
   * The one-tap join of this shop with the account another shop made (decision 177): linked,
   * this shop's member with the consent's moment, and logged in on this host.
   */
  socialShareJoin: endpoint({
    method: "POST",
    path: "/api/user/social/share",
    query: z.object({}),
    body: z.object({ agree_share: z.literal(true) }),
    response: z.object({ uid: z.number().int(), url: z.string() }),
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
