import { Form } from "@remix-run/react";
import * as cartCss from "../cart/cart.css";
import { koAdmin } from "~/shared/messages/admin";
import * as css from "./admin.css";

/** The console's list search: a plain GET form, keeping the other filters as hidden fields. */
export function SearchForm({
  q,
  placeholder,
  keep = {},
}: {
  q: string;
  placeholder: string;
  keep?: Record<string, string | null>;
}) {
  return (
    <Form method="get" className={css.search} role="search">
      {Object.entries(keep).map(([name, value]) =>
        value ? <input key={name} type="hidden" name={name} value={value} /> : null,
      )}
      <input
        className={cartCss.input}
        type="search"
        name="q"
        defaultValue={q}
        placeholder={placeholder}
        aria-label={placeholder}
        maxLength={40}
      />
      <button type="submit" className={cartCss.secondaryPadded}>
        {koAdmin.orders.searchButton}
      </button>
    </Form>
  );
}
