/**
 * One zod schema per account form, used by the page (checks before sending, when scripts run)
 * and by its action (the authority). Only the account pages import this module, so zod stays
 * out of the shop's other client bundles.
 */
import * as z from "zod";
import { koAuth } from "~/shared/messages/auth";
import { checkbox, requiredBox as required } from "./checkbox";
import { charCount } from "./text";
import { BAD_NAME, EMAIL, EMAIL_MAX, NAME_MAX, PASSWORD_MAX, PASSWORD_MIN } from "./account-rules";

const t = koAuth;

/** A form value that must be filled in (missing fields arrive as undefined). */
const text = () => z.string({ error: t.required });

export const emailField = text()
  .trim()
  .normalize("NFC")
  .toLowerCase()
  .min(1, { error: t.required })
  .max(EMAIL_MAX, { error: t.emailInvalid })
  .regex(EMAIL, { error: t.emailInvalid });

/**
 * Passwords are NFC-normalised here and again before hashing (functions/auth/crypto.ts), so one
 * typed on a Mac matches the same typed on a PC; lengths count characters. Logging in accepts any
 * stored password; the length rule applies to new ones.
 */
export const loginPasswordField = text()
  .normalize("NFC")
  .min(1, { error: t.required })
  .refine((v) => charCount(v) <= PASSWORD_MAX, { error: t.passwordTooLong });

export const newPasswordField = text()
  .normalize("NFC")
  .min(1, { error: t.required })
  .refine((v) => charCount(v) >= PASSWORD_MIN, { error: t.passwordTooShort })
  .refine((v) => charCount(v) <= PASSWORD_MAX, { error: t.passwordTooLong });

/** Kept as entered (trimmed, NFC): Hangul, emoji and all; 30 characters. */
export const nameField = text()
  .trim()
  .normalize("NFC")
  .min(1, { error: t.required })
  .refine((v) => charCount(v) <= NAME_MAX, { error: t.nameTooLong })
  .refine((v) => !BAD_NAME.test(v), { error: t.nameInvalid });

export { checkbox } from "./checkbox";

const returnUrl = z.string().max(2000).optional();

export const LoginForm = z.object({
  email: emailField,
  password: loginPasswordField,
  keep: checkbox,
  url: returnUrl,
  app: checkbox,
});

/** The sign-up consents (issue 11, point 5): three required, marketing optional. */
export const JOIN_CONSENTS = ["agree_terms", "agree_privacy", "agree_age", "agree_marketing"] as const;

/**
 * 전체 동의 (선택 항목 포함) stands for every box, so that checking it alone is enough without
 * scripts; with scripts it also ticks the boxes it stands for.
 */
function withAgreeAll(raw: unknown): unknown {
  if (!raw || typeof raw !== "object") return raw;
  const form = raw as Record<string, unknown>;
  if (form.agree_all !== "on" && form.agree_all !== true) return raw;
  return { ...form, ...Object.fromEntries(JOIN_CONSENTS.map((k) => [k, "on"])) };
}

export const JoinForm = z.preprocess(
  withAgreeAll,
  z
    .object({
      email: emailField,
      name: nameField,
      password: newPasswordField,
      password2: text().min(1, { error: t.required }),
      agree_terms: required(t.agreeTermsRequired),
      agree_privacy: required(t.agreePrivacyRequired),
      agree_age: required(t.agreeAgeRequired),
      agree_marketing: checkbox,
      url: returnUrl,
    })
    .refine((v) => v.password === v.password2, { path: ["password2"], error: t.passwordMismatch }),
);

/** What the API's sign-up takes besides the account: the same consents, true or refused. */
export const joinConsents = {
  agree_terms: required(t.agreeTermsRequired),
  agree_privacy: required(t.agreePrivacyRequired),
  agree_age: required(t.agreeAgeRequired),
  agree_marketing: checkbox.optional(),
};

export const ForgetForm = z.object({ email: emailField });

export const ResetForm = z
  .object({
    token: text().min(1).max(100),
    password: newPasswordField,
    password2: text().min(1, { error: t.required }),
  })
  .refine((v) => v.password === v.password2, { path: ["password2"], error: t.passwordMismatch });

export const ProfileForm = z.object({ name: nameField, remove_image: checkbox });
