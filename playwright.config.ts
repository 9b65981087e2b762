import { defineConfig, devices } from "@playwright/test";

/** Browser tests run in Debian's Chromium against the built Worker, with JavaScript on and off. */
// Parallel checkouts on one machine set E2E_PORT to keep out of each other's way.
export const E2E_PORT = Number(process.env.E2E_PORT || 3334);

const chromium = {
  ...devices["Pixel 7"],
  // Debian's Chromium: Playwright never downloads a browser here.
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      // The custom-domain demo shop, on this machine.
      "--host-resolver-rules=MAP shop.example.test 127.0.0.1",
    ],
  },
};

export default defineConfig({
  testDir: "test/e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [["list"]],
  timeout: 30_000,
  use: { trace: "off", screenshot: "only-on-failure" },
  projects: [
    { name: "js-on", use: { ...chromium, javaScriptEnabled: true } },
    { name: "js-off", use: { ...chromium, javaScriptEnabled: false } },
  ],
  webServer: {
    // scripts/e2e.mjs (`npm run test:e2e`) makes the bundle and the database first (decision 088).
    command: `node scripts/e2e-server.mjs ${E2E_PORT}`,
    url: `http://127.0.0.1:${E2E_PORT}/favicon.svg`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
  },
});
