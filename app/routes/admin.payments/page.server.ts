import { data, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { isShopApiError } from "~/shared/api-client.server";
import { fieldErrors, type FieldErrors } from "~/shared/forms/errors";
import { EscrowBody, PaymentKeysBody } from "~/shared/forms/payments";
import { SellerBody, type SellerInput } from "~/shared/forms/payout-seller";
import { requireShopOwner } from "~/lib/admin.server";
import { TOSS_WEBHOOK_PATH } from "~/shared/contracts/payments";

export type PaymentsResult = {
  errors?: FieldErrors;
  error?: string;
  /** What was typed, to put back: the client key only (a secret is never sent back to a page). */
  values?: { client_key: string };
  /** What was typed in the escrow section, to put back after a refusal. */
  escrow?: { mid: string; vbank: boolean };
  /** The first press of 키 삭제: the page asks for the second. */
  confirmRemove?: boolean;
  /** What was typed in the seller registration, to put back after a refusal (never sent back once kept). */
  seller?: SellerInput;
};

const back = (done: "saved" | "removed" | "escrow" | "seller" | "via") => redirect(`/admin/payments?done=${done}`, 303);

/** The console's payment settings (decision 101), for the owner of the host's shop only. */
export async function loadPayments(request: Request, context: AppLoadContext) {
  requireShopOwner(request, context);
  const [settings, platform] = await Promise.all([
    context.api.call("adminPayments"),
    context.api.call("adminSettlement"),
  ]);
  // The address to register in Toss's developer center: this shop's own host.
  return { ...settings, platform, webhookUrl: `${new URL(request.url).origin}${TOSS_WEBHOOK_PATH}` };
}

/**
 * The payment settings' forms: intent=save (the pasted pair), remove (a second press with
 * confirm=1) or escrow (the purchase-safety section, decision 103). Back to the page with `done=`
 * (303); what the API refuses is said by the field.
 */
export async function changePayments(request: Request, context: AppLoadContext) {
  requireShopOwner(request, context);
  const form = await request.formData();
  const intent = form.get("intent") ?? "save";
  const typed = { client_key: String(form.get("client_key") ?? ""), secret_key: String(form.get("secret_key") ?? "") };
  const values = { client_key: typed.client_key };
  if (intent === "escrow") return changeEscrow(form, context);
  if (intent === "seller") return registerSeller(form, context);
  if (intent === "via") {
    await context.api.call("adminPayVia", { body: { via: "platform" } });
    return back("via");
  }
  try {
    if (intent === "remove") {
      if (form.get("confirm") !== "1") return data<PaymentsResult>({ confirmRemove: true });
      await context.api.call("adminPaymentsRemove");
      return back("removed");
    }
    if (intent !== "save") throw new Response(null, { status: 400 });
    const parsed = PaymentKeysBody.safeParse(typed);
    if (!parsed.success) return data<PaymentsResult>({ errors: fieldErrors(parsed.error), values }, 400);
    await context.api.call("adminPaymentsSave", { body: parsed.data });
    return back("saved");
  } catch (error) {
    if (!isShopApiError(error) || error.status >= 500) throw error;
    const result: PaymentsResult =
      error.field === "client_key" || error.field === "secret_key"
        ? { errors: { [error.field]: error.message }, values }
        : { error: error.message, values };
    return data<PaymentsResult>(result, error.status);
  }
}

/** The escrow section's post: a check box arrives only when ticked. */
async function changeEscrow(form: FormData, context: AppLoadContext) {
  const escrow = { mid: String(form.get("mid") ?? ""), vbank: form.get("vbank") === "1" };
  const parsed = EscrowBody.safeParse(escrow);
  if (!parsed.success) return data<PaymentsResult>({ errors: fieldErrors(parsed.error), escrow }, 400);
  try {
    await context.api.call("adminPaymentsEscrow", { body: parsed.data });
    return back("escrow");
  } catch (error) {
    if (!isShopApiError(error) || error.status >= 500) throw error;
    const result: PaymentsResult =
      error.field === "mid" ? { errors: { mid: error.message }, escrow } : { error: error.message, escrow };
    return data<PaymentsResult>(result, error.status);
  }
}

/** The platform's seller registration (decision 178): what the API refuses is said by its field, and what was typed stays. */
async function registerSeller(form: FormData, context: AppLoadContext) {
  const field = (name: string) => String(form.get(name) ?? "");
  const typed = {
    business_type: field("business_type") as SellerInput["business_type"],
    name: field("name"),
    representative: field("representative"),
    business_number: field("business_number"),
    email: field("email"),
    phone: field("phone"),
    bank_code: field("bank_code"),
    account_number: field("account_number"),
    holder: field("holder"),
  };
  const parsed = SellerBody.safeParse(typed);
  if (!parsed.success) return data<PaymentsResult>({ errors: fieldErrors(parsed.error), seller: typed }, 400);
  try {
    await context.api.call("adminPayoutSeller", { body: parsed.data });
    return back("seller");
  } catch (error) {
    if (!isShopApiError(error) || error.status > 503) throw error;
    const result: PaymentsResult = error.field
      ? { errors: { [error.field]: error.message }, seller: typed }
      : { error: error.message, seller: typed };
    return data<PaymentsResult>(result, error.status);
  }
}
