import * as css from "~/components/smart/smart.css";
import { koSmart } from "~/shared/messages/smart";

export { loader } from "./page.server";

export default function SmartOrderHome() {
  return (
    <div className={css.center} data-testid="table-missing">
      <p className={css.bigIcon} aria-hidden="true">
        📷
      </p>
      <p>{koSmart.sessionMissing}</p>
    </div>
  );
}
