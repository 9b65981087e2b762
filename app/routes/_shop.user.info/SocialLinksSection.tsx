import { Form } from "@remix-run/react";
import * as css from "~/components/account/account.css";
import { FormMessage } from "~/components/account/Fields";
import { SocialNote } from "~/components/account/SocialLogin";
import { formatDate } from "~/shared/format";
import { SOCIAL_PROVIDERS, type SocialProvider } from "~/shared/forms/social-login";
import { koSocial } from "~/shared/messages/social-login";

type Link = { provider: SocialProvider; linked_at: number };
export type SocialResult = { intent: "social-unlink"; provider?: string; formError?: string; done?: boolean };

/**
 * 간편 로그인 연결 (decision 115): each provider linked (with when) or not, 연결하기 and 연결 해제 as
 * plain posts. 연결하기 leaves for the provider, so it is a document form, not Remix's.
 */
export function SocialLinksSection({
  links,
  note,
  result,
}: {
  links: Link[];
  note: string | null;
  result: SocialResult | undefined;
}) {
  return (
    <section className={css.section} aria-labelledby="social-title" data-testid="social-links">
      <h2 id="social-title" className={css.sectionTitle}>
        {koSocial.linksTitle}
      </h2>
      {result ? null : <SocialNote note={note} />}
      {result?.done && result.provider ? <SocialNote note={`unlinked-${result.provider}`} /> : null}
      <ul className={css.flush}>
        {SOCIAL_PROVIDERS.map((provider) => {
          const link = links.find((l) => l.provider === provider);
          const name = koSocial.provider[provider];
          const error = result?.provider === provider ? result.formError : undefined;
          return (
            <li key={provider} data-provider={provider}>
              <span>
                {name} · {link ? koSocial.linkedAt(formatDate(link.linked_at)) : koSocial.notLinked}
              </span>
              {link ? (
                <Form method="post" className={css.check}>
                  <input type="hidden" name="intent" value="social-unlink" />
                  <input type="hidden" name="provider" value={provider} />
                  <button type="submit" className={css.smallSecondary}>
                    {koSocial.unlink}
                  </button>
                </Form>
              ) : (
                <form method="post" action={`/auth/${provider}/start`} className={css.check}>
                  <input type="hidden" name="purpose" value="link" />
                  <input type="hidden" name="url" value="/user/info" />
                  <button type="submit" className={css.smallSecondary}>
                    {koSocial.link}
                  </button>
                </form>
              )}
              {error ? <FormMessage kind="error">{error}</FormMessage> : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
