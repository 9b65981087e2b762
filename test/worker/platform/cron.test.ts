import { afterEach, describe, expect, it, vi } from "vitest";
import { parseCron, scheduleCrons } from "../../../scripts/lib/cron.mjs";

// `npm start` runs wrangler.toml's cron triggers itself (decision 090): Miniflare, like the edge,
// never calls the scheduled handler on its own.

const at = (iso: string) => new Date(iso);

describe("parseCron", () => {
  it("reads wrangler.toml's */5 as every fifth minute, in UTC", () => {
    const every5 = parseCron("*/5 * * * *");
    expect(every5(at("2026-11-27T06:00:00Z"))).toBe(true);
    expect(every5(at("2026-11-27T06:55:00Z"))).toBe(true);
    expect(every5(at("2026-11-27T06:01:00Z"))).toBe(false);
    expect(every5(at("2026-11-27T06:04:00Z"))).toBe(false);
  });

  it("reads lists, ranges with steps, and either day field as cron does", () => {
    const nightly = parseCron("30 1,13 * * *");
    expect(nightly(at("2026-11-27T01:30:00Z"))).toBe(true);
    expect(nightly(at("2026-11-27T13:30:00Z"))).toBe(true);
    expect(nightly(at("2026-11-27T02:30:00Z"))).toBe(false);
    const office = parseCron("0 9-17/4 * * 1-5");
    expect(office(at("2026-11-27T13:00:00Z"))).toBe(true); // a Friday, 13:00
    expect(office(at("2026-11-28T13:00:00Z"))).toBe(false); // Saturday
    expect(office(at("2026-11-27T11:00:00Z"))).toBe(false);
    // Day of month 1 or a Sunday (7 is Sunday too).
    const either = parseCron("0 0 1 * 7");
    expect(either(at("2026-11-01T00:00:00Z"))).toBe(true);
    expect(either(at("2026-11-29T00:00:00Z"))).toBe(true);
    expect(either(at("2026-11-27T00:00:00Z"))).toBe(false);
  });

  it("refuses what it cannot read instead of guessing", () => {
    expect(() => parseCron("*/5 * * *")).toThrow(/five fields/);
    expect(() => parseCron("61 * * * *")).toThrow(/out of range/);
    expect(() => parseCron("0 0 L * *")).toThrow(/cannot read/);
    expect(() => parseCron("0 0 * JAN *")).toThrow(/cannot read/);
  });
});

describe("scheduleCrons", () => {
  afterEach(() => vi.useRealTimers());

  it("runs each matching cron at the start of its minute, with that minute as the scheduled time", async () => {
    vi.useFakeTimers();
    vi.setSystemTime(at("2026-11-27T06:03:20Z"));
    const runs: [string, string][] = [];
    const stop = scheduleCrons(["*/5 * * * *", "0 * * * *"], async (cron: string, time: number) => {
      runs.push([cron, new Date(time).toISOString()]);
    });
    await vi.advanceTimersByTimeAsync(57 * 60_000);
    stop();
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(runs).toEqual([
      ["*/5 * * * *", "2026-11-27T06:05:00.000Z"],
      ["*/5 * * * *", "2026-11-27T06:10:00.000Z"],
      ["*/5 * * * *", "2026-11-27T06:15:00.000Z"],
      ["*/5 * * * *", "2026-11-27T06:20:00.000Z"],
      ["*/5 * * * *", "2026-11-27T06:25:00.000Z"],
      ["*/5 * * * *", "2026-11-27T06:30:00.000Z"],
      ["*/5 * * * *", "2026-11-27T06:35:00.000Z"],
      ["*/5 * * * *", "2026-11-27T06:40:00.000Z"],
      ["*/5 * * * *", "2026-11-27T06:45:00.000Z"],
      ["*/5 * * * *", "2026-11-27T06:50:00.000Z"],
      ["*/5 * * * *", "2026-11-27T06:55:00.000Z"],
      ["*/5 * * * *", "2026-11-27T07:00:00.000Z"],
      ["0 * * * *", "2026-11-27T07:00:00.000Z"],
    ]);
  });

  it("goes on after a run that fails", async () => {
    vi.useFakeTimers();
    vi.setSystemTime(at("2026-11-27T06:04:30Z"));
    const errors: unknown[] = [];
    let calls = 0;
    const stop = scheduleCrons(
      ["*/5 * * * *"],
      async () => {
        calls++;
        throw new Error("D1 is away");
      },
      { error: (...args: unknown[]) => errors.push(args) },
    );
    await vi.advanceTimersByTimeAsync(6 * 60_000);
    stop();
    expect(calls).toBe(2);
    expect(errors).toHaveLength(2);
  });
});
