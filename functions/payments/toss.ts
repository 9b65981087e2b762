import { z } from "zod";

/**
 * Toss Payments' core API, called with one shop's own secret key (issue 35; facts and sources in
 * docs/integrations.md §1): confirm a payment the window authorised, read a payment by
 * its orderId (to reconcile a confirm that timed out), and cancel all or part of one. Every POST
 * carries an Idempotency-Key, so a retry of the same step is answered with the first answer and
 * moves no money twice. The secret goes in the Authorization header and nowhere else: no error,
 * log line or result carries it. Only the fields the storefront keeps are read.
 */

/** The API version whose field set this reads (responses carry it as `version`). */
export const TOSS_API_VERSION = "2022-11-16";

const Cancel = z.object({
  cancelAmount: z.number().int(),
  cancelReason: z.string().default(""),
  canceledAt: z.string(),
  transactionKey: z.string(),
});

export const TossPayment = z.object({
  paymentKey: z.string(),
  orderId: z.string(),
  /** READY, IN_PROGRESS, WAITING_FOR_DEPOSIT, DONE, CANCELED, PARTIAL_CANCELED, ABORTED, EXPIRED. */
  status: z.string(),
  /** In Korean, as Toss answers: 카드, 가상계좌, 간편결제, 계좌이체, 휴대폰 … */
  method: z.string().nullish(),
  totalAmount: z.number().int(),
  balanceAmount: z.number().int(),
  approvedAt: z.string().nullish(),
  lastTransactionKey: z.string().nullish(),
  useEscrow: z.boolean().nullish(),
  card: z
    .object({
      issuerCode: z.string().nullish(),
      number: z.string().nullish(),
      installmentPlanMonths: z.number().int().nullish(),
    })
    .nullish(),
  easyPay: z.object({ provider: z.string().nullish() }).nullish(),
  receipt: z.object({ url: z.string().nullish() }).nullish(),
  virtualAccount: z
    .object({
      accountNumber: z.string(),
      bankCode: z.string().nullish(),
      customerName: z.string().nullish(),
      dueDate: z.string().nullish(),
    })
    .nullish(),
  /** Given once, in a virtual account's confirm answer: its deposit callback carries it back. */
  secret: z.string().nullish(),
  cancels: z.array(Cancel).nullish(),
  failure: z.object({ code: z.string(), message: z.string() }).nullish(),
});
export type TossPayment = z.infer<typeof TossPayment>;

/** One entry of the merchant's ledger (거래 조회): an approval, a deposit or a cancel. */
export const TossTransaction = z.object({
  transactionKey: z.string(),
  paymentKey: z.string(),
  orderId: z.string(),
  method: z.string().nullish(),
  /** The payment's status as the transaction left it: DONE (money in), CANCELED / PARTIAL_CANCELED (out) … */
  status: z.string(),
  transactionAt: z.string(),
  amount: z.number().int(),
});
export type TossTransaction = z.infer<typeof TossTransaction>;

const ErrorBody = z.object({ code: z.string(), message: z.string().default("") });

/**
 * A call Toss refused or did not answer. `kind`:
 * - `refused`: Toss said no to this payment (a card declined, an amount already cancelled …);
 *   the shopper or the owner is told why.
 * - `config`: the shop's keys are wrong or not allowed this (a fault to fix in the console).
 * - `unavailable`: no answer in time, a 5xx or a shape we cannot read: never taken for a
 *   failure of the payment; the caller reconciles by reading the payment.
 */
export class TossError extends Error {
  constructor(
    readonly kind: "refused" | "config" | "unavailable",
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = "TossError";
  }
}

const CONFIG_CODES = new Set([
  "INVALID_API_KEY",
  "UNAUTHORIZED_KEY",
  "INVALID_AUTHORIZE_AUTH",
  "INCORRECT_BASIC_AUTH_FORMAT",
  "FORBIDDEN_REQUEST",
]);
/**
 * 4xx codes Toss documents as passing: a retry of the same call may go through
 * (IDEMPOTENT_REQUEST_PROCESSING: the first request of that key is still running).
 */
const RETRYABLE_CODES = new Set([
  "PROVIDER_ERROR",
  "FAILED_INTERNAL_SYSTEM_PROCESSING",
  "IDEMPOTENT_REQUEST_PROCESSING",
]);

export type CancelRequest = {
  cancelReason: string;
  /** Omitted: the whole balance. */
  cancelAmount?: number;
  /** Required to refund a virtual account that was paid. */
  refundReceiveAccount?: { bank: string; accountNumber: string; holderName: string };
};

export class TossClient {
  readonly #auth: string;

  constructor(
    private readonly base: string,
    secretKey: string,
    private readonly fetcher: typeof fetch = (input, init) => fetch(input, init),
    private readonly timeoutMs = 10_000,
  ) {
    this.#auth = `Basic ${btoa(`${secretKey}:`)}`;
  }

  /** Approves what the window authorised; the key makes a retry of it one approval. */
  confirm(body: { paymentKey: string; orderId: string; amount: number }, idempotencyKey: string) {
    return this.#call("POST", "/v1/payments/confirm", body, idempotencyKey);
  }

  /** A payment by its paymentKey (404 NOT_FOUND_PAYMENT: none of this merchant's). */
  byPaymentKey(paymentKey: string) {
    return this.#call("GET", `/v1/payments/${encodeURIComponent(paymentKey)}`);
  }

  /** The payment of an orderId (404 NOT_FOUND_PAYMENT when the window was never approved). */
  byOrderId(orderId: string) {
    return this.#call("GET", `/v1/payments/orders/${encodeURIComponent(orderId)}`);
  }

  cancel(paymentKey: string, body: CancelRequest, idempotencyKey: string) {
    return this.#call("POST", `/v1/payments/${encodeURIComponent(paymentKey)}/cancel`, body, idempotencyKey);
  }

  /**
   * The merchant's transactions between two moments of Korea's time (`YYYY-MM-DDTHH:mm:ss`),
   * every page of them (5,000 a page, after the last one's key).
   */
  async transactions(startDate: string, endDate: string): Promise<TossTransaction[]> {
    const all: TossTransaction[] = [];
    const page = z.array(TossTransaction);
    for (;;) {
      const q = new URLSearchParams({ startDate, endDate, limit: "5000" });
      const last = all.at(-1);
      if (last) q.set("startingAfter", last.transactionKey);
      const rows = await this.#call("GET", `/v1/transactions?${q}`, undefined, undefined, page);
      all.push(...rows);
      if (rows.length < 5000) return all;
    }
  }

  #call(method: "GET" | "POST", path: string, body?: unknown, idempotencyKey?: string): Promise<TossPayment>;
  #call<T>(
    method: "GET" | "POST",
    path: string,
    body: unknown,
    idempotencyKey: string | undefined,
    shape: z.ZodType<T>,
  ): Promise<T>;
  async #call(
    method: "GET" | "POST",
    path: string,
    body?: unknown,
    idempotencyKey?: string,
    shape: z.ZodType<unknown> = TossPayment,
  ): Promise<unknown> {
    const headers: Record<string, string> = { authorization: this.#auth, accept: "application/json" };
    if (body !== undefined) headers["content-type"] = "application/json";
    if (idempotencyKey) headers["idempotency-key"] = idempotencyKey;
    let res: Response;
    try {
      res = await this.fetcher(`${this.base}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch {
      throw new TossError("unavailable", 0, "NETWORK", "Toss did not answer in time");
    }
    const json: unknown = await res.json().catch(() => null);
    if (res.ok) {
      const parsed = shape.safeParse(json);
      if (parsed.success) return parsed.data;
      throw new TossError("unavailable", res.status, "BAD_ANSWER", "Toss answered in an unexpected shape");
    }
    const error = ErrorBody.safeParse(json);
    const code = error.success ? error.data.code : "UNKNOWN";
    const message = error.success ? error.data.message : `HTTP ${res.status}`;
    if (res.status >= 500 || RETRYABLE_CODES.has(code)) throw new TossError("unavailable", res.status, code, message);
    if (res.status === 401 || CONFIG_CODES.has(code)) throw new TossError("config", res.status, code, message);
    throw new TossError("refused", res.status, code, message);
  }
}

/** What the order sheet's choices ask the window for (requestPayment's `method` and `easyPay`). */
export const WINDOW_METHOD = {
  card: { method: "CARD" },
  kakaopay: { method: "CARD", easyPay: "KAKAOPAY" },
  naverpay: { method: "CARD", easyPay: "NAVERPAY" },
  tosspay: { method: "CARD", easyPay: "TOSSPAY" },
  vbank: { method: "VIRTUAL_ACCOUNT" },
} as const;
