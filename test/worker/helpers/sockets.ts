import { expect } from "vitest";
import { get } from "./request";

/**
 * Sockets a test opened, closed after it. The live room writes a line when a socket closes
 * (decision 093): a test that ends before those lines are out leaves vitest closing its channel
 * under a pending log ("Closing rpc while onUserConsoleLog was pending"), so each test waits for
 * its sockets' closes. Use: `afterEach(closeOpened)` and `keepOpened(socket, closed)`.
 */
const opened: { socket: WebSocket; closed: Promise<unknown> }[] = [];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function keepOpened(socket: WebSocket, closed: Promise<unknown>): void {
  opened.push({ socket, closed });
}

export async function closeOpened(): Promise<void> {
  const sockets = opened.splice(0);
  for (const { socket } of sockets) {
    try {
      socket.close(1000, "test over");
    } catch {
      // closed already
    }
  }
  await Promise.all(sockets.map(({ closed }) => Promise.race([closed, sleep(2_000)])));
  await sleep(50);
}

/**
 * A live socket opened as a page of `host` does (its origin, the visitor's cookie; `room` "me" by
 * default), kept for `closeOpened`, with what it receives and `next`, which waits for a message.
 */
export async function openLive(host: string, cookie: string, { room, ip }: { room?: string; ip?: string } = {}) {
  const headers: Record<string, string> = { upgrade: "websocket", origin: `http://${host}`, cookie };
  if (ip) headers["cf-connecting-ip"] = ip;
  const res = await get(host, `/api/live/ws${room ? `?room=${room}` : ""}`, { headers });
  expect(res.status).toBe(101);
  const socket = res.webSocket!;
  const received: string[] = [];
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.addEventListener("close", (e) => resolve({ code: e.code, reason: e.reason })),
  );
  keepOpened(socket, closed);
  // A listener returns nothing: workerd 1.2026-11 warns about one that returns push()'s count.
  socket.addEventListener("message", (e) => {
    received.push(String(e.data));
  });
  socket.accept();
  const next = async (match: (text: string) => boolean) => {
    for (let i = 0; i < 100; i++) {
      const found = received.find(match);
      if (found) return found;
      await sleep(20);
    }
    throw new Error(`nothing matched; received ${JSON.stringify(received)}`);
  };
  return { socket, received, closed, next };
}
