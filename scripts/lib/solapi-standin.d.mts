/** Types of solapi-standin.mjs (which Node runs as it is). */
export const SEND_PATH: string;
export const STANDIN_API_KEY: string;
export const STANDIN_API_SECRET: string;
export const STANDIN_PFID: string;
export const STANDIN_SENDER: string;
export const STANDIN_TEMPLATES: Record<string, string[]>;
export const STANDIN_TEMPLATE_CONFIG: string;
export const NO_KAKAO: Set<string>;

export function solapiSignature(secret: string, date: string, salt: string): Promise<string>;

export type SentMessage = {
  messageId: string;
  groupId: string;
  to: string;
  from: string;
  type: "ATA" | "LMS";
  templateId: string;
  variables: Record<string, string>;
  text: string;
  fallback: boolean;
  at: number;
};

export type SolapiStandinOptions = {
  apiKey?: string;
  apiSecret?: string;
  pfId?: string;
  sender?: string;
  templates?: Record<string, string[]>;
  now?: () => number;
};

export type SolapiStandin = {
  handle: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;
  sent: SentMessage[];
};

export function createSolapiStandin(options?: SolapiStandinOptions): SolapiStandin;

export function startSolapiStandin(
  options?: SolapiStandinOptions & { port?: number; host?: string; publicHost?: string },
): Promise<{
  origin: string;
  port: number;
  apiBase: string;
  pageUrl: string;
  apiKey: string;
  apiSecret: string;
  pfId: string;
  sender: string;
  templates: string;
  standin: SolapiStandin;
  close: () => Promise<void>;
}>;
