import { useFetcher, useLocation } from "@remix-run/react";
import type { FormEvent } from "react";
import { LIKE_ACTION, likeField } from "~/lib/likes";
import { koProduct } from "~/shared/messages/shop/product";
import * as css from "./shop.css";

/**
 * ♡ (찜): a real form post without scripts (the page comes back where it was); with them a
 * fetcher that shows the new state at once, then the server's answer.
 */
export function LikeButton({
  pid,
  title,
  liked,
  className,
}: {
  pid: number;
  title: string;
  liked: boolean;
  className?: string;
}) {
  const fetcher = useFetcher<{ liked?: boolean }>();
  const { pathname, search } = useLocation();
  // Scripts want data back rather than a redirect: the field is added as the form goes, so the
  // button renders the same before and after hydration (no second render of every ♡ in a grid).
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = new FormData(event.currentTarget);
    body.set(likeField.js, "1");
    fetcher.submit(body, { method: "post", action: LIKE_ACTION });
  };
  // Optimistic while the post is under way; then the answer (a refusal leaves it as it was).
  const pending = fetcher.formData?.get(likeField.like);
  const on = pending != null ? pending === "1" : (fetcher.data?.liked ?? liked);
  return (
    <fetcher.Form
      method="post"
      action={LIKE_ACTION}
      className={className ?? css.likeForm}
      onSubmit={submit}
      // Whose ♡ it is, for the Worker to fill in a kept page (decision 122): always, as a context
      // would cost the first load's scripts more; LIKE_SLOT's names written out for the same reason.
      data-like-pid={pid}
      data-like-title={title}
    >
      <input type="hidden" name={likeField.pid} value={pid} />
      <input type="hidden" name={likeField.like} value={on ? "0" : "1"} />
      <input type="hidden" name={likeField.back} value={pathname + search} />
      <button
        type="submit"
        className={css.likeButton}
        aria-pressed={on}
        aria-label={on ? koProduct.unlike(title) : koProduct.like(title)}
        data-testid="like"
      >
        {on ? "♥" : "♡"}
      </button>
    </fetcher.Form>
  );
}
