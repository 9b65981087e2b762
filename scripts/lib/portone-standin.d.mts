/** Types of portone-standin.mjs (which Node runs as it is). */
export const SDK_PATH: string;
export const WINDOW_PATH: string;
export const STANDIN_API_SECRET: string;
export const STANDIN_STORE_ID: string;
export const STANDIN_CHANNEL_KEY: string;

export type PersonaId = "adult" | "turns19" | "minor" | "foreigner" | "noDi";
export const PERSONAS: Record<
  PersonaId,
  { label: string; name: string; age: number; gender: "MALE" | "FEMALE"; isForeigner: boolean; di: boolean }
>;

export type VerifiedCustomer = {
  id: string;
  name: string;
  operator: string;
  phoneNumber: string;
  birthDate: string;
  gender: "MALE" | "FEMALE";
  isForeigner: boolean;
  ci: string;
  di?: string;
};

export function kstYear(ms: number): number;
export function personaCustomer(persona: PersonaId, storeId: string, nowMs: number): Promise<VerifiedCustomer>;

export type PortoneStandinOptions = { apiSecret?: string; now?: () => number };

export type PortoneStandin = {
  handle: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;
  verifications: Map<string, unknown>;
  listing: () => { storeId: string; id: string; status: string; persona: PersonaId | null; birthDate: string | null }[];
};

export function createPortoneStandin(options?: PortoneStandinOptions): PortoneStandin;

export function startPortoneStandin(
  options?: PortoneStandinOptions & { port?: number; host?: string; publicHost?: string },
): Promise<{
  origin: string;
  port: number;
  apiBase: string;
  sdkUrl: string;
  windowUrl: string;
  apiSecret: string;
  storeId: string;
  channelKey: string;
  standin: PortoneStandin;
  close: () => Promise<void>;
}>;
