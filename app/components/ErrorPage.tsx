import { isRouteErrorResponse, Link } from "@remix-run/react";
import { useEffect } from "react";
import { isChunkLoadError, reloadForStaleChunk } from "~/lib/chunk-reload.client";
import { REQUEST_ID_ELEMENT, useRequestId } from "~/lib/request-id";
import { koErrors } from "~/shared/messages/shop/errors";
import * as css from "./shop.css";

/** A thrown 404 whose data is this marker means "the product exists in the URL but cannot be shown". */
export const NOT_READY = "not-ready";
/** A product page whose product does not exist (or no longer): said so, not "try again later". */
export const NO_PRODUCT = "no-product";

function describe(error: unknown): { title: string; body: string } {
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) {
      if (error.data === NOT_READY) return { title: koErrors.notReady, body: koErrors.notReadyBody };
      if (error.data === NO_PRODUCT) return { title: koErrors.noProduct, body: koErrors.noProductBody };
      return { title: koErrors.pageNotFound, body: koErrors.pageNotFoundBody };
    }
    if (error.status === 502 || error.status === 503 || error.status === 504) {
      return { title: koErrors.upstream, body: koErrors.upstreamBody };
    }
  }
  return { title: koErrors.unexpected, body: koErrors.unexpectedBody };
}

/** The error's words; the caller puts them in the page's one `<main>` (the shop's frame has one). */
export function ErrorPage({ error }: { error: unknown }) {
  useEffect(() => {
    if (isChunkLoadError(error)) reloadForStaleChunk();
  }, [error]);
  const { title, body } = describe(error);
  const requestId = useRequestId(error);
  return (
    <div className={css.empty}>
      <h1>{title}</h1>
      <p>{body}</p>
      <p>
        <Link to="/" className={css.pagerLink}>
          {koErrors.goHome}
        </Link>
      </p>
      {requestId ? (
        <p className={css.requestId}>
          {koErrors.requestId}{" "}
          <span id={REQUEST_ID_ELEMENT} className={css.requestIdValue}>
            {requestId}
          </span>
        </p>
      ) : null}
    </div>
  );
}
