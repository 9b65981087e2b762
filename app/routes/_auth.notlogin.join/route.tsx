import { shopMeta } from "~/lib/seo";
import type { MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import * as css from "~/components/account/account.css";
import { koAuth } from "~/shared/messages/auth";
import type { loader } from "./page.server";

export const meta: MetaFunction = (args) => shopMeta(args, { title: koAuth.notMemberTitle, noindex: true });

export { loader } from "./page.server";

export default function NotLoginJoin() {
  const { login, join } = useLoaderData<typeof loader>();
  return (
    <>
      <h1 className={css.title}>{koAuth.notMemberTitle}</h1>
      <p className={css.intro}>{koAuth.notMemberBody}</p>
      <div className={css.form}>
        <Link className={css.button} to={login}>
          {koAuth.loginTitle}
        </Link>
        <Link className={css.secondaryButton} to={join}>
          {koAuth.joinTitle}
        </Link>
      </div>
    </>
  );
}
