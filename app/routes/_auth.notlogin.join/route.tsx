import { shopMeta } from "~/lib/seo";
import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import * as css from "~/components/account/account.css";
import { loginPath, safeReturnPath } from "~/shared/return-path";
import { koAuth } from "~/shared/messages/auth";

export const meta: MetaFunction = (args) => shopMeta(args, { title: koAuth.notMemberTitle, noindex: true });

/**
 * Joining a shop as a member (points, members-only products) needs an account: a guest is asked
 * to log in or sign up and comes back to `url` afterwards. A member goes straight on.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const returnTo = safeReturnPath(new URL(request.url).searchParams.get("url"));
  if (context.member) throw redirect(returnTo);
  return {
    login: loginPath(returnTo, context.shop.dom),
    join: `/user/join?${new URLSearchParams({ url: returnTo })}`,
  };
}

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
