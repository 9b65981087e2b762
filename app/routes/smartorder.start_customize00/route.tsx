import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { useActionResult } from "~/lib/forms/action-result";
import { useRef, useState } from "react";
import * as css from "~/components/smart/smart.css";
import { useHydrated } from "~/lib/hydrated";
import { useKeptControls } from "~/lib/kept-controls";
import { useRootData } from "~/lib/root-data";
import { formatKRW } from "~/shared/format";
import { lineSum, optionPrice } from "~/shared/money";
import { koSmart } from "~/shared/messages/smart";
import type { action, loader } from "./page.server";

const t = koSmart;
const QTYS = Array.from({ length: 20 }, (_, i) => i + 1);

export { loader, action } from "./page.server";

export default function Customize() {
  const { item, options, extras } = useLoaderData<typeof loader>();
  const failed = useActionResult<typeof action>();
  const { storageUrl } = useRootData();
  const busy = useNavigation().state !== "idle";
  // Without scripts the total cannot follow the choices: the button says only what it does.
  const hydrated = useHydrated();
  const kept = failed?.values;
  const first = options.find((o) => !o.sold_out);
  const [option, setOption] = useState<number | undefined>(Number(kept?.option) || first?.id);
  const [picked, setPicked] = useState<number[]>([]);
  const [qty, setQty] = useState(Number(kept?.qty) || 1);
  // Chosen before the scripts started: the button's total starts from it.
  const formRef = useRef<HTMLFormElement>(null);
  useKeptControls(formRef, (changed) => {
    const form = formRef.current!;
    const checked = (name: string) =>
      [...form.querySelectorAll<HTMLInputElement>(`input[name="${name}"]:checked`)].map((i) => Number(i.value));
    if (changed.some((c) => c.name === "option")) setOption(checked("option")[0]);
    if (changed.some((c) => c.name === "extra")) setPicked(checked("extra"));
    const q = changed.find((c) => c.name === "qty");
    if (q) setQty(Number(q.value));
  });
  const unit = optionPrice(
    item.price,
    options.find((o) => o.id === option)?.extra_price ?? 0,
    extras.filter((e) => picked.includes(e.id)).map((e) => e.price),
  );
  return (
    <Form method="post" noValidate replace ref={formRef}>
      <input type="hidden" name="sid" value={item.sid} />
      {item.image ? (
        <img className={css.hero} src={`${storageUrl}${item.image}`} alt="" width={480} height={360} />
      ) : null}
      <h2 className={css.itemTitle}>{item.title}</h2>
      <p className={css.itemPrice}>{formatKRW(item.price)}</p>
      {item.summary ? <p className={css.muted}>{item.summary}</p> : null}
      {failed?.error ? (
        <p className={css.error} role="alert">
          {failed.error}
        </p>
      ) : null}
      {options.length > 0 ? (
        <fieldset className={css.fieldset}>
          <legend className={css.legend}>
            {item.option_label} {t.required}
          </legend>
          <div className={css.choices}>
            {options.map((o) => (
              <label key={o.id} className={`${css.choice} ${o.sold_out ? css.soldOut : ""}`}>
                <input
                  type="radio"
                  name="option"
                  value={o.id}
                  required
                  disabled={o.sold_out}
                  defaultChecked={o.id === option}
                  onChange={() => setOption(o.id)}
                />
                <span>{o.name}</span>
                <span className={css.choicePrice}>
                  {o.sold_out ? t.soldOut : o.extra_price > 0 ? `+${formatKRW(o.extra_price)}` : ""}
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
      {extras.length > 0 ? (
        <fieldset className={css.fieldset}>
          <legend className={css.legend}>{t.extras}</legend>
          <div className={css.choices}>
            {extras.map((e) => (
              <label key={e.id} className={`${css.choice} ${e.sold_out ? css.soldOut : ""}`}>
                <input
                  type="checkbox"
                  name="extra"
                  value={e.id}
                  disabled={e.sold_out}
                  onChange={(ev) =>
                    setPicked((p) => (ev.target.checked ? [...p, e.id] : p.filter((id) => id !== e.id)))
                  }
                />
                <span>{e.name}</span>
                <span className={css.choicePrice}>
                  {e.sold_out ? t.soldOut : e.price > 0 ? `+${formatKRW(e.price)}` : t.free}
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
      <fieldset className={css.fieldset}>
        <legend className={css.legend}>{t.quantity}</legend>
        <div className={css.qtyRow}>
          <select
            className={css.select}
            name="qty"
            aria-label={t.quantity}
            defaultValue={String(qty)}
            onChange={(e) => setQty(Number(e.target.value))}
          >
            {QTYS.map((n) => (
              <option key={n} value={n}>
                {t.count(n)}
              </option>
            ))}
          </select>
        </div>
      </fieldset>
      <div className={css.barSpacer} />
      <div className={css.barWithBack}>
        <Link className={css.backButton} to="/smartorder/start">
          {t.back}
        </Link>
        <button type="submit" className={css.primary} disabled={busy || item.sold_out} data-testid="add-to-table">
          {hydrated ? t.addButton(formatKRW(lineSum({ price: unit, qty }))) : t.addPlain}
        </button>
      </div>
    </Form>
  );
}
