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
