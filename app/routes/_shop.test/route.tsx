import { shopMeta } from "~/lib/seo";
import type { MetaFunction } from "@remix-run/cloudflare";
import { useState } from "react";
import * as css from "~/components/shop.css";
import { useUi } from "~/components/ui/UiProvider";
import * as ui from "~/components/ui/ui.css";
import { koUiCheck } from "~/shared/messages/ui-check";

export const meta: MetaFunction = (args) => shopMeta(args, { title: koUiCheck.title, noindex: true });

/**
 * /test (spec §2): a page where a shop owner or a developer can see the shop's dialogs and
 * alerts in the shop's own theme. The browser tests use it to check those pieces.
 */
export default function UiCheck() {
  const { snackbar, info, confirm, prompt, modal } = useUi();
  const [result, setResult] = useState("");
  const t = koUiCheck;
  return (
    <>
      <h1 className={css.sectionTitle}>{t.title}</h1>
      <noscript>
        <p>{t.needsScript}</p>
      </noscript>
      <div className={ui.checkButtons}>
        <button type="button" className={ui.button} onClick={() => snackbar(t.sampleSnackbar, "bottom")}>
          {t.snackbarBottom}
        </button>
        <button type="button" className={ui.button} onClick={() => snackbar(t.sampleSnackbar, "top")}>
          {t.snackbarTop}
        </button>
        <button type="button" className={ui.button} onClick={() => info(t.sampleInfo)}>
          {t.infoBar}
        </button>
        <button
          type="button"
          className={ui.button}
          onClick={async () => setResult(String(await confirm(t.sampleConfirm)))}
        >
          {t.confirm}
        </button>
        <button
          type="button"
          className={ui.button}
          onClick={async () => setResult(JSON.stringify(await prompt(t.samplePrompt)))}
        >
          {t.prompt}
        </button>
        <button
          type="button"
          className={ui.button}
          onClick={async () => (await modal(<p>{t.sampleModal}</p>), setResult("modal closed"))}
        >
          {t.modal}
        </button>
      </div>
      <p>
        {t.result}: <output data-testid="ui-result">{result}</output>
      </p>
    </>
  );
}
