import { koIdentity } from "~/shared/messages/identity";
import * as css from "./identity.css";

/** The 19 mark on adult-only goods (cards and the product page). */
export function AdultMark() {
  return (
    <span className={css.mark} role="img" aria-label={koIdentity.adultMarkLabel} data-testid="adult-mark">
      {koIdentity.adultMark}
    </span>
  );
}

/**
 * What stands where an adult-only picture would be before verification: the server sent no
 * picture address at all, so nothing of it can be read from the page (decision 114).
 */
export function CoveredPicture({ text }: { text?: string }) {
  return (
    <div className={css.covered} data-testid="adult-covered">
      <AdultMark />
      {text ? <span>{text}</span> : null}
    </div>
  );
}
