/**
 * One zod schema per account form, used by the page (checks before sending, when scripts run)
 * and by its action (the authority). Only the account pages import this module, so zod stays
 * out of the shop's other client bundles.
 */
import * as z from "zod";
import { koAuth } from "~/shared/messages/auth";
import { charCount } from "./text";

const t = koAuth;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
// Control characters and the bidi overrides that can disguise a name; Hangul and emoji are fine.
const BAD_NAME = /[\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069]/;

/** A form value that must be filled in (missing fields arrive as undefined). */
const text = () => z.string({ error: t.required });

export const emailField = text()
  .trim()
  .normalize("NFC")
  .toLowerCase()
  .min(1, { error: t.required })
  .max(254, { error: t.emailInvalid })
  .regex(EMAIL, { error: t.emailInvalid });

/**
 * Passwords are NFC-normalised here and again before hashing (functions/auth/crypto.ts), so one
 * typed on a Mac matches the same typed on a PC; lengths count characters. Logging in accepts any
 * stored password; the length rule applies to new ones.
 */
export const loginPasswordField = text()
  .normalize("NFC")
  .min(1, { error: t.required })
  .refine((v) => charCount(v) <= 128, { error: t.passwordTooLong });

export const newPasswordField = text()
  .normalize("NFC")
  .min(1, { error: t.required })
  .refine((v) => charCount(v) >= 8, { error: t.passwordTooShort })
  .refine((v) => charCount(v) <= 128, { error: t.passwordTooLong });

/** Kept as entered (trimmed, NFC): Hangul, emoji and all; 30 characters. */
export const nameField = text()
  .trim()
  .normalize("NFC")
  .min(1, { error: t.required })
  .refine((v) => charCount(v) <= 30, { error: t.nameTooLong })
  .refine((v) => !BAD_NAME.test(v), { error: t.nameInvalid });

/** A checkbox: present ('on') means yes. JSON callers may send a boolean. */
export const checkbox = z.preprocess((v) => v === true || v === "on" || v === "1" || v === "true", z.boolean());

const returnUrl = z.string().max(2000).optional();

export const LoginForm = z.object({
  email: emailField,
  password: loginPasswordField,
  keep: checkbox,
  url: returnUrl,
  app: checkbox,
});

export const JoinForm = z
  .object({
    email: emailField,
    name: nameField,
    password: newPasswordField,
    password2: text().min(1, { error: t.required }),
    agree: checkbox.refine((v) => v, { error: t.agreeRequired }),
    url: returnUrl,
  })
  .refine((v) => v.password === v.password2, { path: ["password2"], error: t.passwordMismatch });

export const ForgetForm = z.object({ email: emailField });

export const ResetForm = z
  .object({
    token: text().min(1).max(100),
    password: newPasswordField,
    password2: text().min(1, { error: t.required }),
  })
  .refine((v) => v.password === v.password2, { path: ["password2"], error: t.passwordMismatch });

export const ProfileForm = z.object({ name: nameField, remove_image: checkbox });
