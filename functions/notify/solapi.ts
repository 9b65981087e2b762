/**
 * SOLAPI's message API, the one call the platform makes (decision 131): 알림톡 (type ATA) with a
 * registered template, which SOLAPI replaces by a text message when the phone has no KakaoTalk
 * (disableSms false). Requests are signed as SOLAPI documents ("API Key 인증 방식"): HMAC-SHA256 of
 * the date and a fresh salt, keyed by the API secret. The secret is used for that and nothing
 * else: it is in no error, log line or answer.
 */

export const SOLAPI_SEND_PATH = "/messages/v4/send-many/detail";

export type SolapiConfig = {
  SOLAPI_API_BASE: string;
  SOLAPI_API_KEY: string;
  SOLAPI_API_SECRET: string;
  SOLAPI_PFID: string;
  SOLAPI_SENDER: string;
  SOLAPI_TEMPLATES: string;
};

export type Alimtalk = { to: string; templateId: string; variables: Record<string, string>; text: string };

/** What SOLAPI said of one message: taken (its id and how it went), or refused, and whether to try again. */
export type SendOutcome =
  { ok: true; messageId: string; sentAs: string } | { ok: false; error: string; retry: boolean };

const hex = (bytes: ArrayBuffer) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, "0")).join("");

/** hex(HMAC-SHA256(key: secret, data: date + salt)): SOLAPI's signature. */
export async function solapiSignature(secret: string, date: string, salt: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  return hex(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(date + salt)));
}

/** The Authorization header for one request; a new salt each time, as a signature is good once. */
export async function solapiAuthorization(
  apiKey: string,
  secret: string,
  date: string,
  salt: string = hex(crypto.getRandomValues(new Uint8Array(16)).buffer),
): Promise<string> {
  const signature = await solapiSignature(secret, date, salt);
  return `HMAC-SHA256 apiKey=${apiKey}, date=${date}, salt=${salt}, signature=${signature}`;
}

/** `kind=templateId,…` → a map; unreadable pairs are left out. */
export function templateIds(config: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const pair of config.split(",")) {
    const [kind, id] = pair.split("=").map((s) => s.trim());
    if (kind && id) map.set(kind, id);
  }
  return map;
}

type SendManyAnswer = {
  messageList?: { messageId?: string; type?: string }[];
  failedMessageList?: { statusCode?: string; statusMessage?: string }[];
  errorCode?: string;
  errorMessage?: string;
};

export class SolapiClient {
  constructor(
    private readonly config: SolapiConfig,
    private readonly fetcher: typeof fetch = (input, init) => fetch(input, init),
    private readonly now: () => number = Date.now,
    private readonly timeoutMs = 8000,
  ) {}

  /** Configured: a key, a secret, a Kakao channel and a sender number. */
  static configured(config: SolapiConfig): boolean {
    return Boolean(config.SOLAPI_API_KEY && config.SOLAPI_API_SECRET && config.SOLAPI_PFID && config.SOLAPI_SENDER);
  }

  /** One 알림톡, falling back to a text message. Never throws: a failure is an outcome. */
  async send(message: Alimtalk): Promise<SendOutcome> {
    const c = this.config;
    const date = new Date(this.now()).toISOString().replace(/\.\d{3}Z$/, "Z");
    let response: Response;
    try {
      response = await this.fetcher(`${c.SOLAPI_API_BASE}${SOLAPI_SEND_PATH}`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          authorization: await solapiAuthorization(c.SOLAPI_API_KEY, c.SOLAPI_API_SECRET, date),
        },
        body: JSON.stringify({
          messages: [
            {
              to: message.to,
              from: c.SOLAPI_SENDER,
              text: message.text,
              type: "ATA",
              kakaoOptions: {
                pfId: c.SOLAPI_PFID,
                templateId: message.templateId,
                variables: message.variables,
                disableSms: false,
              },
            },
          ],
        }),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      return { ok: false, error: `network: ${error instanceof Error ? error.name : "error"}`, retry: true };
    }
    const answer = (await response.json().catch(() => ({}))) as SendManyAnswer;
    if (!response.ok) {
      // 5xx and a clock or signature problem may pass; a refused key or a bad request will not.
      const retry = response.status >= 500 || response.status === 429 || answer.errorCode === "RequestTimeTooSkewed";
      return {
        ok: false,
        error: `${response.status} ${answer.errorCode ?? ""} ${answer.errorMessage ?? ""}`.trim(),
        retry,
      };
    }
    const taken = answer.messageList?.[0];
    if (taken?.messageId) return { ok: true, messageId: taken.messageId, sentAs: taken.type ?? "ATA" };
    const failed = answer.failedMessageList?.[0];
    return {
      ok: false,
      error: failed ? `${failed.statusCode ?? ""} ${failed.statusMessage ?? ""}`.trim() : "no result",
      retry: false,
    };
  }
}
