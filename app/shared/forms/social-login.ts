import { z } from "zod";
import { koSocial } from "../messages/social-login";
import { JOIN_CONSENTS, joinConsents, nameField } from "./auth";

/**
 * A first Kakao/Naver login's sign-up (decision 115): the name and the shop's consents, as
 * /user/join asks them, and 전체 동의 ticking them all. No e-mail and no password.
 */
export const SocialJoinForm = z.preprocess(
  (raw) => {
    if (!raw || typeof raw !== "object") return raw;
    const r = raw as Record<string, unknown>;
    if (r.agree_all !== "on" && r.agree_all !== true) return r;
    return { ...r, ...Object.fromEntries(JOIN_CONSENTS.map((k) => [k, "on"])) };
  },
  z.object({ name: nameField, url: z.string().max(2000).optional(), ...joinConsents }),
);

/**
 * The one-tap join with an account another shop made (decision 177): the button is the consent
 * (its text says to what), so the form carries only that it was pressed.
 */
export const SocialShareForm = z.object({
  intent: z.literal("share"),
  agree_share: z.literal("on", { error: koSocial.shareAgreeRequired }),
  // Where an account logged in here goes on to (decision 180); a pending sign-up keeps its own.
  url: z.string().max(2000).optional(),
});

/** No to the one-tap question (decision 180): only where to go on. */
export const ShareDeclineForm = z.object({ intent: z.literal("decline"), url: z.string().max(2000).optional() });

export const SOCIAL_PROVIDERS = ["kakao", "naver"] as const;
export const SocialProvider = z.enum(SOCIAL_PROVIDERS);
export type SocialProvider = z.infer<typeof SocialProvider>;

/** 연결 해제 on /user/info. */
export const SocialUnlinkForm = z.object({ intent: z.literal("social-unlink"), provider: SocialProvider });
