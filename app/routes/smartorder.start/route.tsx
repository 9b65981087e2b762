import { Form, Link, useLoaderData, useNavigation, useRouteLoaderData } from "@remix-run/react";
import { useActionResult } from "~/lib/forms/action-result";
import * as css from "~/components/smart/smart.css";
import { useRootData } from "~/lib/root-data";
import { formatKRW } from "~/shared/format";
import { koSmart } from "~/shared/messages/smart";
import { koTableLive } from "~/shared/messages/smart-live";
import type { SmartFrameData } from "../smartorder/route";
import type { action, loader } from "./page.server";

const t = koSmart;

export { loader, action } from "./page.server";

export default function SmartMenu() {
  const { categories, items, added } = useLoaderData<typeof loader>();
  const failed = useActionResult<typeof action>();
  const frame = useRouteLoaderData<SmartFrameData>("routes/smartorder");
  const { storageUrl } = useRootData();
  const busy = useNavigation().state !== "idle";
  const groups = categories
    .map((c) => ({ ...c, items: items.filter((i) => i.category_id === c.id) }))
    .filter((c) => c.items.length > 0);
  const others = items.filter((i) => !categories.some((c) => c.id === i.category_id));
  if (others.length > 0) groups.push({ id: 0, name: t.menu, items: others });
  const count = frame?.table?.count ?? 0;
  // Once the cart is empty again after an order, the bar says what went to the kitchen (decision 132).
  const last = count === 0 ? (frame?.table?.last ?? null) : null;
  return (
    <>
      {added ? (
        <p className={css.notice} role="status">
          {t.added(added)}
        </p>
      ) : null}
      {failed?.error ? (
        <p className={css.error} role="alert">
          {failed.error}
        </p>
      ) : null}
      <nav className={css.categories} aria-label={t.menu}>
        {groups.map((g) => (
          <a key={g.id} className={css.categoryLink} href={`#c${g.id}`}>
            {g.name}
          </a>
        ))}
      </nav>
      {groups.map((g) => (
        <section key={g.id} id={`c${g.id}`} className={css.section} aria-labelledby={`c${g.id}-title`}>
          <h2 id={`c${g.id}-title`} className={css.sectionTitle}>
            {g.name}
          </h2>
          <ul className={css.menu}>
            {g.items.map((i) => {
              const to = `/smartorder/start_customize00?sid=${encodeURIComponent(i.sid)}`;
              return (
                <li key={i.sid} className={`${css.item} ${i.sold_out ? css.soldOut : ""}`} data-testid="menu-item">
                  {i.image ? (
                    <img
                      className={css.thumb}
                      src={`${storageUrl}${i.image}`}
                      alt=""
                      width={72}
                      height={72}
                      loading="lazy"
                    />
                  ) : (
                    <span className={css.thumb} />
                  )}
                  <span>
                    {i.sold_out ? (
                      <span className={css.itemName}>{i.title}</span>
                    ) : (
                      <Link className={css.itemName} to={to}>
                        {i.title}
                      </Link>
                    )}
                    <span className={css.itemPrice}>{formatKRW(i.price)}</span>
                  </span>
                  {i.sold_out ? (
                    <span className={css.tag}>{t.soldOut}</span>
                  ) : i.customizable ? (
                    <Link className={css.pick} to={to} aria-label={`${i.title} ${t.choose}`}>
                      {t.choose}
                    </Link>
                  ) : (
                    <Form method="post" replace>
                      <input type="hidden" name="sid" value={i.sid} />
                      <button type="submit" className={css.pick} disabled={busy} aria-label={`${i.title} ${t.add}`}>
                        {t.add}
                      </button>
                    </Form>
                  )}
                </li>
              );
            })}
          </ul>
        </section>
      ))}
      <div className={css.barSpacer} />
      <div className={css.bar}>
        {last ? (
          <Link className={css.primary} to={`/smartorder/order_complete?id=${last.id}`} data-testid="cart-bar">
            {koTableLive.ordered(last.count, formatKRW(last.total))}
          </Link>
        ) : (
          <Link
            className={css.primary}
            to="/smartorder/order_check"
            aria-disabled={count === 0 ? true : undefined}
            data-testid="cart-bar"
          >
            {count > 0 ? `${t.cartBar(count, formatKRW(frame?.table?.total ?? 0))} · ${t.toCheck}` : t.cartEmpty}
          </Link>
        )}
      </div>
    </>
  );
}
