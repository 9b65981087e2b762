import * as css from "~/components/account/account.css";
import { koIdentity } from "~/shared/messages/identity";

/**
 * The one door to verification (decision 114): a plain form post to /identity/start, from a
 * product page, the order sheet's refusal, /user/info or /notlogin/auth.
 */
export function VerifyForm({
  purpose,
  returnTo,
  label,
  className,
}: {
  purpose: "adult" | "identity";
  returnTo: string;
  label?: string;
  className?: string;
}) {
  return (
    <form method="post" action="/identity/start" className={className}>
      <input type="hidden" name="purpose" value={purpose} />
      <input type="hidden" name="return" value={returnTo} />
      <button className={css.secondaryButton} type="submit" data-testid="identity-start">
        {label ?? (purpose === "adult" ? koIdentity.adultStart : koIdentity.start)}
      </button>
    </form>
  );
}
