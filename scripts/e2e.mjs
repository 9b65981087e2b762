// Browser tests: a fresh local database for them alone, then Playwright (which starts the Worker).
import { execFileSync } from "node:child_process";
import { existsSync, rmSync } from "node:fs";

const chromium = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
if (!existsSync(chromium)) {
  console.error(`Chromium not found at ${chromium}. Install Debian's package: apt-get install -y chromium`);
  process.exit(1);
}

const state = ".wrangler/e2e";
rmSync(state, { recursive: true, force: true });
const run = (cmd, args) => execFileSync(cmd, args, { stdio: "inherit" });
run("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local", "--persist-to", state]);
run("node", ["scripts/seed-local.mjs", "--persist-to", state]);
run("npx", ["playwright", "test", ...process.argv.slice(2)]);
