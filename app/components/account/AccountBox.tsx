import { Link, useLocation } from "@remix-run/react";
import { koMemberBox } from "~/shared/messages/shop/account";
import { koDrawer } from "~/shared/messages/shop/drawer";
import { loginPath } from "~/shared/return-path";
import type { SessionState } from "~/lib/session";
import { Avatar, AvatarSlots } from "./Avatar";
import { useSlots } from "~/lib/slots";
import { SLOT } from "~/shared/slots";
import * as css from "./account.css";

/** The drawer's account box: a login prompt for guests, a greeting for members. */
export function AccountBox({ session, storageUrl }: { session: SessionState; storageUrl: string }) {
  const location = useLocation();
  const here = location.pathname + location.search;
  const member = session.member;
  // A page kept for every visitor draws both, marked: the Worker keeps the visitor's (decision 122).
  const slots = useSlots();
  const prompt = (
    <div className={css.prompt} data-testid="account-prompt" {...(slots ? { [SLOT.only]: "guest" } : {})}>
      <p className={css.flush}>{koDrawer.loginPrompt}</p>
      <div className={css.promptButtons}>
        <Link className={css.smallButton} to={loginPath(here)}>
          {koDrawer.login}
        </Link>
        <Link className={css.smallSecondary} to={`/user/join?${new URLSearchParams({ url: here })}`}>
          {koDrawer.join}
        </Link>
      </div>
    </div>
  );
  if (!member && !slots) return prompt;
  const greeting = (
    <div className={css.account} data-testid="account-greeting" {...(slots ? { [SLOT.only]: "member" } : {})}>
      {member ? (
        <Avatar name={member.name} profile={member.profile} storageUrl={storageUrl} className={css.avatar} />
      ) : (
        <AvatarSlots className={css.avatar} />
      )}
      <div className={css.accountText}>
        <p className={css.accountName} {...(slots ? { [SLOT.text]: "greeting" } : {})}>
          {member ? koMemberBox.greeting(member.name) : ""}
        </p>
        <div className={css.accountLinks}>
          <Link to="/user/info">{koMemberBox.settings}</Link>
          {/* A full navigation: the Worker answers it, not a Remix route. */}
          <a href={`/api/user/logout/v2?${new URLSearchParams({ url: here })}`}>{koMemberBox.logout}</a>
        </div>
      </div>
    </div>
  );
  if (!slots) return greeting;
  return (
    <>
      {prompt}
      {greeting}
    </>
  );
}
