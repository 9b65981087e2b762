import type { ShopInfo } from "~/shared/contracts";
import { koFooter } from "~/shared/messages/shop/footer";
import * as css from "./shop.css";
import { ConsentSettingsButton } from "./tracking/ConsentBar";
import { trackingIds } from "~/shared/tracking";
import { tossEscrowCheckUrl } from "~/shared/escrow";
import { formatPhone } from "~/shared/phone";

/**
 * The shop's purchase-safety mark (전자상거래법 §13②10, decision 103): one link, Toss's when the
 * shop's own Toss contract gives it escrow, else the KCP code it was set up with.
 */
function EscrowMark({ shop }: { shop: ShopInfo }) {
  if (shop.escrow)
    return (
      <li className={css.escrowMark} data-testid="escrow-mark">
        <span className={css.escrowBadge}>{koFooter.escrowMark}</span>
        <a href={tossEscrowCheckUrl(shop.escrow.mid)} target="_blank" rel="noopener noreferrer">
          {koFooter.escrow}
        </a>
      </li>
    );
  if (shop.kcp_code)
    return (
      <li>
        <a
          href={`https://admin.kcp.co.kr/Modules/escrow/kcp_pop.jsp?site_cd=${encodeURIComponent(shop.kcp_code)}`}
          target="_blank"
          rel="noopener noreferrer"
        >
          {koFooter.escrow}
        </a>
      </li>
    );
  return null;
}

export function Footer({ shop }: { shop: ShopInfo }) {
  const digits = shop.idnum?.replace(/\D/g, "");
  const rows: [string, string | null][] = [
    [koFooter.corpname, shop.corpname],
    [koFooter.ceo, shop.ceo],
    [koFooter.idnum, shop.idnum],
    [koFooter.idnumSingo, shop.idnum_singo],
    [koFooter.address, [shop.zipcode && `(${shop.zipcode})`, shop.address].filter(Boolean).join(" ") || null],
    [koFooter.tel, formatPhone(shop.tel) || null],
    [koFooter.email, shop.email],
    [koFooter.privacyOfficer, shop.privacy_officer],
  ];
  return (
    <footer className={css.footer} data-testid="footer">
      <ul className={css.footerLinks}>
        <li>
          <a href="/link?type=terms">{koFooter.terms}</a>
        </li>
        <li>
          <a href="/link?type=privacy">
            <strong>{koFooter.privacy}</strong>
          </a>
        </li>
        {digits ? (
          <li>
            <a href={`https://www.ftc.go.kr/bizCommPop.do?wrkr_no=${digits}`} target="_blank" rel="noopener noreferrer">
              {koFooter.businessInfo}
            </a>
          </li>
        ) : null}
        {trackingIds(shop) ? <ConsentSettingsButton /> : null}
        <EscrowMark shop={shop} />
      </ul>
      <dl className={css.footerInfo}>
        {rows
          .filter((r): r is [string, string] => Boolean(r[1]))
          .map(([label, value]) => (
            <div key={label} className={css.footerInfoRow}>
              <dt>{label}</dt>
              <dd className={css.footerInfoValue}>{value}</dd>
            </div>
          ))}
      </dl>
      {shop.broker ? (
        <p className={css.footerBroker} data-testid="broker-notice">
          {koFooter.broker}
        </p>
      ) : null}
      <p>{koFooter.hosting}</p>
    </footer>
  );
}
