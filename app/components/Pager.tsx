import { koCommon } from "~/shared/messages/shop/common";
import { SmartLink } from "./SmartLink";
import * as css from "./shop.css";
import { visuallyHidden } from "../../styles/a11y.css";

/** Page numbers shown around the current one. */
const AROUND = 2;

/**
 * Plain links, so paging works without JavaScript and every page has its own URL: previous, the
 * first and last pages, the pages around this one, next.
 */
export function Pager({ page, pages, href }: { page: number; pages: number; href: (page: number) => string }) {
  if (pages <= 1) return null;
  const numbers: (number | "gap")[] = [];
  for (let n = 1; n <= pages; n++) {
    if (n === 1 || n === pages || Math.abs(n - page) <= AROUND) numbers.push(n);
    else if (numbers.at(-1) !== "gap") numbers.push("gap");
  }
  return (
    <nav className={css.pager} aria-label="pagination">
      {page > 1 ? (
        <SmartLink className={css.pagerLink} to={href(page - 1)} rel="prev">
          {koCommon.prev}
        </SmartLink>
      ) : null}
      {numbers.map((n, i) =>
        n === "gap" ? (
          <span key={`gap${i}`} aria-hidden="true">
            …
          </span>
        ) : n === page ? (
          <span key={n} className={css.pagerCurrent} aria-current="page">
            <PageNumber n={n} />
          </span>
        ) : (
          <SmartLink key={n} className={css.pagerLink} to={href(n)}>
            <PageNumber n={n} />
          </SmartLink>
        ),
      )}
      {page < pages ? (
        <SmartLink className={css.pagerLink} to={href(page + 1)} rel="next">
          {koCommon.next}
        </SmartLink>
      ) : null}
    </nav>
  );
}

/** "2", read as "2페이지": the name a screen reader says starts with the number shown. */
function PageNumber({ n }: { n: number }) {
  return (
    <>
      {n}
      <span className={visuallyHidden}>{koCommon.pageSuffix}</span>
    </>
  );
}
