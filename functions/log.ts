/**
 * Logs you can follow (issue 33, decision 093): one JSON line per request, per live socket opened
 * or closed and per cron run, and one per error with its stack, each carrying the request's id
 * (the one its error page shows). Workers Logs and `wrangler tail --format json` read a JSON line
 * as fields. A line never holds what identifies a shopper: no query string, cookie, form body,
 * client address, and an error's text with e-mail addresses and phone numbers masked (redact).
 */

/** What a line may hold besides its level, id and message: plain values only. */
export type LogFields = Record<string, string | number | boolean | null | undefined>;

/** Cloudflare's ray id (`8c2f…-ICN`); a header sent in its place is kept only if it looks like one. */
const RAY = /^[0-9a-z]{8,32}(-[a-z]{3})?$/i;

/** A fresh id: 16 hex digits, short enough to read out over the phone. */
export function newId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** The request's id: Cloudflare's ray id when there is one (so its trace can be found too), else a fresh one. */
export function requestId(request: Request): string {
  const ray = request.headers.get("cf-ray");
  return ray && RAY.test(ray) ? ray : newId();
}

const EMAIL = /[^\s@"'<>(),;:]+@[^\s@"'<>(),;:]+\.[a-z]{2,}/gi;
/**
 * Nine to twelve digits, in up to three groups after an optional country code (Korean mobiles,
 * landlines, +82): not longer runs (a time in milliseconds), nor short ones (an order, a price).
 */
const PHONE = /(?<!\d)(?:\+\d{1,3}[\s.-]?)?\d{2,4}[\s.-]?\d{3,4}[\s.-]?\d{4}(?!\d)/g;
/** An address's query (an order lookup's phone, a reset token): dropped, the address kept. */
const QUERY = /(\bhttps?:\/\/[^\s?#"'<>]+)\?[^\s"'<>]*/gi;

/** Masks e-mail addresses, phone numbers and addresses' queries in a text (an error's message or stack). */
export function redact(text: string): string {
  return text.replace(QUERY, "$1?…").replace(EMAIL, "[email]").replace(PHONE, "[phone]");
}

/** Enough of a stack to find the place; a line stays short. */
const MAX_STACK = 2000;

/** An error as a line's `error` field: its name, and its message and stack with personal data masked. */
export function describeError(error: unknown): { name: string; message: string; stack?: string } {
  if (error instanceof Error) {
    const stack = error.stack ? redact(error.stack.slice(0, MAX_STACK)) : undefined;
    return { name: error.name, message: redact(error.message), ...(stack ? { stack } : {}) };
  }
  // A thrown Response (Remix) or a string: what it is, never its body.
  if (error instanceof Response) return { name: "Response", message: `status ${error.status}` };
  return { name: typeof error, message: redact(String(error)).slice(0, 500) };
}

type Level = "info" | "error";

/**
 * One request's (or one cron run's, one live room's) logger: its id and the fields every line of
 * it carries. Made per request by the entry and handed down; nothing of it lives in a module.
 */
export class Log {
  /** What every line of this request carries: set at the entry, added to on the way. */
  private readonly fields: LogFields;

  constructor(
    readonly id: string,
    fields: LogFields = {},
  ) {
    this.fields = { ...fields };
  }

  /** Adds to every later line: what a deeper layer learns (the shop, Remix's matched route). */
  note(fields: LogFields): void {
    Object.assign(this.fields, fields);
  }

  /**
   * A line about what was done (the request's, a socket's, a cron run's), on standard output
   * whatever its level (a 5xx request's line is "error"; its exception has a line of its own).
   */
  info(msg: string, fields: LogFields = {}, level: Level = "info"): void {
    console.log(JSON.stringify({ level, msg, id: this.id, ...this.fields, ...fields }));
  }

  /** A line about a failure, with the error's name, message and stack (redacted). */
  error(msg: string, error: unknown, fields: LogFields = {}): void {
    console.error(
      JSON.stringify({ level: "error", msg, id: this.id, ...this.fields, ...fields, error: describeError(error) }),
    );
  }
}
