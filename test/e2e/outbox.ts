import { execFileSync } from "node:child_process";
import { E2E_STATE_DIR } from "../../scripts/lib/e2e-paths.mjs";

/**
 * Reads the local mail outbox of the browser tests' database, the way a developer would
 * (README: "Reading the mail outbox").
 */
export function latestMail(to: string): { subject: string; body: string } | null {
  const sql = `SELECT subject, body FROM mail_outbox WHERE to_addr = '${to.replace(/'/g, "''")}' ORDER BY id DESC LIMIT 1`;
  const out = execFileSync(
    "npx",
    ["wrangler", "d1", "execute", "DB", "--local", "--persist-to", E2E_STATE_DIR, "--json", "--command", sql],
    { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] },
  );
  const [result] = JSON.parse(out) as { results: { subject: string; body: string }[] }[];
  return result?.results[0] ?? null;
}
