import { shopMeta } from "~/lib/seo";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import * as css from "~/components/membership/membership.css";
import { policyPage } from "~/lib/membership-text.server";
import { sharePage } from "~/lib/shared-page.server";

/**
 * /link?type=privacy | terms: the shop's privacy policy and terms (footer, sign-up, shop
 * membership). The text is put together on the server: it is content, and no script needs it.
 */

export async function loader({ request, context }: LoaderFunctionArgs) {
  const type = new URL(request.url).searchParams.get("type");
  if (type !== "privacy" && type !== "terms") throw new Response(null, { status: 404 });
  sharePage(context);
  return policyPage(type, context.shop);
}

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
