import * as css from "./account.css";
import { koSocial } from "~/shared/messages/social-login";
import { formatPhone } from "~/shared/phone";

export type ShareAccount = { name: string; phone: string | null; email: string | null };

/**
 * What a shop receives when an account made elsewhere joins it (decisions 177, 180), item by item
 * with the recipient, purpose and keeping time (개인정보 보호법 §17). The one list of the one-tap
 * join: on /auth/join after a Kakao/Naver or e-mail login, and on /shop/member_point.
 */
export function ShareDetails({ shopName, account }: { shopName: string; account: ShareAccount }) {
  const rows: [string, string][] = [
    [koSocial.shareName, account.name],
    [koSocial.sharePhone, account.phone ? formatPhone(account.phone) : koSocial.shareNone],
    [koSocial.shareEmail, account.email ?? koSocial.shareNone],
  ];
  return (
    <section className={css.section} aria-label={koSocial.shareTitle} data-testid="share-details">
      <h2 className={css.sectionTitle}>{koSocial.shareTitle}</h2>
      <dl className={css.shareList}>
        <dt>{koSocial.shareRecipient}</dt>
        <dd>{shopName}</dd>
        <dt>{koSocial.shareItems}</dt>
        <dd>
          <dl className={css.shareList}>
            {rows.map(([label, value]) => (
              <div key={label} className={css.shareRow}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        </dd>
        <dt>{koSocial.sharePurpose}</dt>
        <dd>{koSocial.sharePurposeText}</dd>
        <dt>{koSocial.shareKeep}</dt>
        <dd>{koSocial.shareKeepText}</dd>
      </dl>
    </section>
  );
}
