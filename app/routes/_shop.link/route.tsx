import { shopMeta } from "~/lib/seo";
import type { MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import * as css from "~/components/membership/membership.css";
import * as cartCss from "~/components/cart/cart.css";
import type { loader } from "./page.server";

export { loader } from "./page.server";

export const meta: MetaFunction<typeof loader> = (args) => shopMeta(args, { title: args.data?.title });

export default function LinkPage() {
  const data = useLoaderData<typeof loader>();
  if (data.kind === "links")
    return (
      <article className={css.policy}>
        <h1 className={css.policyTitle}>{data.title}</h1>
        <ul className={cartCss.fields} data-testid="link-page">
          {data.links.map((link) => (
            <li key={link.url + link.label}>
              <a className={cartCss.secondary} href={link.url} rel="noopener noreferrer">
                {link.label}
              </a>
            </li>
          ))}
        </ul>
      </article>
    );
  const { title, sections, contact } = data;
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
