import { OutboxStore } from "../db/outbox";
import type { Db } from "../db/session";

/** One plain-text message. */
export type MailMessage = { to: string; subject: string; text: string };

/** Where mail goes. Throws when the message could not be handed over. */
export interface MailProvider {
  readonly name: string;
  send(message: MailMessage): Promise<void>;
}

/** The default: messages are kept in D1's mail_outbox table for a developer to read (README). */
export class OutboxMailProvider implements MailProvider {
  readonly name = "outbox";
  private readonly outbox: OutboxStore;
  constructor(db: Db) {
    this.outbox = new OutboxStore(db);
  }
  async send(message: MailMessage): Promise<void> {
    await this.outbox.add(message.to, message.subject, message.text);
  }
}

/**
 * A transactional-mail HTTP API: POST {from, to, subject, text} as JSON with a bearer key, any
 * 2xx is success. The shape most such services accept (or a small relay in front of one).
 */
export class HttpMailProvider implements MailProvider {
  readonly name = "http";
  constructor(
    private readonly url: string,
    private readonly apiKey: string,
    private readonly from: string,
    private readonly fetcher: typeof fetch = (input, init) => fetch(input, init),
    private readonly timeoutMs = 8000,
  ) {}

  async send(message: MailMessage): Promise<void> {
    const response = await this.fetcher(this.url, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${this.apiKey}` },
      body: JSON.stringify({ from: this.from, to: message.to, subject: message.subject, text: message.text }),
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    if (!response.ok) {
      const detail = await response.text().catch(() => "");
      throw new Error(`mail API answered ${response.status}: ${detail.slice(0, 200)}`);
    }
  }
}

export type MailConfig = { MAIL_API_URL: string; MAIL_API_KEY: string; MAIL_FROM: string };

/** The HTTP provider when MAIL_API_URL and MAIL_API_KEY are set, else the local outbox. */
export function mailProvider(config: MailConfig, db: Db, fetcher?: typeof fetch): MailProvider {
  if (config.MAIL_API_URL && config.MAIL_API_KEY) {
    return new HttpMailProvider(config.MAIL_API_URL, config.MAIL_API_KEY, config.MAIL_FROM, fetcher);
  }
  return new OutboxMailProvider(db);
}
