import { LIST_SORTS, type ListSort } from "~/shared/sorts";
import { koSort } from "~/shared/messages/shop/sort";
import { SmartLink } from "./SmartLink";
import * as css from "./shop.css";

/** 추천순 · 신상품순 · 낮은가격순 · 높은가격순 · 인기순, as links (no scripts needed). */
export function SortChips({ current, href }: { current: ListSort; href: (sort: ListSort) => string }) {
  return (
    <nav className={css.chips} aria-label={koSort.label}>
      {LIST_SORTS.map((sort) => (
        <SmartLink
          key={sort}
          className={css.chip}
          to={href(sort)}
          aria-current={sort === current ? "true" : undefined}
          rel="nofollow"
        >
          {koSort[sort]}
        </SmartLink>
      ))}
    </nav>
  );
}
