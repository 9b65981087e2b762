import { ko } from "~/shared/messages";
import { SmartLink } from "./SmartLink";
import * as css from "./shop.css";

/** Plain links, so paging works without JavaScript and every page has its own URL. */
export function Pager({ page, pages, href }: { page: number; pages: number; href: (page: number) => string }) {
  if (pages <= 1) return null;
  return (
    <nav className={css.pager} aria-label="pagination">
      {page > 1 ? (
        <SmartLink className={css.pagerLink} to={href(page - 1)} rel="prev">
          {ko.common.prev}
        </SmartLink>
      ) : null}
      <span>{ko.common.pageOf(page, pages)}</span>
      {page < pages ? (
        <SmartLink className={css.pagerLink} to={href(page + 1)} rel="next">
          {ko.common.next}
        </SmartLink>
      ) : null}
    </nav>
  );
}
