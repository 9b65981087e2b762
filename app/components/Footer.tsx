import type { ShopInfo } from "~/shared/contracts";
import { ko } from "~/shared/messages";
import * as css from "./shop.css";
import { ConsentSettingsButton } from "./tracking/Tracking";
import { trackingIds } from "~/shared/tracking";

/** Pages whose layout has no footer (spec §2). */
export const FOOTERLESS_PATHS = ["/user/login", "/user/join", "/user/forget", "/my/login"];

export function footerHidden(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, "");
  return FOOTERLESS_PATHS.includes(path);
}

export function Footer({ shop }: { shop: ShopInfo }) {
  const digits = shop.idnum?.replace(/\D/g, "");
  const rows: [string, string | null][] = [
    [ko.footer.corpname, shop.corpname],
    [ko.footer.ceo, shop.ceo],
    [ko.footer.idnum, shop.idnum],
    [ko.footer.idnumSingo, shop.idnum_singo],
    [ko.footer.address, [shop.zipcode && `(${shop.zipcode})`, shop.address].filter(Boolean).join(" ") || null],
    [ko.footer.tel, shop.tel],
    [ko.footer.email, shop.email],
  ];
  return (
    <footer className={css.footer} data-testid="footer">
      <ul className={css.footerLinks}>
        <li>
          <a href="/link?type=terms">{ko.footer.terms}</a>
        </li>
        <li>
          <a href="/link?type=privacy">
            <strong>{ko.footer.privacy}</strong>
          </a>
        </li>
        {digits ? (
          <li>
            <a href={`https://www.ftc.go.kr/bizCommPop.do?wrkr_no=${digits}`} target="_blank" rel="noopener noreferrer">
              {ko.footer.businessInfo}
            </a>
          </li>
        ) : null}
        {trackingIds(shop) ? <ConsentSettingsButton /> : null}
        {shop.kcp_code ? (
          <li>
            <a
              href={`https://admin.kcp.co.kr/Modules/escrow/kcp_pop.jsp?site_cd=${encodeURIComponent(shop.kcp_code)}`}
              target="_blank"
              rel="noopener noreferrer"
            >
              {ko.footer.escrow}
            </a>
          </li>
        ) : null}
      </ul>
      <dl className={css.footerInfo}>
        {rows
          .filter((r): r is [string, string] => Boolean(r[1]))
          .map(([label, value]) => (
            <div key={label} style={{ display: "contents" }}>
              <dt>{label}</dt>
              <dd style={{ margin: 0 }}>{value}</dd>
            </div>
          ))}
      </dl>
      <p>{ko.footer.hosting}</p>
    </footer>
  );
}
