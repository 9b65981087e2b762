import { readFileSync } from "node:fs";

// Where the browser tests keep their Worker bundle and their local state (decision 088): made by
// scripts/e2e.mjs, served by scripts/e2e-server.mjs; test/e2e/outbox.ts reads its mail outbox.
export const E2E_BUNDLE_DIR = ".wrangler/e2e-worker";
export const E2E_STATE_DIR = ".wrangler/e2e";
// The freshly seeded state, made once per run; each project's run starts from a copy of it.
export const E2E_SEEDED_DIR = ".wrangler/e2e-seeded";
// Where scripts/e2e-server.mjs writes the addresses of the stand-ins it serves beside the Worker:
// `url`, Cloudflare's (decision 092, test/e2e/admin-domain.spec.ts); `toss`, Toss Payments' (issue 35);
// `portone` and `oauth`, PortOne's identity verification and Kakao/Naver login (issue 37);
// `solapi`, SOLAPI's 알림톡 (decision 131); `scheduler`, where a test runs the Worker's scheduled
// handler at a moment it names (decision 142).
export const E2E_STANDIN_FILE = `${E2E_STATE_DIR}/cloudflare-standin.json`;

/**
 * The stand-ins of the running browser tests' server: `{ url, toss, portone, oauth }`, `url`
 * being Cloudflare's. Toss's controls are under `${toss.origin}/_standin/` (deposit, faults …);
 * Kakao's unlink notice is sent from `${oauth.kakao}/_standin/unlink-notice`.
 * @returns {{ url: string, toss: { origin: string, sdkUrl: string },
 *   portone: { origin: string, sdkUrl: string, windowUrl: string },
 *   oauth: { origin: string, kakao: string, naver: string }, solapi: { origin: string },
 *   scheduler: { origin: string } }}
 */
export function readStandins() {
  return JSON.parse(readFileSync(E2E_STANDIN_FILE, "utf8"));
}

/** The Toss Payments stand-in's origin in the running browser tests' server. */
export const tossStandinOrigin = () => readStandins().toss.origin;
