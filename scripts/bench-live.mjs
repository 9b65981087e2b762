// Live socket benchmark (docs/performance.md, "Live messages", issue 12): the production bundle
// served by workerd with a fresh seeded D1; 50 sockets on beauty's inbox (the owner's console open
// in 50 tabs, from five logins: a room keeps ten sockets of one session, decision 094); members send
// messages through the API one at a time, and each message's delivery is timed from the start of
// the send to its arrival on every socket; then every socket pings and the pong is timed (the room
// wakes for each ping to count it). Also the bytes the socket client adds, and a check that none of
// them is in a page's first load. Loopback only.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { benchClient, ms, pct, writeSection } from "./lib/bench-http.mjs";
import { startProductionWorker } from "./lib/production-worker.mjs";

const PORT = 3394;
const HOST = "beauty.localhost";
const SOCKETS = 50;
const LOGINS = 5; // ten sockets each: the room's cap per session
const PINGS = 4; // per socket, a second apart (under the room's ten frames in ten seconds)
const MEMBERS = 10;
const PER_MEMBER = 10; // under the 20-a-minute limit
// As the benchmark client sends it: the Host without the port (the session is that host's).
const ORIGIN = `http://${HOST}`;

const mf = await startProductionWorker({ port: PORT, dir: ".bench-live" });
const { request, close } = benchClient(PORT, HOST);
const cookieOf = (res) =>
  []
    .concat(res.headers["set-cookie"])
    .map((c) => c.split(";")[0])
    .join("; ");

try {
  const ownerCookies = [];
  for (let i = 0; i < LOGINS; i++) {
    const owner = await request("/api/user/login", {
      method: "POST",
      body: { email: "owner@beauty.example.test", password: "demo1234!", keep: false },
    });
    ownerCookies.push(cookieOf(owner));
  }
  const ownerCookie = ownerCookies[0];

  // Sockets are opened through Miniflare's own fetch (it carries the upgrade, Origin and Cookie).
  const arrivals = new Map(); // message id -> arrival times (ms, performance.now())
  const pongs = new Map(); // socket -> what its next pong resolves
  const sockets = [];
  for (let i = 0; i < SOCKETS; i++) {
    const res = await mf.dispatchFetch(`http://${HOST}:${PORT}/api/live/ws?room=inbox`, {
      headers: { upgrade: "websocket", origin: ORIGIN, cookie: ownerCookies[i % LOGINS], host: HOST },
    });
    if (res.status !== 101 || !res.webSocket) throw new Error(`socket ${i}: ${res.status} ${await res.text()}`);
    const ws = res.webSocket;
    ws.accept();
    ws.addEventListener("message", (e) => {
      if (e.data === "pong") {
        pongs.get(ws)?.();
        return;
      }
      const event = JSON.parse(e.data);
      if (event.type !== "message") return;
      const list = arrivals.get(event.message_id) ?? [];
      list.push(performance.now());
      arrivals.set(event.message_id, list);
    });
    sockets.push(ws);
  }

  const latencies = [];
  let sent = 0;
  for (let m = 0; m < MEMBERS; m++) {
    const joined = await request("/api/user/join", {
      method: "POST",
      body: {
        email: `bench-live-${m}-${Date.now()}@example.test`,
        password: "bench-pass-1234",
        name: `측정 ${m}`,
        keep: false,
        agree_terms: true,
        agree_privacy: true,
        agree_age: true,
      },
    });
    if (joined.status !== 200) throw new Error(`join: ${joined.status} ${joined.body}`);
    const cookie = cookieOf(joined);
    for (let k = 0; k < PER_MEMBER; k++) {
      const start = performance.now();
      const res = await request("/api/message/v2/send", { method: "POST", body: { text: `측정 메시지 ${k}` }, cookie });
      if (res.status !== 200) throw new Error(`send: ${res.status} ${res.body}`);
      const id = JSON.parse(res.body).message.id;
      sent += 1;
      for (let wait = 0; (arrivals.get(id)?.length ?? 0) < SOCKETS && wait < 200; wait++) {
        await new Promise((r) => setTimeout(r, 5));
      }
      const got = arrivals.get(id) ?? [];
      if (got.length < SOCKETS) throw new Error(`message ${id} reached ${got.length} of ${SOCKETS} sockets`);
      for (const t of got) latencies.push(t - start);
    }
  }
  // Pings: every socket at once, a second apart; each pong timed from its ping.
  const pingTimes = [];
  for (let round = 0; round < PINGS; round++) {
    await Promise.all(
      sockets.map(
        (ws) =>
          new Promise((resolve) => {
            const start = performance.now();
            pongs.set(ws, () => {
              pingTimes.push(performance.now() - start);
              resolve();
            });
            ws.send("ping");
          }),
      ),
    );
    await new Promise((r) => setTimeout(r, 1000));
  }
  for (const ws of sockets) ws.close(1000, "done");

  // The socket client's bytes: its own chunks, loaded after hydration by a dynamic import.
  const shared = "public/build/_shared";
  const chunks = readdirSync(shared).filter((f) => /^(live\.client|ws)-[\w-]+\.js$/.test(f));
  const bytes = chunks.map((f) => {
    const body = readFileSync(`${shared}/${f}`);
    return { f, raw: statSync(`${shared}/${f}`).size, gzip: gzipSync(body).length };
  });
  const home = await request("/", { cookie: ownerCookie });
  const inFirstLoad = chunks.filter((f) => home.body.includes(f));
  if (inFirstLoad.length > 0) throw new Error(`in the first load: ${inFirstLoad.join(", ")}`);

  const section = `## Live messages (issue 12)

Measured by \`npm run bench:live\` on ${new Date().toISOString().slice(0, 10)}: the production bundle
served by workerd through Miniflare on this machine (2 cores), a fresh seeded local D1, ${SOCKETS}
sockets on beauty's inbox room (one Durable Object, ${LOGINS} logins), ${sent} messages sent one at a time through
the API by ${MEMBERS} members. Delivery is from the start of the send (the D1 batch, then the
publish) to the event's arrival, per socket.

| measure | n | p50 | p99 |
| --- | --- | --- | --- |
| message delivery to ${SOCKETS} inbox sockets | ${latencies.length} | ${ms(pct(latencies, 50))} | ${ms(pct(latencies, 99))} |
| ping to pong, ${SOCKETS} sockets at once (the room wakes to count each) | ${pingTimes.length} | ${ms(pct(pingTimes, 50))} | ${ms(pct(pingTimes, 99))} |

The socket client adds ${bytes.map((b) => `\`${b.f.replace(/-[A-Z0-9]+\.js$/, ".js")}\` ${b.raw.toLocaleString("en")} B (${b.gzip.toLocaleString("en")} B gzip)`).join(" and ")},
loaded by a dynamic import after hydration: neither is in the home page's first load.
`;
  writeSection("live", section);
  console.log(section);
} finally {
  close();
  await mf.dispose();
}
