import * as cartCss from "../cart/cart.css";

/**
 * What the console's last form post did: the success a redirect named (`done=`), unless the post
 * came back with a result of its own, and the error the API gave.
 */
export function Outcome({ done, error, answered }: { done?: string | null; error?: string; answered: boolean }) {
  return (
    <>
      {done && !answered ? (
        <div className={cartCss.success} role="status">
          {done}
        </div>
      ) : null}
      {error ? (
        <div className={cartCss.notice} role="alert">
          {error}
        </div>
      ) : null}
    </>
  );
}
