import { Link, Outlet } from "@remix-run/react";
import * as css from "~/components/account/account.css";
import { FullbgLayout } from "~/components/layouts";
import { useRootData } from "~/lib/root-data";

/**
 * The account pages (login, join, password, /notlogin/*): the fullbg layout, a card on the
 * shop's colour with the circle pattern from mcolor2, and no footer (spec §2).
 */
export default function AuthFrame() {
  const { shop, storageUrl } = useRootData();
  return (
    <FullbgLayout>
      {shop.use_logo && shop.logo ? (
        <Link className={css.brandLogoBox} to="/">
          <img className={css.brandLogo} src={`${storageUrl}${shop.logo}`} alt={shop.name} />
        </Link>
      ) : (
        <Link className={css.brand} to="/">
          {shop.name}
        </Link>
      )}
      <Outlet />
    </FullbgLayout>
  );
}
