import { shopMeta } from "~/lib/seo";
import type { MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import * as css from "~/components/account/account.css";
import { FormMessage } from "~/components/account/Fields";
import { koAuth } from "~/shared/messages/auth";
import { VerifyForm } from "~/components/identity/VerifyForm";
import type { loader } from "./page.server";

export const meta: MetaFunction = (args) => shopMeta(args, { title: koAuth.guestVerifyTitle, noindex: true });

export { loader } from "./page.server";

export default function GuestVerification() {
  const { available, login, returnTo } = useLoaderData<typeof loader>();
  return (
    <>
      <h1 className={css.title}>{koAuth.guestVerifyTitle}</h1>
      <div className={css.form}>
        {available ? (
          <VerifyForm purpose="adult" returnTo={returnTo} />
        ) : (
          <FormMessage kind="error">{koAuth.verifyUnavailable}</FormMessage>
        )}
        <Link className={css.secondaryButton} to={login}>
          {koAuth.loginTitle}
        </Link>
      </div>
    </>
  );
}
