/**
 * The account settings forms of /user/info (issue 10, point 8): one schema each, shared by the
 * page's action and the API contract. Server-side only on the storefront (zod).
 */
import * as z from "zod";
import { koSettings } from "../messages/settings";
import { checkbox, loginPasswordField, newPasswordField } from "./auth";
import { orderFields } from "./order";
import { mobileDigits, phoneDigits, validPhone } from "../phone";

export const PasswordForm = z
  .object({ current: loginPasswordField, password: newPasswordField, password2: z.string().default("") })
  .refine((v) => v.password === v.password2, { path: ["password2"], error: koSettings.passwordMismatch })
  .refine((v) => v.password !== v.current, { path: ["password"], error: koSettings.passwordSame });

export const AddressForm = z.object({
  receiver_name: orderFields.receiver_name,
  receiver_phone: orderFields.receiver_phone,
  postcode: orderFields.postcode,
  address: orderFields.address,
  detail: orderFields.detail,
  is_default: checkbox,
});

/**
 * The account's mobile number (decision 180): the one phone rule (../phone.ts) and a mobile one
 * (a shop texts and delivers to it), kept as digits; empty removes it (null).
 */
export const PhoneForm = z.object({
  phone: z
    .string()
    .max(20, { error: koSettings.phoneInvalid })
    .default("")
    .transform((v) => v.trim())
    .refine((v) => v === "" || validPhone(v), { error: koSettings.phoneInvalid })
    .refine((v) => v === "" || mobileDigits(v) !== null, { error: koSettings.phoneNotMobile })
    .transform((v) => (v === "" ? null : phoneDigits(v))),
});

export const WithdrawForm = z.object({
  // Empty only for an account without a password; the API asks for it when there is one.
  leave_password: z.union([loginPasswordField, z.literal("")]).default(""),
  confirm: checkbox.refine((v) => v, { error: koSettings.withdrawConfirmRequired }),
});
