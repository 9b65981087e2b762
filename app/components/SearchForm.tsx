import { Form } from "@remix-run/react";
import { koSearch } from "~/shared/messages/shop/search";
import { MAX_QUERY_CHARS } from "~/shared/search";
import * as css from "./shop.css";

/** The shop's search box: a GET form, so results have their own address and work without scripts. */
export function ShopSearchForm({ q = "", autoFocus = false }: { q?: string; autoFocus?: boolean }) {
  return (
    <Form method="get" action="/shop/search" role="search" className={css.searchForm}>
      <input
        className={css.searchInput}
        type="search"
        name="q"
        defaultValue={q}
        maxLength={MAX_QUERY_CHARS}
        placeholder={koSearch.placeholder}
        aria-label={koSearch.label}
        enterKeyHint="search"
        autoComplete="off"
        // The search page is where people go to type: the box is ready.
        autoFocus={autoFocus}
      />
      <button type="submit" className={css.searchButton}>
        {koSearch.submit}
      </button>
    </Form>
  );
}
