// `npm run deploy`: the platform to Cloudflare, as README's "Deploy to Cloudflare" sets it up
// (decision 091). Checks wrangler.toml's production values are filled in, builds, holds the bundle
// to its budgets, applies the D1 migrations not yet applied, then uploads the Worker.
// `npm run deploy -- --dry-run` stops before anything reaches Cloudflare.
import { execFileSync } from "node:child_process";
import { unstable_readConfig } from "wrangler";

const ENV = "production";
const dryRun = process.argv.includes("--dry-run");
const run = (cmd, args) => execFileSync(cmd, args, { stdio: "inherit" });

/** What is still a placeholder in the production configuration, in words an owner can act on. */
function unfinished(config) {
  const problems = [];
  const placeholder = (value) => typeof value === "string" && /REPLACE|^0{8}-/.test(value);
  const domain = config.vars?.PLATFORM_DOMAIN;
  if (!domain || placeholder(domain) || domain === "localhost") {
    problems.push("[env.production.vars] PLATFORM_DOMAIN: the platform's domain (shops live on {shop}.<it>)");
  }
  for (const [name, value] of Object.entries(config.vars ?? {})) {
    if (name !== "PLATFORM_DOMAIN" && placeholder(value)) problems.push(`[env.production.vars] ${name}`);
  }
  const db = config.d1_databases?.find((d) => d.binding === "DB");
  if (!db || placeholder(db.database_id)) {
    problems.push("[[env.production.d1_databases]] database_id: the id `npx wrangler d1 create storefront` prints");
  }
  for (const route of config.routes ?? []) {
    if (placeholder(typeof route === "string" ? route : `${route.pattern} ${route.zone_name ?? ""}`)) {
      problems.push("[env.production] routes: zone_name is the Cloudflare zone of PLATFORM_DOMAIN");
    }
  }
  if ((config.routes ?? []).length === 0) problems.push("[env.production] routes: at least the */* route on the zone");
  return problems;
}

const config = unstable_readConfig({ config: "wrangler.toml", env: ENV });
const problems = unfinished(config);
if (problems.length > 0) {
  console.error("✘ wrangler.toml's production values are not filled in yet:");
  for (const p of problems) console.error(`  - ${p}`);
  console.error('See README, "Deploy to Cloudflare".');
  if (!dryRun) process.exit(1);
}

run("node", ["scripts/build.mjs"]);
run("node", ["scripts/check-deploy.mjs"]);
if (dryRun) {
  run("npx", ["wrangler", "deploy", "--dry-run", "--env", ENV]);
  console.log("\nDry run: nothing was sent to Cloudflare.");
  process.exit(problems.length > 0 ? 1 : 0);
}
// Migrations first, so the new Worker never meets the old schema. The Worker still running meets
// the new one until the upload is done: a migration must keep the release before it working
// (add columns and tables; rename or drop only a release later).
run("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--remote", "--env", ENV]);
run("npx", ["wrangler", "deploy", "--env", ENV]);
console.log(
  `\n✔ Deployed. Try https://${config.vars.PLATFORM_DOMAIN}/ and a shop's address.\n` +
    `  Roll back the code: npx wrangler rollback --env ${ENV}\n` +
    `  Roll back the data: npx wrangler d1 time-travel restore storefront --env ${ENV} --timestamp <before the deploy>`,
);
