import { Form, Link } from "@remix-run/react";
import * as cartCss from "../cart/cart.css";
import * as domainCss from "./domain.css";

/**
 * The second press of a console removal (a domain, payment keys): the question, then a post of
 * intent=remove with confirm=1, or back to the page. A plain form, so it works without scripts.
 */
export function RemoveConfirm({
  label,
  question,
  sure,
  cancel,
  back,
  busy,
}: {
  label: string;
  question: string;
  sure: string;
  cancel: string;
  /** The page to go back to when the owner thinks better of it. */
  back: string;
  busy: boolean;
}) {
  return (
    <Form method="post" className={cartCss.fields} aria-label={label}>
      <p role="alert">{question}</p>
      <input type="hidden" name="confirm" value="1" />
      <div className={domainCss.actions}>
        <button className={cartCss.primary} name="intent" value="remove" disabled={busy}>
          {sure}
        </button>
        <Link className={cartCss.secondary} to={back}>
          {cancel}
        </Link>
      </div>
    </Form>
  );
}
