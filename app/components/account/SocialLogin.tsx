import * as css from "~/components/account/account.css";
import { FormMessage } from "~/components/account/Fields";
import { koSocial } from "~/shared/messages/social-login";

/**
 * 카카오로 시작하기 / 네이버로 시작하기 (decision 115): plain links, not Remix links, so the browser
 * leaves for the provider as it would without scripts.
 */
export function SocialLoginLinks({ returnUrl }: { returnUrl: string }) {
  const query = returnUrl ? `?${new URLSearchParams({ url: returnUrl })}` : "";
  return (
    <p className={css.socialButtons}>
      <a className={css.kakaoButton} href={`/auth/kakao/start${query}`}>
        {koSocial.startKakao}
      </a>
      <a className={css.naverButton} href={`/auth/naver/start${query}`}>
        {koSocial.startNaver}
      </a>
    </p>
  );
}

/** What a social login's `?social=` note says on the page it came back to; null for none. */
export function socialNoteText(note: string | null): { kind: "error" | "notice"; text: string } | null {
  if (!note) return null;
  const [what, provider] = note.split("-");
  const name = provider === "kakao" || provider === "naver" ? koSocial.provider[provider] : null;
  if (what === "failed") return { kind: "error", text: koSocial.failed };
  if (!name) return null;
  if (what === "exists") return { kind: "error", text: koSocial.exists(name) };
  if (what === "taken") return { kind: "error", text: koSocial.taken(name) };
  if (what === "linked") return { kind: "notice", text: koSocial.linked(name) };
  if (what === "unlinked") return { kind: "notice", text: koSocial.unlinked(name) };
  return null;
}

export function SocialNote({ note }: { note: string | null }) {
  const message = socialNoteText(note);
  return message ? <FormMessage kind={message.kind}>{message.text}</FormMessage> : null;
}
