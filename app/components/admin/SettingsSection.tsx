import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import * as cartCss from "../cart/cart.css";
import type { SettingsSection as SectionName } from "~/shared/forms/shop-settings";
import { koShopSettings } from "~/shared/messages/shop-settings";

const t = koShopSettings;

/**
 * One section of /admin/settings (decision 107): its own plain post, told apart by `section=`,
 * and anchored by the section's name so the 303 back (`#<section>`) lands on it. Named by its
 * heading, so tests and screen readers find each form by what it sets.
 */
export function SettingsSection({
  section,
  busy,
  children,
  multipart = false,
}: {
  section: SectionName;
  busy: boolean;
  children: ReactNode;
  /** Sections with a file field post multipart, which a browser without scripts sends as is. */
  multipart?: boolean;
}) {
  return (
    <Form
      method="post"
      id={section}
      encType={multipart ? "multipart/form-data" : undefined}
      className={`${cartCss.section} ${cartCss.fields}`}
      aria-label={t.sections[section]}
    >
      <h3 className={cartCss.sectionTitle}>{t.sections[section]}</h3>
      <input type="hidden" name="section" value={section} />
      {children}
      <button type="submit" className={cartCss.primary} disabled={busy}>
        {busy ? t.saving : t.save}
      </button>
    </Form>
  );
}
