import { Link, useLocation } from "@remix-run/react";
import { ko } from "~/shared/messages";
import { loginPath } from "~/shared/return-path";
import type { SessionState } from "~/lib/session";
import { Avatar } from "./Avatar";
import * as css from "./account.css";

/** The drawer's account box: a login prompt for guests, a greeting for members. */
export function AccountBox({ session, storageUrl }: { session: SessionState; storageUrl: string }) {
  const location = useLocation();
  const here = location.pathname + location.search;
  const member = session.member;
  if (!member) {
    return (
      <div className={css.prompt} data-testid="account-prompt">
        <p style={{ margin: 0 }}>{ko.drawer.loginPrompt}</p>
        <div className={css.promptButtons}>
          <Link className={css.smallButton} to={loginPath(here)}>
            {ko.drawer.login}
          </Link>
          <Link className={css.smallSecondary} to={`/user/join?${new URLSearchParams({ url: here })}`}>
            {ko.drawer.join}
          </Link>
        </div>
      </div>
    );
  }
  return (
    <div className={css.account} data-testid="account-greeting">
      <Avatar name={member.name} profile={member.profile} storageUrl={storageUrl} className={css.avatar} />
      <div className={css.accountText}>
        <p className={css.accountName}>{ko.account.greeting(member.name)}</p>
        <div className={css.accountLinks}>
          <Link to="/user/info">{ko.account.settings}</Link>
          {/* A full navigation: the Worker answers it, not a Remix route. */}
          <a href={`/api/user/logout/v2?${new URLSearchParams({ url: here })}`}>{ko.account.logout}</a>
        </div>
      </div>
    </div>
  );
}
