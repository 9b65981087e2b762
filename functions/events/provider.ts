import type { ServerEventRow, ServerEventStore } from "../db/server-events";

/**
 * Where server-side commerce events go (decision 070). Meta's Conversions API and Google's
 * Measurement Protocol each want their own secret per shop; the platform hands events to one
 * endpoint of its own (a relay that holds those secrets), or keeps them in D1 for the owner to see.
 */
export interface EventSink {
  readonly name: string;
  /** Hands the event over; throws when it could not. "logged": kept here, nothing sent. */
  send(event: ServerEventRow): Promise<"sent" | "logged">;
}

/** No endpoint configured: the row in server_events is the record, listed in the owner's console. */
export class LocalEventSink implements EventSink {
  readonly name = "local";
  send(): Promise<"logged"> {
    return Promise.resolve("logged");
  }
}

/** POST {shop_id, event, event_id, order_id, ...payload} as JSON, with a bearer token when set. */
export class HttpEventSink implements EventSink {
  readonly name = "http";
  constructor(
    private readonly url: string,
    private readonly token: string,
    private readonly fetcher: typeof fetch = (input, init) => fetch(input, init),
    private readonly timeoutMs = 5000,
  ) {}

  async send(e: ServerEventRow): Promise<"sent"> {
    const payload = JSON.parse(e.payload) as Record<string, unknown>;
    const response = await this.fetcher(this.url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
      },
      body: JSON.stringify({
        shop_id: e.shop_id,
        event: e.event,
        event_id: e.event_id,
        order_id: e.order_id,
        ...payload,
      }),
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    if (!response.ok) {
      const detail = await response.text().catch(() => "");
      throw new Error(`event endpoint answered ${response.status}: ${detail.slice(0, 200)}`);
    }
    return "sent";
  }
}

export type EventsConfig = { EVENTS_ENDPOINT: string; EVENTS_TOKEN: string };

export function eventSink(config: EventsConfig, fetcher?: typeof fetch): EventSink {
  return config.EVENTS_ENDPOINT
    ? new HttpEventSink(config.EVENTS_ENDPOINT, config.EVENTS_TOKEN, fetcher)
    : new LocalEventSink();
}

/** One hand-over attempt; its outcome is written back, a failure scheduled for another try. */
export async function deliverEvent(store: ServerEventStore, sink: EventSink, event: ServerEventRow, now = Date.now()) {
  try {
    await store.settle(event.id, { status: await sink.send(event) }, now);
  } catch (error) {
    await store.settle(event.id, { error: error instanceof Error ? error.message : String(error) }, now);
  }
}

/** The scheduled job: pending events whose time has come get another try (how many it tried); old ones are dropped. */
export async function retryServerEvents(store: ServerEventStore, sink: EventSink, now: number): Promise<number> {
  const due = await store.due(now);
  for (const event of due) await deliverEvent(store, sink, event, now);
  await store.purgeOld(now);
  return due.length;
}
