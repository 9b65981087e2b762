import { data, redirectDocument, type AppLoadContext } from "@remix-run/cloudflare";
import type { z } from "zod";
import { isShopApiError } from "~/shared/api-client.server";
import { fieldErrors, keptValues, type FieldErrors } from "~/shared/forms/errors";
import { AddressForm, PasswordForm, PhoneForm, WithdrawForm } from "~/shared/forms/settings";
import { koSettings } from "~/shared/messages/settings";
import { cookieHeaders } from "./auth.server";

export type SettingsIntent = "password" | "phone" | "marketing" | "address" | "address_change" | "withdraw";
export const SETTINGS_INTENTS: readonly SettingsIntent[] = [
  "password",
  "phone",
  "marketing",
  "address",
  "address_change",
  "withdraw",
];

export type SettingsResult = {
  intent: SettingsIntent;
  errors?: FieldErrors;
  formError?: string;
  notice?: string;
  values?: Record<string, string>;
};

const ADDRESS_FIELDS = ["receiver_name", "receiver_phone", "postcode", "address", "detail"];

/** A refusal shown on its form: a schema's field errors, or the API's Korean message (by field when it names one). */
function refused(intent: SettingsIntent, error: unknown, values?: Record<string, string>) {
  if (!isShopApiError(error) || error.status >= 500) throw error;
  // The API names its own fields; the withdrawal form's password is `leave_password`.
  const field = intent === "withdraw" && error.field === "password" ? "leave_password" : error.field;
  const result: SettingsResult = field
    ? { intent, errors: { [field]: error.message }, values }
    : { intent, formError: error.message, values };
  return data(result, { status: error.status });
}

function invalid(intent: SettingsIntent, error: z.ZodError, values?: Record<string, string>) {
  return data<SettingsResult>({ intent, errors: fieldErrors(error), values }, { status: 400 });
}

/** One of /user/info's settings forms, as a plain form post (the page's action dispatches on `intent`). */
export async function settingsAction(intent: SettingsIntent, form: FormData, context: AppLoadContext) {
  const fields = Object.fromEntries(form);
  // What the address form keeps after a refusal (never a password).
  const values =
    intent === "address"
      ? keptValues(form, ADDRESS_FIELDS)
      : intent === "phone"
        ? keptValues(form, ["phone"])
        : undefined;
  try {
    switch (intent) {
      case "password": {
        const parsed = PasswordForm.safeParse(fields);
        if (!parsed.success) return invalid(intent, parsed.error);
        await context.api.call("changePassword", {
          body: { current: parsed.data.current, password: parsed.data.password },
        });
        return data<SettingsResult>({ intent, notice: koSettings.passwordChanged });
      }
      case "phone": {
        const parsed = PhoneForm.safeParse(fields);
        if (!parsed.success) return invalid(intent, parsed.error, values);
        const saved = await context.api.call("setPhone", { body: { phone: parsed.data.phone ?? "" } });
        return data<SettingsResult>({ intent, notice: saved.phone ? koSettings.phoneSaved : koSettings.phoneRemoved });
      }
      case "marketing": {
        await context.api.call("setMarketing", { body: { agree: form.get("agree") === "on" } });
        return data<SettingsResult>({ intent, notice: koSettings.marketingSaved });
      }
      case "address": {
        const parsed = AddressForm.safeParse(fields);
        if (!parsed.success) return invalid(intent, parsed.error, values);
        await context.api.call("addAddress", { body: parsed.data });
        return data<SettingsResult>({ intent, notice: koSettings.addressSaved });
      }
      case "address_change": {
        const action = form.get("action") === "remove" ? "remove" : "default";
        await context.api.call("changeAddress", { body: { id: String(form.get("id") ?? ""), action } });
        return data<SettingsResult>({
          intent,
          notice: action === "remove" ? koSettings.addressRemoved : koSettings.addressSaved,
        });
      }
      case "withdraw": {
        const parsed = WithdrawForm.safeParse(fields);
        if (!parsed.success) return invalid(intent, parsed.error);
        const result = await context.api.callWithHeaders("withdraw", {
          body: { password: parsed.data.leave_password },
        });
        // Signed out by the API's cookies; the home page says goodbye.
        return redirectDocument("/?withdrawn=1", { headers: cookieHeaders(result.headers) });
      }
    }
  } catch (error) {
    return refused(intent, error, values);
  }
}
