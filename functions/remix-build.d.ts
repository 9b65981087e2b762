// The Remix server build (build/index.js), aliased as "virtual:remix-build" for wrangler and vitest.
import type { ServerBuild } from "@remix-run/cloudflare";
declare const build: ServerBuild;
export = build;
