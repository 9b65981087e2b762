import * as css from "~/components/smart/smart.css";
import { koSmart } from "~/shared/messages/smart";

export { loader } from "./page.server";

export default function TableCode() {
  return (
    <div className={css.center} data-testid="table-not-found">
      <h2>{koSmart.tableNotFound}</h2>
      <p className={css.muted}>{koSmart.tableNotFoundHelp}</p>
    </div>
  );
}
