import { useHydrated } from "~/lib/hydrated";
import type { ReactNode } from "react";
import type { ProductCard as Card } from "~/shared/contracts";
import { discountRate, formatKRW } from "~/shared/format";
import { koProduct } from "~/shared/messages/shop/product";
import { cardRating } from "~/shared/messages/shop/card-rating";
import { LikeButton } from "./LikeButton";
import { SmartLink } from "./SmartLink";
import { pictureSizes } from "~/shared/picture-sizes";
import { FIRST_PICTURE } from "~/lib/after-paint";
import { SHOW_ALL, type ProductDisplay } from "~/shared/display";
import * as css from "./shop.css";
import { visuallyHidden } from "../../styles/a11y.css";

/**
 * Product cards in a grid. With `liked` (the ids the shopper likes) each card has its ♡; `below`
 * adds something under a card (the recently viewed list's 삭제).
 */
export function ProductGrid({
  items,
  storageUrl,
  label,
  liked,
  below,
  eagerCount = 4,
  scriptedPictures = false,
  titleLevel = 2,
  display = SHOW_ALL,
}: {
  items: Card[];
  storageUrl: string;
  label: string;
  liked?: readonly number[];
  below?: (product: Card) => ReactNode;
  /** How many first pictures load at once; the rest when scrolled near (0 below the fold). */
  eagerCount?: number;
  scriptedPictures?: boolean;
  /** The cards' titles are headings one under the grid's: 2 under the page's h1, 3 under an h2. */
  titleLevel?: 2 | 3;
  /** The shop's show_prod / show_price (decision 107). */
  display?: ProductDisplay;
}) {
  return (
    <ul className={css.grid} aria-label={label}>
      {items.map((p, i) => (
        <li key={p.id} className={css.cardCell}>
          <ProductCard
            product={p}
            storageUrl={storageUrl}
            eager={i < eagerCount}
            scriptedPictures={scriptedPictures}
            titleLevel={titleLevel}
            priority={i === 0 && eagerCount > 0}
            display={display}
          />
          {liked ? <LikeButton pid={p.id} title={p.title} liked={liked.includes(p.id)} /> : null}
          {below?.(p)}
        </li>
      ))}
    </ul>
  );
}

export function ProductCard({
  product,
  storageUrl,
  eager,
  scriptedPictures,
  titleLevel = 2,
  priority = false,
  display = SHOW_ALL,
}: {
  product: Card;
  storageUrl: string;
  eager?: boolean;
  /** Pictures only once scripts run (a streamed part a page without scripts never shows). */
  scriptedPictures?: boolean;
  titleLevel?: 2 | 3;
  /** The first picture a phone shows (the page's likely LCP): fetched before the others. */
  priority?: boolean;
  display?: ProductDisplay;
}) {
  const Title = titleLevel === 2 ? "h2" : "h3";
  const picture = product.image ? (
    <img
      className={css.cardImage}
      src={`${storageUrl}${product.image}`}
      {...pictureSizes(storageUrl, product.image, "card")}
      alt=""
      width={300}
      height={300}
      loading={eager ? "eager" : "lazy"}
      // Each picture is drawn as soon as it is decoded, in a frame of its own. Decoded with the
      // page ("auto"), the first screen's pictures came together in one frame, but only once the
      // last of them was decoded: the largest paint came later (2.2 s in a Lighthouse run).
      decoding="async"
      {...(priority ? FIRST_PICTURE : {})}
    />
  ) : null;
  return (
    <SmartLink className={css.card} to={`/shop/view/${encodeURIComponent(product.sid)}`}>
      {product.adult ? (
        // No picture address for adult-only goods on cards (decision 114): the mark stands there.
        <div className={css.adultCovered} data-testid="adult-covered">
          <AdultMark />
        </div>
      ) : picture && scriptedPictures ? (
        <AfterHydration placeholder={<div className={css.cardImage} />}>{picture}</AfterHydration>
      ) : (
        (picture ?? <div className={css.cardImage} />)
      )}
      <div className={css.cardBody}>
        {/* Without show_prod the title is still the link's name, for screen readers. */}
        <Title className={display.title ? css.cardTitle : visuallyHidden}>{product.title}</Title>
        {display.price ? (
          <div className={css.cardPrice} data-testid="card-price">
            {product.list_price && product.list_price > product.price ? (
              <span className={css.discountRate} data-testid="discount-rate">
                {discountRate(product.price, product.list_price)}%
              </span>
            ) : null}
            {formatKRW(product.price)}
            {product.list_price && product.list_price > product.price ? (
              <span className={css.listPrice}>{formatKRW(product.list_price)}</span>
            ) : null}
          </div>
        ) : null}
        {product.review_count > 0 ? (
          // A <small> of its own: no class, so every card list's first-load script stays as it was.
          <small>{cardRating(product.rating, product.review_count)}</small>
        ) : null}
        {product.adult ? <AdultMark /> : null}
        {product.ptype === "pick" ? <span className={css.pickTag}>PICK</span> : null}
        {product.sold_out ? (
          <span className={css.soldOutTag}>{product.sale_ended ? koProduct.saleEndedTag : koProduct.soldOut}</span>
        ) : null}
      </div>
    </SmartLink>
  );
}

/** The 19 mark on an adult-only card. */
function AdultMark() {
  return (
    <span className={css.adultMark} role="img" aria-label={koProduct.adultMarkLabel} data-testid="adult-mark">
      {koProduct.adultMark}
    </span>
  );
}

/**
 * Its children once scripts run, the placeholder before: only the cards that need it pay for the
 * second render after hydration.
 */
function AfterHydration({ children, placeholder }: { children: ReactNode; placeholder: ReactNode }) {
  return useHydrated() ? children : placeholder;
}
