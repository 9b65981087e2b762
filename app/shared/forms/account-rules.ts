/**
 * The account forms' limits without zod (issue 40, point 3): the schemas in ./auth build on these,
 * and the pages' `Field` checks a typed value with `accountRule` to drop a message as soon as the
 * value would pass, so a page that has no zod of its own (/user/info) need not load it for this.
 */

import { EMAIL_MAX, EMAIL_PATTERN } from "./order-fields";

export { EMAIL_MAX };

/** The order sheet's e-mail rule, whole-value: one rule for an address wherever one is typed. */
export const EMAIL = new RegExp(`^(?:${EMAIL_PATTERN})$`);
// Control characters and the bidi overrides that can disguise a name; Hangul and emoji are fine.
export const BAD_NAME = /[\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069]/;
export const NAME_MAX = 30;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** Characters, not UTF-16 units: an emoji is one, as in ./text. */
const count = (v: string) => [...v].length;
const typed = (v: string) => v.trim().normalize("NFC");
const other = (form: HTMLFormElement | null, name: string) => {
  const field = form?.elements.namedItem(name);
  return field && "value" in field ? String(field.value) : "";
};

/** A field's rule: its value, and the form for a field that is checked against another. */
export type Rule = (value: string, form: HTMLFormElement | null) => boolean;

const email: Rule = (v) => {
  const s = typed(v);
  return s.length > 0 && s.length <= EMAIL_MAX && EMAIL.test(s);
};
const name: Rule = (v) => {
  const s = typed(v);
  return s.length > 0 && count(s) <= NAME_MAX && !BAD_NAME.test(s);
};
const password: Rule = (v) => v.length > 0 && count(v.normalize("NFC")) <= PASSWORD_MAX;
const newPassword: Rule = (v) => count(v.normalize("NFC")) >= PASSWORD_MIN && password(v, null);

export const accountRule = {
  email,
  name,
  password,
  newPassword,
  /** The repeat of `password` (join, reset, the settings' change). */
  password2: (v, form) => v.length > 0 && v === other(form, "password"),
  /** The settings' new password: a new one, and not the current one again. */
  changedPassword: (v, form) => newPassword(v, form) && v !== other(form, "current"),
} satisfies Record<string, Rule>;
