import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { ContentLayout } from "~/components/layouts";
import { Linkified } from "~/components/Linkified";
import * as css from "~/components/shop.css";
import { shopMeta } from "~/lib/seo";
import { rethrowAsResponse } from "~/lib/shop-loaders.server";
import { formatDate } from "~/shared/format";
import { koNotices } from "~/shared/messages/shop/notices";

/**
 * /mycontent/load?id=: one piece of the shop's own content, a notice, on a page of its own in the
 * content layout (decision 071): the address a shop owner shares in a chat or a post.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const id = Number(new URL(request.url).searchParams.get("id"));
  if (!Number.isInteger(id) || id <= 0) throw new Response(null, { status: 404 });
  const notice = await context.api
    .call("notice", { query: { shopid: context.shop.shopid, id } })
    .catch((e) => rethrowAsResponse(e));
  return { notice };
}

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
