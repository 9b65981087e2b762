// Where the browser tests keep their Worker bundle and their local state (decision 088): made by
// scripts/e2e.mjs, served by scripts/e2e-server.mjs; test/e2e/outbox.ts reads its mail outbox.
export const E2E_BUNDLE_DIR = ".wrangler/e2e-worker";
export const E2E_STATE_DIR = ".wrangler/e2e";
// The freshly seeded state, made once per run; each project's run starts from a copy of it.
export const E2E_SEEDED_DIR = ".wrangler/e2e-seeded";
// Where scripts/e2e-server.mjs writes the address of the Cloudflare stand-in it serves beside the
// Worker (decision 092), for test/e2e/admin-domain.spec.ts.
export const E2E_STANDIN_FILE = `${E2E_STATE_DIR}/cloudflare-standin.json`;
