import { ko } from "~/shared/messages";
import * as css from "./shop.css";

export function IeBanner() {
  return (
    <div className={css.ieBanner} role="alert" data-testid="ie-banner">
      {ko.ie.banner}{" "}
      <a href="https://www.google.com/chrome/" rel="noopener noreferrer" target="_blank">
        {ko.ie.download}
      </a>
    </div>
  );
}
