import * as css from "~/components/account/account.css";
import { koPlatform } from "~/shared/messages/platform";

type Shop = { shopid: number; dom: string; name: string; url: string };

/** The shops this member owns, each with its console (decision 108), and where to open another. */
export function MyShopsSection({ shops, openUrl }: { shops: Shop[]; openUrl: string }) {
  return (
    <section className={css.section} aria-labelledby="my-shops-title" data-testid="my-shops">
      <h2 id="my-shops-title" className={css.sectionTitle}>
        {koPlatform.myShops}
      </h2>
      {shops.length ? (
        <ul className={css.flush}>
          {shops.map((s) => (
            <li key={s.shopid}>
              <a href={`${s.url}/`}>{s.name}</a> (<a href={`${s.url}/admin`}>{koPlatform.toConsole}</a>)
            </li>
          ))}
        </ul>
      ) : null}
      <p className={css.flush}>
        <a href={openUrl}>{koPlatform.openCta}</a>
      </p>
    </section>
  );
}
