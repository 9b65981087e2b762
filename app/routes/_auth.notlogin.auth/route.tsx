import { shopMeta } from "~/lib/seo";
import type { MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import * as css from "~/components/account/account.css";
import { FormMessage } from "~/components/account/Fields";
import { koAuth } from "~/shared/messages/auth";
import type { loader } from "./page.server";

export const meta: MetaFunction = (args) => shopMeta(args, { title: koAuth.guestVerifyTitle, noindex: true });

export { loader } from "./page.server";

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
