// Remix's classic build (`remix build`), with its compiler disposed when done. `remix build` leaves
// its esbuild contexts open and lets the process exit under them; esbuild's service then sometimes
// dies printing a Go "all goroutines are asleep - deadlock!" stack (issue 33: the first thing a new
// user read after `built`). Same steps as @remix-run/dev 2.17's `build` command, which is pinned.
import { mkdirSync, rmSync } from "node:fs";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const { readConfig } = require("@remix-run/dev/dist/config.js");
const { create } = require("@remix-run/dev/dist/compiler/compiler.js");
const { createFileWatchCache } = require("@remix-run/dev/dist/compiler/fileWatchCache.js");
const { logger } = require("@remix-run/dev/dist/tux/logger.js");
const { logThrown } = require("@remix-run/dev/dist/compiler/utils/log.js");

/** Builds the app in production mode into build/ and public/build/, as `remix build` does. */
export async function remixBuild(root = process.cwd()) {
  const started = Date.now();
  // As the CLI does: modules that read it at build time see production.
  process.env.NODE_ENV ||= "production";
  logger.info("building... (NODE_ENV=production)");
  const config = await readConfig(root);
  rmSync(config.assetsBuildDirectory, { recursive: true, force: true });
  mkdirSync(config.assetsBuildDirectory, { recursive: true });
  const compiler = await create({
    config,
    options: { mode: "production", sourcemap: false },
    fileWatchCache: createFileWatchCache(),
    logger,
  });
  try {
    await compiler.compile();
  } catch (thrown) {
    logThrown(thrown);
    throw new Error("remix build failed");
  } finally {
    await compiler.dispose();
  }
  logger.info(`built (${((Date.now() - started) / 1000).toFixed(1)}s)`);
}
