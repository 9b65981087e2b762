import { execFileSync } from "node:child_process";

/**
 * Reads the local mail outbox of the browser tests' database, the way a developer would
 * (README: "Reading the mail outbox").
 */
export function latestMail(to: string): { subject: string; body: string } | null {
  const sql = `SELECT subject, body FROM mail_outbox WHERE to_addr = '${to.replace(/'/g, "''")}' ORDER BY id DESC LIMIT 1`;
  const out = execFileSync(
    "npx",
    ["wrangler", "d1", "execute", "DB", "--local", "--persist-to", ".wrangler/e2e", "--json", "--command", sql],
    { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] },
  );
  const [result] = JSON.parse(out) as { results: { subject: string; body: string }[] }[];
  return result?.results[0] ?? null;
}
