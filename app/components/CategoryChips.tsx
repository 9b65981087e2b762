import type { Category } from "~/shared/contracts";
import { koDrawer } from "~/shared/messages/shop/drawer";
import { SmartLink } from "./SmartLink";
import * as css from "./shop.css";

/** A row of category links (/shop/list?category=N), the current one marked; `all` leads with 전체. */
export function CategoryChips({
  categories,
  current,
  all = false,
}: {
  categories: Category[];
  current: number | null;
  all?: boolean;
}) {
  const chip = (id: number, name: string) => (
    <li key={id}>
      <SmartLink
        className={css.chip}
        to={`/shop/list?category=${id}`}
        aria-current={id === current ? "page" : undefined}
      >
        {name}
      </SmartLink>
    </li>
  );
  return (
    <ul className={css.chips}>
      {all ? chip(0, koDrawer.allCategory) : null}
      {categories.map((c) => chip(c.id, c.name))}
    </ul>
  );
}
