import { koHeader } from "~/shared/messages/shop/header";
import * as css from "./chat.css";

export type PanelSize = "closed" | "open" | "full";

/**
 * The message window (spec §2): /message in an iframe over the page's corner, with 크게 보기 /
 * 작게 보기 (80 % / 50 % of the window's height, spec §9) and 닫기. The iframe is the same origin,
 * so its pages, form posts and live socket are the ones of /message.
 */
export function MessagePanel({
  size,
  onSize,
}: {
  size: Exclude<PanelSize, "closed">;
  onSize: (size: PanelSize) => void;
}) {
  const t = koHeader;
  return (
    <aside className={css.panel} data-size={size} aria-label={t.message} data-testid="message-panel">
      <div className={css.panelHead}>
        <span className={css.panelTitle}>{t.message}</span>
        <button type="button" className={css.panelButton} onClick={() => onSize(size === "full" ? "open" : "full")}>
          {size === "full" ? t.panelSmall : t.panelFull}
        </button>
        <button type="button" className={css.panelButton} onClick={() => onSize("closed")}>
          {t.panelClose}
        </button>
      </div>
      <iframe className={css.panelFrame} src="/message" title={t.message} />
    </aside>
  );
}
