import { shopMeta } from "~/lib/seo";
import type { MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import * as css from "~/components/membership/membership.css";
import type { loader } from "./page.server";

export { loader } from "./page.server";

export const meta: MetaFunction<typeof loader> = (args) => shopMeta(args, { title: args.data?.title });

export default function PolicyPage() {
  const { title, sections, contact } = useLoaderData<typeof loader>();
  return (
    <article className={css.policy}>
      <h1 className={css.policyTitle}>{title}</h1>
      {sections.map(([heading, body]) => (
        <section key={heading} className={css.policySection}>
          <h2 className={css.policyHeading}>{heading}</h2>
          <p className={css.muted}>{body}</p>
        </section>
      ))}
      {contact ? <p className={css.muted}>{contact}</p> : null}
    </article>
  );
}
