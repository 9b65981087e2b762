/** Types of toss-standin.mjs (which Node runs as it is). */
export const TOSS_API_VERSION: string;
export const SDK_PATH: string;
export const SESSION_TTL_MS: number;
export const DEFAULT_VALID_HOURS: number;

export type FaultKind = "provider" | "internal" | "delay" | "drop" | "lost" | "refuse" | "lose" | "duplicate" | "hold";
export type Fault = {
  path: string;
  kind: FaultKind;
  times?: number;
  delayMs?: number;
  method?: "GET" | "POST";
  /** Toss's error code a "refuse" fault answers. */
  code?: string;
};
export class ConnectionLost extends Error {}
export type Delivery = { mId: string; url: string; body: Record<string, unknown>; status: number; answer: string };
export type DepositResult =
  | { error: string }
  | {
      paymentKey: string;
      orderId: string;
      status: string;
      url: string;
      answers: { status: number; answer: string }[];
    };

export type TossStandinOptions = {
  sessionTtlMs?: number;
  now?: () => number;
  idempotencyMismatch?: "refuse" | "replay";
  faults?: Fault[];
  deliver?: (url: string, init: { method: string; headers: Record<string, string>; body: string }) => Promise<Response>;
  webhookPath?: string;
  statusEvents?: boolean;
  eventDelivery?: "later" | "queued";
  /** 지급대행 v2 (toss-payouts-standin.mjs): where payout/seller webhooks go. */
  payoutWebhookUrl?: string | null;
  /** Security keys by secret key (default: securityKeyOf). */
  securityKeys?: Record<string, string>;
  /** Sellers registered before a restart. */
  sellers?: { secretKey: string; seller: { id: string; refSellerId: string; businessType: string; status: string } }[];
};

export type TossStandin = {
  handle: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;
  payouts: { config: { webhookUrl: string | null } };
  merchants: Map<string, unknown>;
  faults: Fault[];
  deliveries: Delivery[];
  config: { sessionTtlMs: number; idempotencyMismatch: "refuse" | "replay"; statusEvents: boolean };
  addFault: (fault: Fault) => boolean;
  deposit: (opts: { orderId?: string; paymentKey?: string; secret?: string; times?: number }) => Promise<DepositResult>;
  expire: (opts: { orderId?: string; paymentKey?: string }) => Promise<DepositResult>;
  merchantCancel: (opts: { orderId?: string; paymentKey?: string }) => Promise<Record<string, unknown>>;
  releaseHeld: () => Promise<{ status: number; answer: string }[]>;
  settle: () => Promise<void>;
  flushEvents: () => Promise<{ status: number; answer: string }[]>;
  registerWebhook: (opts: {
    clientKey?: string;
    secretKey?: string;
    url: string;
    paymentStatusChanged?: boolean;
  }) => boolean;
  listing: () => { mId: string; clientKeyLast4: string | null; webhookUrl: string | null; payments: unknown[] }[];
  advance: (ms: number) => void;
};

export function createTossStandin(options?: TossStandinOptions): TossStandin;

export function startTossStandin(
  options?: TossStandinOptions & { port?: number; host?: string; publicHost?: string; deliverVia?: string },
): Promise<{
  origin: string;
  url: string;
  port: number;
  apiBase: string;
  sdkUrl: string;
  devCenterUrl: string;
  standin: TossStandin;
  close: () => Promise<void>;
}>;
