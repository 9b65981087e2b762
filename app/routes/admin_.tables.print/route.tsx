import type { MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { NoneLayout } from "~/components/layouts";
import * as css from "~/components/admin/admin.css";
import { koSmart } from "~/shared/messages/smart";
import type { loader } from "./page.server";

const t = koSmart.admin;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: t.printTitle(data?.shopName ?? "") },
  { name: "robots", content: "noindex" },
];

export { loader } from "./page.server";

export default function PrintCodes() {
  const { shopName, codes } = useLoaderData<typeof loader>();
  // The spec's "none" frame: nothing around the sheet but the paper.
  return (
    <NoneLayout>
      <main className={css.printSheet}>
        <h1 className={css.printTitle}>{t.printTitle(shopName)}</h1>
        <div className={css.qrGrid}>
          {codes.map((c) => (
            <figure key={c.id} className={css.qrFigure} data-testid="table-qr">
              {/* Markup made on the server from the shop's own address (app/lib/qr.server.ts). */}
              <div dangerouslySetInnerHTML={{ __html: c.svg }} role="img" aria-label={koSmart.table(c.name)} />
              <figcaption className={css.qrCaption}>
                <strong className={css.qrName}>{koSmart.table(c.name)}</strong>
                <br />
                {shopName}
                <br />
                <small>{t.printHint}</small>
              </figcaption>
            </figure>
          ))}
        </div>
      </main>
    </NoneLayout>
  );
}
