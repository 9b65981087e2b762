import { koIe } from "~/shared/messages/shop/ie";
import * as css from "./shop.css";

export function IeBanner() {
  return (
    <div className={css.ieBanner} role="alert" data-testid="ie-banner">
      {koIe.banner}{" "}
      <a href="https://www.google.com/chrome/" rel="noopener noreferrer" target="_blank">
        {koIe.download}
      </a>
    </div>
  );
}
