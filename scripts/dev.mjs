// Development with rebuilds: `remix watch` rewrites build/ on every change to app/, and
// `wrangler dev` reloads the Worker when build/index.js or anything under functions/ changes.
// The local database is migrated and seeded first, as `npm start` does. For development only:
// `npm start` serves the deploy bundle without wrangler's development server (decision 090).
import { spawn, spawnSync } from "node:child_process";

const run = (cmd, args) => spawn(cmd, args, { stdio: "inherit" });
const once = (cmd, args) => {
  const r = spawnSync(cmd, args, { stdio: "inherit" });
  if (r.status !== 0) process.exit(r.status ?? 1);
};

once("npx", ["remix", "build"]);
once("npm", ["run", "db:setup"]);
const children = [
  run("npx", ["remix", "watch"]),
  run("npx", ["wrangler", "dev", "--port", "3333", "--test-scheduled"]),
];
const stop = (code) => {
  for (const child of children) child.kill("SIGTERM");
  process.exit(code);
};
for (const child of children) child.on("exit", (code) => stop(code ?? 0));
process.on("SIGINT", () => stop(0));
process.on("SIGTERM", () => stop(0));
