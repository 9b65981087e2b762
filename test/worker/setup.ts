import { applyD1Migrations, env } from "cloudflare:test";
import { afterEach, beforeAll, vi } from "vitest";
import { applySeed } from "../../functions/seed/demo";

// Each test file gets its own isolated storage: migrate and seed the demo shops once per file.
beforeAll(async () => {
  await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
  await applySeed(env.DB, env.FILES);
});

// Unexpected console errors fail the test that caused them. A test that expects one
// spies on console.error itself (vi.spyOn(console, "error").mockImplementation(() => {})).
const original = console.error;
let errors: unknown[][] = [];
console.error = (...args: unknown[]) => {
  errors.push(args);
  original(...args);
};
afterEach(() => {
  const seen = errors;
  errors = [];
  vi.restoreAllMocks();
  if (seen.length > 0)
    throw new Error(`Unexpected console.error: ${seen.map((a) => a.map(String).join(" ")).join("\n")}`);
});
