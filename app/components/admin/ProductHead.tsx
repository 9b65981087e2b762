import type { ReactNode } from "react";
import { Link } from "@remix-run/react";
import { useRootData } from "~/lib/root-data";
import { pictureSrcSet } from "~/shared/picture-sizes";
import * as cartCss from "../cart/cart.css";
import * as css from "./admin.css";

/** A product's small picture in the console's lists and forms (56 px, the sizes storage makes). */
export function ProductThumb({ image, lazy = true }: { image: string | null; lazy?: boolean }) {
  const { storageUrl } = useRootData();
  if (!image) return null;
  return (
    <img
      className={css.thumb}
      src={storageUrl + image}
      srcSet={pictureSrcSet(storageUrl, image)}
      sizes="56px"
      alt=""
      width={56}
      height={56}
      loading={lazy ? "lazy" : undefined}
    />
  );
}

/**
 * The head of a product's card in the console's lists (/admin/products, /admin/stock): picture,
 * title and a muted line, one link to where that list edits the product.
 */
export function ProductHead({
  to,
  image,
  title,
  children,
}: {
  to: string;
  image: string | null;
  title: string;
  children: ReactNode;
}) {
  return (
    <Link to={to} className={css.photoLink}>
      <ProductThumb image={image} />
      <span>
        <strong>{title}</strong>
        <br />
        <span className={cartCss.muted}>{children}</span>
      </span>
    </Link>
  );
}
