import { useEffect, useState } from "react";
import { clearRecentSearches, forgetSearch, readRecentSearches, rememberSearch } from "~/lib/recent-searches";
import { koSearch } from "~/shared/messages/shop/search";
import { SmartLink } from "./SmartLink";
import * as css from "./shop.css";

const searchHref = (q: string) => `/shop/search?${new URLSearchParams({ q })}`;

/** Keeps the query shown on the device's recent searches (decision 129); renders nothing. */
export function RememberSearch({ q }: { q: string }) {
  useEffect(() => {
    if (q !== "") rememberSearch(q);
  }, [q]);
  return null;
}

/**
 * The empty search page's offers (decision 129): the device's recent searches (read after
 * hydration from local storage, so the server's HTML and the first render agree; none without
 * scripts) and the shop's popular searches (from the server, links that work without scripts).
 */
export function SearchSuggestions({ popular }: { popular: string[] }) {
  const [recent, setRecent] = useState<string[]>([]);
  useEffect(() => setRecent(readRecentSearches()), []);
  return (
    <>
      {recent.length > 0 && (
        <section aria-labelledby="recent-searches">
          <h2 id="recent-searches" className={css.sectionTitle}>
            {koSearch.recent}
          </h2>
          <ul className={css.chips}>
            {recent.map((q) => (
              <li key={q}>
                <SmartLink className={css.chip} to={searchHref(q)} rel="nofollow">
                  {q}
                </SmartLink>
                <button
                  type="button"
                  className={css.chip}
                  aria-label={koSearch.recentRemove(q)}
                  onClick={() => setRecent(forgetSearch(q))}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
          <button type="button" className={css.chip} onClick={() => setRecent(clearRecentSearches())}>
            {koSearch.recentClear}
          </button>
        </section>
      )}
      {popular.length > 0 && (
        <section aria-labelledby="popular-searches">
          <h2 id="popular-searches" className={css.sectionTitle}>
            {koSearch.popular}
          </h2>
          <ol className={css.chips}>
            {popular.map((q) => (
              <li key={q}>
                <SmartLink className={css.chip} to={searchHref(q)} rel="nofollow">
                  {q}
                </SmartLink>
              </li>
            ))}
          </ol>
        </section>
      )}
    </>
  );
}
