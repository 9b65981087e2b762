import net from "node:net";
import { expect, PORT, shopUrl, test } from "./fixtures";

/**
 * Issue 33: the server `npm start` runs (scripts/lib/local-platform.mjs, the same the browser tests
 * use) must outlive what a shopper's phone or an attacker can send it. `wrangler dev` went down on
 * both: its local proxy died when a request body was not read to the end (workers-sdk #15203).
 */

const HOST = `beauty.localhost:${PORT}`;
const TWO_MB = 2 * 1024 * 1024;

/**
 * A POST to the shop API over a raw socket: the head announcing `length` bytes, then `send` bytes of
 * the body; with `abort` the client goes away 100 ms later, mid-upload. Resolves to the status line
 * the server answered with, or "" when it closed the connection without one (a client still writing
 * when the server answers and closes may lose the answer to a reset).
 */
function rawPost(length: number, send: number, abort = false): Promise<string> {
  return new Promise((resolve) => {
    let answer = "";
    const socket = net.connect(PORT, "127.0.0.1", () => {
      socket.write(
        `POST /api/myshp/add/cart/v3 HTTP/1.1\r\nHost: ${HOST}\r\nOrigin: http://${HOST}\r\n` +
          `Content-Type: application/json\r\nContent-Length: ${length}\r\nConnection: close\r\n\r\n`,
      );
      socket.write(Buffer.alloc(send, 0x20));
      if (abort) setTimeout(() => socket.destroy(), 100);
    });
    socket.on("data", (chunk) => (answer += chunk.toString("latin1")));
    socket.on("error", () => {});
    socket.on("close", () => resolve(answer.split("\r\n")[0] ?? ""));
  });
}

test.describe("the served bundle outlives bad uploads", () => {
  test("a 2 MB POST gets its 413, and the next page is served", async ({ page }) => {
    for (let i = 0; i < 3; i++) {
      const status = await rawPost(TWO_MB, TWO_MB);
      // Never a success or a server error: refused as too large (or the refusal lost to a reset).
      expect(["HTTP/1.1 413 Payload Too Large", ""]).toContain(status);
    }
    await page.goto(shopUrl("beauty", "/shop/view/b0017"));
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });

  test("a client that goes away mid-upload does not take the server down", async ({ page }) => {
    // Within the API's cap, so the Worker is reading the body when the client leaves.
    for (let i = 0; i < 3; i++) await rawPost(200 * 1024, 20 * 1024, true);
    // Past the cap, refused on its announced length while the client is still sending.
    await rawPost(TWO_MB, 100 * 1024, true);
    // Give a dying server the moment wrangler's took to go down.
    await page.waitForTimeout(1_000);
    const response = await page.goto(shopUrl("beauty", "/"));
    expect(response?.status()).toBe(200);
    await page.goto(shopUrl("beauty", "/shop/view/b0017"));
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });
});
