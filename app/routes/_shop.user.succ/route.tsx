import { shopMeta } from "~/lib/seo";
import type { MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import * as css from "~/components/account/account.css";
import { useRootData } from "~/lib/root-data";
import { koAuth as t } from "~/shared/messages/auth";
import { koMembership } from "~/shared/messages/membership";
import { isPurchasePath } from "~/shared/return-path";
import type { loader } from "./page.server";

export const meta: MetaFunction = (args) => shopMeta(args, { title: t.welcomeTitle, noindex: true });

export { loader } from "./page.server";

export default function Welcome() {
  const { name, returnTo, member, joinPoint } = useLoaderData<typeof loader>();
  const { shop } = useRootData();
  const points = koMembership.points(joinPoint);
  const joinShop = `/shop/member_point?${new URLSearchParams({ url: returnTo })}`;
  return (
    <div className={css.page}>
      <h1 className={css.title}>{t.welcomeTitle}</h1>
      <p className={css.intro}>{t.welcomeBody(name)}</p>
      {joinPoint > 0 ? (
        <section className={css.section} aria-label={t.welcomeOfferButton(points)} data-testid="welcome-offer">
          <p className={css.welcomeOffer}>{t.welcomeOffer(shop.name, points)}</p>
          <Link className={css.button} to={joinShop}>
            {t.welcomeOfferButton(points)}
          </Link>
        </section>
      ) : member ? (
        <p className={css.notice}>{t.welcomeMember(shop.name)}</p>
      ) : null}
      <ul className={css.perks}>
        {t.welcomePerks.map((perk) => (
          <li key={perk}>{perk}</li>
        ))}
      </ul>
      <Link
        className={joinPoint > 0 ? css.secondaryButton : css.button}
        to={returnTo}
        reloadDocument={returnTo.startsWith("/api/")}
      >
        {isPurchasePath(returnTo) ? koMembership.continue : koMembership.continueShopping}
      </Link>
      <p className={css.links}>
        <Link to="/myshop">{t.welcomeMyshop}</Link>
      </p>
    </div>
  );
}
