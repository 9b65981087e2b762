import { useEffect, useRef } from "react";
import { koCommon } from "~/shared/messages/shop/common";
import * as css from "./ui.css";

/**
 * A refusal that asks a question with a way forward (spec §8: "…성인인증 페이지로 이동할까요?"),
 * answered by one of two buttons that stay until pressed (issue 52: a three-second notice could not
 * be answered). Both are plain GET forms, so the page without scripts answers the same: the way
 * forward opens its page, 취소 comes back to `back`. With scripts 취소 only closes the question.
 */
export function WayChoice({
  way,
  back,
  onCancel,
}: {
  way: { to: string; label: string; question: string };
  back: string;
  onCancel?: () => void;
}) {
  const [path, query = ""] = way.to.split("?");
  const first = useRef<HTMLButtonElement>(null);
  // With scripts the question appears after the tap: its answer is where the focus goes.
  useEffect(() => first.current?.focus(), [way]);
  return (
    <div className={css.infoNotice} role="alert" data-testid="way-choice">
      <p className={css.choiceQuestion}>{way.question}</p>
      <div className={css.choiceButtons}>
        <form method="get" action={path}>
          {[...new URLSearchParams(query)].map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <button ref={first} type="submit" className={css.primaryButton}>
            {way.label}
          </button>
        </form>
        <form
          method="get"
          action={back}
          onSubmit={(e) => {
            if (!onCancel) return;
            e.preventDefault();
            onCancel();
          }}
        >
          <button type="submit" className={css.button}>
            {koCommon.cancel}
          </button>
        </form>
      </div>
    </div>
  );
}
