import { applyD1Migrations, env, reset } from "cloudflare:test";
import { afterEach, beforeAll, vi } from "vitest";
import { applySeed } from "../../functions/seed/demo";

// Test files share one workerd and its loaded modules (isolate: false in vitest.config.ts,
// decision 100), so each file starts by wiping every store (D1, R2, KV, caches and Durable
// Objects live in Durable Objects here) and migrating and seeding the demo shops anew.
beforeAll(async () => {
  await reset();
  await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
  // beauty and bistro get their Toss test keys, sealed as the Worker here opens them.
  await applySeed(env.DB, env.FILES, undefined, { paymentKeysSecret: env.PAYMENT_KEYS_SECRET });
});

// Unexpected console errors fail the test that caused them. A test that expects one
// spies on console.error itself (vi.spyOn(console, "error").mockImplementation(() => {})).
// This file runs again for every test file in the same isolate: wrap the real console.error once.
type Watched = typeof console.error & { seen?: unknown[][] };
let watched = console.error as Watched;
if (!watched.seen) {
  const original = console.error;
  const seen: unknown[][] = [];
  watched = Object.assign(
    (...args: unknown[]) => {
      seen.push(args);
      original(...args);
    },
    { seen },
  );
  console.error = watched;
}
const seen = watched.seen!;
// Whatever an earlier file left unclaimed is not this file's.
seen.length = 0;
afterEach(() => {
  const errors = seen.splice(0);
  vi.restoreAllMocks();
  if (errors.length > 0)
    throw new Error(`Unexpected console.error: ${errors.map((a) => a.map(String).join(" ")).join("\n")}`);
});
