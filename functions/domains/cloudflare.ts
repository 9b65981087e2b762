import { z } from "zod";

/**
 * Cloudflare for SaaS's custom hostnames API of the platform's zone (decision 092): add a
 * hostname, read it, find it by name, delete it. Answers come in Cloudflare's envelope
 * ({success, errors, messages, result}); only the fields the console uses are read. The token goes
 * in the Authorization header and nowhere else: no error, log line or result carries it.
 */

/** Cloudflare's error code for a hostname the zone already has. */
export const DUPLICATE_HOSTNAME = 1406;

const ValidationRecord = z.object({
  txt_name: z.string().optional(),
  txt_value: z.string().optional(),
  http_url: z.string().optional(),
  http_body: z.string().optional(),
});

export const CustomHostnameResult = z.object({
  id: z.string(),
  hostname: z.string(),
  /** pending, active, moved, deleted, pending_deletion, blocked … */
  status: z.string().default("pending"),
  ssl: z
    .object({
      /** initializing, pending_validation, pending_issuance, pending_deployment, active, *_timed_out … */
      status: z.string().default("initializing"),
      validation_records: z.array(ValidationRecord).nullish(),
      validation_errors: z.array(z.object({ message: z.string() })).nullish(),
    })
    .nullish(),
  ownership_verification: z.object({ type: z.string(), name: z.string(), value: z.string() }).nullish(),
  verification_errors: z.array(z.string()).nullish(),
});
export type CustomHostnameResult = z.infer<typeof CustomHostnameResult>;

const Envelope = z.object({
  success: z.boolean(),
  errors: z.array(z.object({ code: z.number(), message: z.string() })).default([]),
  result: z.unknown(),
});

/** A call Cloudflare refused or could not answer: its HTTP status and first error code. */
export class CloudflareError extends Error {
  constructor(
    readonly status: number,
    readonly code: number | null,
    message: string,
  ) {
    super(message);
    this.name = "CloudflareError";
  }
}

/** A result in a shape the console cannot read counts as Cloudflare failing, not as a fault here. */
function read<T>(schema: z.ZodType<T>, result: unknown): T {
  const parsed = schema.safeParse(result);
  if (!parsed.success) throw new CloudflareError(502, null, "custom hostnames: an answer of an unexpected shape");
  return parsed.data;
}

export type CloudflareConfig = {
  CF_API_BASE: string;
  CF_ZONE_ID: string;
  CF_API_TOKEN: string;
  CF_FALLBACK_ORIGIN: string;
};

export class CustomHostnames {
  readonly #token: string;
  readonly #zone: string;

  constructor(
    config: CloudflareConfig,
    private readonly fetcher: typeof fetch = (input, init) => fetch(input, init),
    private readonly timeoutMs = 8000,
  ) {
    this.#token = config.CF_API_TOKEN;
    this.#zone = `${config.CF_API_BASE}/zones/${encodeURIComponent(config.CF_ZONE_ID)}/custom_hostnames`;
    this.fallbackOrigin = config.CF_FALLBACK_ORIGIN;
  }

  /** The host owners point their CNAME at. */
  readonly fallbackOrigin: string;

  async #call(method: string, path: string, body?: unknown): Promise<unknown> {
    let response: Response;
    try {
      response = await this.fetcher(`${this.#zone}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${this.#token}`,
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      throw new CloudflareError(
        0,
        null,
        `custom hostnames ${method}: ${error instanceof Error ? error.name : "failed"}`,
      );
    }
    const parsed = Envelope.safeParse(await response.json().catch(() => null));
    if (!parsed.success || !response.ok || !parsed.data.success) {
      const first = parsed.success ? parsed.data.errors[0] : undefined;
      throw new CloudflareError(
        response.status,
        first?.code ?? null,
        `custom hostnames ${method} answered ${response.status}${first ? ` (${first.code} ${first.message})` : ""}`,
      );
    }
    return parsed.data.result;
  }

  /** Adds the hostname; its certificate is validated by a TXT record the owner creates. */
  async create(hostname: string): Promise<CustomHostnameResult> {
    return CustomHostnameResult.parse(await this.#call("POST", "", { hostname, ssl: { method: "txt", type: "dv" } }));
  }

  /** The hostname as Cloudflare has it now, or null when it has none by that id. */
  async get(id: string): Promise<CustomHostnameResult | null> {
    try {
      return read(CustomHostnameResult, await this.#call("GET", `/${encodeURIComponent(id)}`));
    } catch (error) {
      if (error instanceof CloudflareError && error.status === 404) return null;
      throw error;
    }
  }

  /** The zone's custom hostname of this name, or null. */
  async find(hostname: string): Promise<CustomHostnameResult | null> {
    const list = read(
      z.array(CustomHostnameResult),
      await this.#call("GET", `?hostname=${encodeURIComponent(hostname)}`),
    );
    return list.find((h) => h.hostname === hostname) ?? null;
  }

  /** Deletes it; one that is already gone counts as deleted. */
  async delete(id: string): Promise<void> {
    try {
      await this.#call("DELETE", `/${encodeURIComponent(id)}`);
    } catch (error) {
      if (!(error instanceof CloudflareError && error.status === 404)) throw error;
    }
  }
}

/** The client when the platform is configured for custom domains, else null. */
export function customHostnames(config: CloudflareConfig, fetcher?: typeof fetch): CustomHostnames | null {
  if (!config.CF_ZONE_ID || !config.CF_API_TOKEN || !config.CF_FALLBACK_ORIGIN) return null;
  return new CustomHostnames(config, fetcher);
}

/** What the console makes of Cloudflare's answer: connected, waiting, or failed and why. */
export type HostnameState = {
  state: "pending" | "active" | "failed";
  /** Cloudflare's own words (English), or null. */
  reason: string | null;
};

const FAILED_STATUSES = new Set(["moved", "deleted", "pending_deletion", "blocked", "pending_blocked", "test_failed"]);
const FAILED_SSL = /(_timed_out|^expired|^deleted|^inactive|^deactivating)$/;

/**
 * Connected once the hostname is verified and its certificate serves. One that was connected stays
 * so while the hostname is active and its certificate is only being renewed (the old one serves).
 */
export function hostnameState(h: CustomHostnameResult, wasActive = false): HostnameState {
  const ssl = h.ssl?.status ?? "initializing";
  const errors = [...(h.verification_errors ?? []), ...(h.ssl?.validation_errors ?? []).map((e) => e.message)];
  const reason = [...new Set(errors)].join(" ") || null;
  if (h.status === "active" && (ssl === "active" || (wasActive && !FAILED_SSL.test(ssl)))) {
    return { state: "active", reason: null };
  }
  // Moved, blocked or deleted says more than a verification error left from before it.
  if (FAILED_STATUSES.has(h.status)) return { state: "failed", reason: h.status };
  if (FAILED_SSL.test(ssl)) return { state: "failed", reason: reason ?? ssl };
  return { state: "pending", reason };
}

/** The TXT records Cloudflare still waits for: ownership, then the certificate's. */
export function pendingTxtRecords(
  h: CustomHostnameResult,
): { name: string; value: string; purpose: "ownership" | "certificate" }[] {
  const records: { name: string; value: string; purpose: "ownership" | "certificate" }[] = [];
  if (h.status !== "active" && h.ownership_verification?.type === "txt") {
    records.push({ name: h.ownership_verification.name, value: h.ownership_verification.value, purpose: "ownership" });
  }
  for (const r of h.ssl?.validation_records ?? []) {
    if (r.txt_name && r.txt_value) records.push({ name: r.txt_name, value: r.txt_value, purpose: "certificate" });
  }
  return records;
}
