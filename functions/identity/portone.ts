import { z } from "zod";

/**
 * PortOne V2's identity verification, read by id with the platform's API secret (issue 37; facts in
 * docs/integrations.md §2.2). The result is always read here, never trusted from the
 * window's redirect. The secret goes in the Authorization header only: no error or result carries
 * it, and neither carries CI or DI into a message.
 */

const Customer = z.object({
  id: z.string().nullish(),
  name: z.string(),
  operator: z.string().nullish(),
  phoneNumber: z.string().nullish(),
  birthDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  gender: z.enum(["MALE", "FEMALE", "OTHER"]).nullish(),
  isForeigner: z.boolean().nullish(),
  ci: z.string().nullish(),
  di: z.string().nullish(),
});
export type VerifiedCustomer = z.infer<typeof Customer>;

const Common = { id: z.string(), requestedAt: z.string().nullish(), updatedAt: z.string().nullish() };

export const IdentityVerification = z.discriminatedUnion("status", [
  z.object({ status: z.literal("READY"), ...Common }),
  z.object({ status: z.literal("VERIFIED"), ...Common, verifiedCustomer: Customer, verifiedAt: z.string().nullish() }),
  z.object({
    status: z.literal("FAILED"),
    ...Common,
    failure: z
      .object({ reason: z.string().nullish(), pgCode: z.string().nullish(), pgMessage: z.string().nullish() })
      .nullish(),
  }),
]);
export type IdentityVerification = z.infer<typeof IdentityVerification>;

const ErrorBody = z.object({ type: z.string(), message: z.string().nullish() });

/**
 * A call PortOne refused or did not answer. `kind`:
 * - `not_found`: no such verification (for this store): an id a shopper made up, or another store's.
 * - `config`: the platform's secret is wrong (a fault to fix in the Worker's secrets).
 * - `unavailable`: no answer in time, a 5xx or an unreadable shape: the shopper may try again.
 * - `refused`: any other 4xx.
 */
export class PortOneError extends Error {
  constructor(
    readonly kind: "not_found" | "config" | "unavailable" | "refused",
    readonly status: number,
    readonly type: string,
    message: string,
  ) {
    super(message);
    this.name = "PortOneError";
  }
}

export class PortOneClient {
  readonly #auth: string;

  constructor(
    private readonly base: string,
    apiSecret: string,
    private readonly fetcher: typeof fetch = (input, init) => fetch(input, init),
    private readonly timeoutMs = 10_000,
  ) {
    this.#auth = `PortOne ${apiSecret}`;
  }

  /** The verification `id`; with `storeId`, only that store's (PortOne's 하위 상점 query). */
  async getIdentityVerification(id: string, storeId?: string): Promise<IdentityVerification> {
    const query = storeId ? `?storeId=${encodeURIComponent(storeId)}` : "";
    let res: Response;
    try {
      res = await this.fetcher(`${this.base}/identity-verifications/${encodeURIComponent(id)}${query}`, {
        headers: { authorization: this.#auth, accept: "application/json" },
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch {
      throw new PortOneError("unavailable", 0, "NETWORK", "PortOne did not answer in time");
    }
    const json: unknown = await res.json().catch(() => null);
    if (res.ok) {
      const parsed = IdentityVerification.safeParse(json);
      if (parsed.success) return parsed.data;
      throw new PortOneError("unavailable", res.status, "BAD_ANSWER", "PortOne answered in an unexpected shape");
    }
    const error = ErrorBody.safeParse(json);
    const type = error.success ? error.data.type : "UNKNOWN";
    const message = (error.success ? error.data.message : null) ?? `HTTP ${res.status}`;
    if (res.status >= 500) throw new PortOneError("unavailable", res.status, type, message);
    if (res.status === 401 || res.status === 403) throw new PortOneError("config", res.status, type, message);
    if (type === "IDENTITY_VERIFICATION_NOT_FOUND" || res.status === 404)
      throw new PortOneError("not_found", res.status, type, message);
    throw new PortOneError("refused", res.status, type, message);
  }
}

/** Korea's calendar year at `nowMs` (UTC+9 all year): not the UTC year, which lags 9 hours on 1 January. */
export function koreanYear(nowMs: number): number {
  return new Date(nowMs + 9 * 3600_000).getUTCFullYear();
}

/**
 * Adult under the youth protection law (청소년보호법 §2(1)): no longer a youth from 1 January of the
 * year one turns 19, so the Korean current year minus the birth year is at least 19.
 */
export function isAdultInKorea(birthDate: string, nowMs: number): boolean {
  const year = Number(/^(\d{4})-\d{2}-\d{2}$/.exec(birthDate)?.[1]);
  return Number.isInteger(year) && koreanYear(nowMs) - year >= 19;
}
