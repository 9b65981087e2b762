// Where the browser tests keep their Worker bundle and their local state (decision 088): made by
// scripts/e2e.mjs, served by scripts/e2e-server.mjs; test/e2e/outbox.ts reads its mail outbox.
export const E2E_BUNDLE_DIR = ".wrangler/e2e-worker";
export const E2E_STATE_DIR = ".wrangler/e2e";
