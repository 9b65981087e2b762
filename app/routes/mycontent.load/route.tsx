import type { MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { ContentLayout } from "~/components/layouts";
import { Linkified } from "~/components/Linkified";
import * as css from "~/components/shop.css";
import { shopMeta } from "~/lib/seo";
import { formatDate } from "~/shared/format";
import { koNotices } from "~/shared/messages/shop/notices";
import type { loader } from "./page.server";

export { loader } from "./page.server";

export const meta: MetaFunction<typeof loader> = (args) =>
  shopMeta(args, {
    title: args.data?.notice.title ?? koNotices.title,
    description: args.data?.notice.body ?? null,
    type: "article",
  });

export default function ContentPage() {
  const { notice } = useLoaderData<typeof loader>();
  return (
    <ContentLayout title={koNotices.title}>
      <article>
        <h2 className={css.sectionTitle}>
          {notice.pinned ? <strong>[{koNotices.pinned}] </strong> : null}
          {notice.title}
        </h2>
        <p className={css.noticeDate}>
          <time dateTime={new Date(notice.created_at * 1000).toISOString()}>{formatDate(notice.created_at)}</time>
        </p>
        <div className={css.noticeBody}>
          <Linkified text={notice.body} />
        </div>
      </article>
      <p>
        <Link to="/shop/notice-list">{koNotices.all}</Link> · <Link to="/">{koNotices.home}</Link>
      </p>
    </ContentLayout>
  );
}
