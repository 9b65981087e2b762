import { z } from "zod";
import { openJwe, sealJwe } from "./jwe";
import { TossError } from "./toss";

/**
 * Toss Payments' 지급대행 v2 (payouts to sellers under the platform's own contract; issue 52
 * item 1, decision 178; docs/integrations.md §1.8): register a shop as a seller with
 * its settlement account, read it, request payouts to it and read or cancel them. Called with the
 * platform's secret key; bodies that carry personal or account details go sealed as JWE under
 * the platform's security key, and so do their answers (functions/payments/jwe.ts). Nothing here
 * logs, and an error never carries a body.
 */

/** APPROVAL_REQUIRED (a personal seller still to verify itself), PARTIALLY_APPROVED (≤1천만원 paid out before KYC), KYC_REQUIRED, APPROVED. */
export const SellerStatus = z.enum(["APPROVAL_REQUIRED", "PARTIALLY_APPROVED", "KYC_REQUIRED", "APPROVED"]);
export type SellerStatus = z.infer<typeof SellerStatus>;

export const TossSeller = z.object({
  id: z.string().min(1).max(80),
  refSellerId: z.string(),
  businessType: z.enum(["INDIVIDUAL", "INDIVIDUAL_BUSINESS", "CORPORATE"]),
  status: SellerStatus,
});
export type TossSeller = z.infer<typeof TossSeller>;

/** REQUESTED → IN_PROGRESS → COMPLETED, or FAILED; a payout not yet sent may be CANCELED. */
export const PayoutStatus = z.enum(["REQUESTED", "IN_PROGRESS", "COMPLETED", "FAILED", "CANCELED"]);
export type PayoutStatus = z.infer<typeof PayoutStatus>;

export const TossPayout = z.object({
  id: z.string().min(1).max(80),
  refPayoutId: z.string(),
  destination: z.string(),
  payoutDate: z.string().nullish(),
  amount: z.object({ currency: z.literal("KRW"), value: z.coerce.number().int() }),
  status: PayoutStatus,
  error: z.object({ code: z.string(), message: z.string().default("") }).nullish(),
});
export type TossPayout = z.infer<typeof TossPayout>;

export type SellerRegistration = {
  refSellerId: string;
  businessType: TossSeller["businessType"];
  /** 개인사업자 and 법인: the business. */
  company?: {
    name: string;
    representativeName: string;
    businessRegistrationNumber: string;
    email: string;
    phone: string;
  };
  /** A personal seller (not a business). */
  individual?: { name: string; email: string; phone: string };
  account: { bankCode: string; accountNumber: string; holderName: string };
};

export type PayoutRequest = {
  refPayoutId: string;
  destination: string;
  scheduleType: "EXPRESS" | "SCHEDULED";
  payoutDate?: string;
  amount: { currency: "KRW"; value: number };
  transactionDescription: string;
};

const Envelope = z.object({
  entityBody: z.unknown().nullish(),
  error: z.object({ code: z.string(), message: z.string().default("") }).nullish(),
});

const CONFIG_CODES = new Set(["INVALID_API_KEY", "UNAUTHORIZED_KEY", "INVALID_ENCRYPTION", "FORBIDDEN_REQUEST"]);

export class TossPayoutsClient {
  readonly #auth: string;
  readonly #securityKey: string;

  constructor(
    private readonly base: string,
    secretKey: string,
    securityKey: string,
    private readonly fetcher: typeof fetch = (input, init) => fetch(input, init),
    // Toss: payout calls may take up to 60 seconds.
    private readonly timeoutMs = 60_000,
  ) {
    this.#auth = `Basic ${btoa(`${secretKey}:`)}`;
    this.#securityKey = securityKey;
  }

  registerSeller(body: SellerRegistration, idempotencyKey: string): Promise<TossSeller> {
    return this.#call("POST", "/v2/sellers", body, idempotencyKey, TossSeller);
  }

  seller(id: string): Promise<TossSeller> {
    return this.#call("GET", `/v2/sellers/${encodeURIComponent(id)}`, undefined, undefined, TossSeller);
  }

  /** Several payouts in one call; each answered with its own state. */
  async requestPayouts(items: PayoutRequest[], idempotencyKey: string): Promise<TossPayout[]> {
    const body = await this.#call(
      "POST",
      "/v2/payouts",
      items,
      idempotencyKey,
      z.object({ items: z.array(TossPayout) }),
    );
    return body.items;
  }

  payout(id: string): Promise<TossPayout> {
    return this.#call("GET", `/v2/payouts/${encodeURIComponent(id)}`, undefined, undefined, TossPayout);
  }

  async #call<T>(
    method: "GET" | "POST",
    path: string,
    body: unknown,
    idempotencyKey: string | undefined,
    shape: z.ZodType<T>,
  ): Promise<T> {
    const sealed = body !== undefined;
    const headers: Record<string, string> = { authorization: this.#auth, accept: "application/json" };
    if (sealed) {
      headers["content-type"] = "text/plain";
      headers["tosspayments-api-security-mode"] = "ENCRYPTION";
    }
    if (idempotencyKey) headers["idempotency-key"] = idempotencyKey;
    let res: Response;
    try {
      res = await this.fetcher(`${this.base}${path}`, {
        method,
        headers,
        body: sealed ? await sealJwe(this.#securityKey, body) : undefined,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch {
      throw new TossError("unavailable", 0, "NETWORK", "Toss did not answer in time");
    }
    const text = await res.text().catch(() => "");
    let json: unknown = null;
    try {
      json = sealed && !text.trimStart().startsWith("{") ? await openJwe(this.#securityKey, text) : JSON.parse(text);
    } catch {
      json = null;
    }
    const envelope = Envelope.safeParse(json);
    const error = envelope.success ? envelope.data.error : null;
    if (res.ok && envelope.success && !error) {
      const parsed = shape.safeParse(envelope.data.entityBody);
      if (parsed.success) return parsed.data;
      throw new TossError("unavailable", res.status, "BAD_ANSWER", "Toss answered in an unexpected shape");
    }
    const code = error?.code ?? "UNKNOWN";
    const message = error?.message ?? `HTTP ${res.status}`;
    if (res.status >= 500 || (res.ok && !error)) throw new TossError("unavailable", res.status, code, message);
    if (res.status === 401 || CONFIG_CODES.has(code)) throw new TossError("config", res.status, code, message);
    throw new TossError("refused", res.status, code, message);
  }
}
