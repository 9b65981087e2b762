import { shopMeta } from "~/lib/seo";
import type { MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData } from "@remix-run/react";
import { useEffect, useState } from "react";
import * as css from "~/components/account/account.css";
import { FormMessage } from "~/components/account/Fields";
import { VerifyForm } from "~/components/identity/VerifyForm";
import { useHydrated } from "~/lib/hydrated";
import { openIdentityWindow } from "~/lib/portone-window";
import { koIdentity } from "~/shared/messages/identity";
import type { action } from "./page.server";
import { IDENTITY_WINDOW_PAGE } from "~/shared/uploads";

export const meta: MetaFunction = (args) => shopMeta(args, { title: koIdentity.title, noindex: true });

export { action, loader } from "./page.server";

/** The page opens PortOne's identity window: its policy lets the window in (issue 53 item 2). */
export const handle = IDENTITY_WINDOW_PAGE;

/**
 * PortOne's window needs scripts: with them it opens at once (and from the button, if the browser
 * held it back); without them the page says so instead of offering a dead button.
 */
export default function IdentityStart() {
  const answer = useActionData<typeof action>();
  const hydrated = useHydrated();
  const [failed, setFailed] = useState(false);
  const w = answer?.window ?? null;
  const open = () => {
    if (!w) return;
    setFailed(false);
    openIdentityWindow(w).catch(() => setFailed(true));
  };
  useEffect(() => {
    if (hydrated && w) open();
    // Opened once per answer; the button opens it again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hydrated, w?.id]);
  const adult = answer?.purpose !== "identity";
  return (
    <div className={css.page}>
      <h1 className={css.title}>{adult ? koIdentity.adultTitle : koIdentity.title}</h1>
      <p className={css.intro}>{adult ? koIdentity.adultExplain : koIdentity.explain}</p>
      {answer?.error ? <FormMessage kind="error">{answer.error}</FormMessage> : null}
      {failed ? <FormMessage kind="error">{koIdentity.openFailed}</FormMessage> : null}
      {w && hydrated ? (
        <button className={css.button} type="button" onClick={open} data-testid="identity-open">
          {koIdentity.open}
        </button>
      ) : null}
      {w && !hydrated ? (
        <p className={css.notice} data-testid="identity-needs-scripts">
          {koIdentity.needsScripts}
        </p>
      ) : null}
      {answer ? null : <VerifyForm purpose="adult" returnTo="/" />}
      <p className={css.intro}>
        <Link to={answer?.back ?? "/"}>{koIdentity.back}</Link>
      </p>
    </div>
  );
}
