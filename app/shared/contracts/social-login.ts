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
    response: z.object({ provider: SocialProvider, name: z.string().nullable(), url: z.string() }),
  }),
  /** Creates the member (no password) and the link, and logs them in on this host. */
  socialSignup: endpoint({
    method: "POST",
    path: "/api/user/social/signup",
    query: z.object({}),
    body: z.object({ name: nameField, ...joinConsents }),
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
