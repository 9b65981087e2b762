/** Account settings (issue 10, point 8): password, marketing consent, address book, withdrawal. */
import { z } from "zod";
import { loginPasswordField, newPasswordField } from "../forms/auth";
import { AddressForm, PhoneForm } from "../forms/settings";
import { endpoint, id } from "./core";

const ok = z.object({ ok: z.literal(true) });

export const SavedAddress = z.object({
  id: z.number().int(),
  receiver_name: z.string(),
  receiver_phone: z.string(),
  postcode: z.string(),
  address: z.string(),
  detail: z.string(),
  is_default: z.boolean(),
});
export type SavedAddress = z.infer<typeof SavedAddress>;

/** A member keeps at most this many addresses. */
export const MAX_ADDRESSES = 10;

export const settingsApi = {
  /**
   * The account's e-mail and marketing consent (the rest of the account is userinfo). An account
   * made by Kakao or Naver login has no password and no e-mail of its own (`email` null); an
   * upstream's answer has neither field, and is an e-mail account.
   */
  accountSettings: endpoint({
    method: "GET",
    path: "/api/user/settings",
    query: z.object({}),
    response: z.object({
      email: z.string().nullable(),
      marketing_agreed_at: z.number().nullable(),
      has_password: z.boolean().default(true),
      /** The account's mobile number, digits only (decision 180); null when none (or an upstream). */
      phone: z.string().nullable().default(null),
    }),
  }),
  /** Sets the account's mobile number (the one phone rule, mobile only), or removes it (null). */
  setPhone: endpoint({
    method: "POST",
    path: "/api/user/phone",
    query: z.object({}),
    body: PhoneForm,
    response: z.object({ phone: z.string().nullable() }),
  }),
  /** Changes the password (the current one first); every other session of the member ends. */
  changePassword: endpoint({
    method: "POST",
    path: "/api/user/password",
    query: z.object({}),
    body: z.object({ current: loginPasswordField, password: newPasswordField }),
    response: ok,
  }),
  setMarketing: endpoint({
    method: "POST",
    path: "/api/user/marketing",
    query: z.object({}),
    body: z.object({ agree: z.boolean() }),
    response: z.object({ marketing_agreed_at: z.number().nullable() }),
  }),
  /**
   * The address book, and beside it the account's own phone (decision 180): what the order sheet
   * starts with, read in the same round trip. `phone` null when none (or an upstream).
   */
  addresses: endpoint({
    method: "GET",
    path: "/api/user/addresses",
    query: z.object({}),
    response: z.object({ items: z.array(SavedAddress), phone: z.string().nullable().default(null) }),
  }),
  addAddress: endpoint({
    method: "POST",
    path: "/api/user/address/add",
    query: z.object({}),
    body: AddressForm,
    response: SavedAddress,
  }),
  /** Makes one address the default, or removes it (the next newest becomes the default). */
  changeAddress: endpoint({
    method: "POST",
    path: "/api/user/address/change",
    query: z.object({}),
    body: z.object({ id, action: z.enum(["default", "remove"]) }),
    response: ok,
  }),
  /**
   * 회원탈퇴 (decision 059): with the password; refused while orders are in progress. An account
   * without a password (Kakao/Naver only) leaves on its session and the form's confirmation.
   */
  withdraw: endpoint({
    method: "POST",
    path: "/api/user/withdraw",
    query: z.object({}),
    body: z.object({ password: z.union([loginPasswordField, z.literal("")]).default("") }),
    response: ok,
  }),
};
