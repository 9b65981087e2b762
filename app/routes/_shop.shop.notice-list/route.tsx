import type { MetaFunction } from "@remix-run/cloudflare";
import { shopMeta } from "~/lib/seo";
import { Link, useLoaderData } from "@remix-run/react";
import { Pager } from "~/components/Pager";
import * as css from "~/components/shop.css";
import { formatDate } from "~/shared/format";
import { koNotices } from "~/shared/messages/shop/notices";
import { Linkified } from "~/components/Linkified";
import type { loader } from "./page.server";

export { loader } from "./page.server";

export const meta: MetaFunction<typeof loader> = (args) =>
  shopMeta(args, {
    title: koNotices.title,
    description: args.data?.items.length ? args.data.items.map((n) => n.title).join(" · ") : null,
  });

export default function NoticeList() {
  const { items, page, pages, open } = useLoaderData<typeof loader>();
  return (
    <>
      <h1 className={css.sectionTitle}>{koNotices.title}</h1>
      {items.length === 0 ? (
        <p className={css.empty}>{koNotices.empty}</p>
      ) : (
        <ul className={css.categoryTree}>
          {items.map((n) => (
            <li key={n.id} id={`notice-${n.id}`} className={css.anchored}>
              {/* details/summary: opens without JavaScript */}
              <details open={n.id === open || undefined}>
                <summary className={css.drawerLink}>
                  <span>
                    {n.pinned ? <strong>[{koNotices.pinned}] </strong> : null}
                    {n.title}
                  </span>
                  <small>{formatDate(n.created_at)}</small>
                </summary>
                <div className={css.noticeListBody}>
                  <Linkified text={n.body} />
                  <p className={css.noticePermalink}>
                    <Link to={`/mycontent/load?id=${n.id}`}>{koNotices.permalink}</Link>
                  </p>
                </div>
              </details>
            </li>
          ))}
        </ul>
      )}
      <Pager page={page} pages={pages} href={(p) => `/shop/notice-list${p > 1 ? `?page=${p}` : ""}`} />
    </>
  );
}
