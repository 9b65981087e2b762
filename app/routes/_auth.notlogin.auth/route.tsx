import { shopMeta } from "~/lib/seo";
import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import * as css from "~/components/account/account.css";
import { FormMessage } from "~/components/account/Fields";
import { identityProvider } from "~/lib/identity.server";
import { loginPath, safeReturnPath } from "~/shared/return-path";
import { koAuth } from "~/shared/messages/auth";

export const meta: MetaFunction = (args) => shopMeta(args, { title: koAuth.guestVerifyTitle, noindex: true });

/**
 * Identity verification for a shopper who is not logged in (for example a guest ordering an
 * adult-only product). Members verify from their account page instead.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  if (context.member) throw redirect("/user/info?auth=1");
  const returnTo = safeReturnPath(new URL(request.url).searchParams.get("url"));
  return { available: identityProvider(context.env) !== null, login: loginPath(returnTo, context.shop.dom) };
}

export default function GuestVerification() {
  const { available, login } = useLoaderData<typeof loader>();
  return (
    <>
      <h1 className={css.title}>{koAuth.guestVerifyTitle}</h1>
      <div className={css.form}>
        {available ? null : <FormMessage kind="error">{koAuth.verifyUnavailable}</FormMessage>}
        <Link className={css.secondaryButton} to={login}>
          {koAuth.loginTitle}
        </Link>
      </div>
    </>
  );
}
