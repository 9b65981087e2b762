import { shopMeta } from "~/lib/seo";
import type { MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import * as css from "~/components/account/account.css";
import { FormMessage } from "~/components/account/Fields";
import { VerifyForm } from "~/components/identity/VerifyForm";
import { koIdentity } from "~/shared/messages/identity";
import type { loader } from "./page.server";

export const meta: MetaFunction = (args) => shopMeta(args, { title: koIdentity.title, noindex: true });

export { loader } from "./page.server";

/** Why the verification did not go through, and the way back or to try again. */
export default function IdentityReturn() {
  const r = useLoaderData<typeof loader>();
  const text =
    r.outcome === "minor"
      ? koIdentity.minor
      : r.outcome === "expired"
        ? koIdentity.expired
        : r.outcome === "foreign"
          ? koIdentity.foreign
          : r.outcome === "unavailable"
            ? koIdentity.unavailable
            : r.message
              ? koIdentity.cancelledWith(r.message)
              : koIdentity.failed;
  return (
    <div className={css.page}>
      <h1 className={css.title}>{r.purpose === "adult" ? koIdentity.adultTitle : koIdentity.title}</h1>
      <div data-testid="identity-result">
        <FormMessage kind="error">{text}</FormMessage>
      </div>
      {r.outcome === "minor" ? null : <VerifyForm purpose={r.purpose} returnTo={r.back} label={koIdentity.retry} />}
      <p className={css.intro}>
        <Link to={r.back}>{koIdentity.back}</Link>
      </p>
    </div>
  );
}
