import type { koIe } from "~/shared/messages/shop/ie";
import * as css from "./shop.css";

/** For Internet Explorer only; its words come with the root data (app/lib/root.server.ts). */
export function IeBanner({ banner, download }: typeof koIe) {
  return (
    <div className={css.ieBanner} role="alert" data-testid="ie-banner">
      {banner}{" "}
      <a href="https://www.google.com/chrome/" rel="noopener noreferrer" target="_blank">
        {download}
      </a>
    </div>
  );
}
