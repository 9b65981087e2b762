// What the loopback benchmarks share: one request at a time with its timings, percentiles, and
// writing a section of docs/performance.md between its own markers.
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import http from "node:http";

/** A client for one Worker on 127.0.0.1:port, as `host`; `close` ends its keep-alive sockets. */
export function benchClient(port, host) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  function request(path, { method = "GET", body, cookie } = {}) {
    return new Promise((resolve, reject) => {
      const started = process.hrtime.bigint();
      let firstByte = 0;
      const headers = { host };
      if (cookie) headers.cookie = cookie;
      if (body) headers["content-type"] = "application/json";
      const req = http.request({ host: "127.0.0.1", port, path, method, agent, headers }, (res) => {
        const chunks = [];
        res.on("data", (c) => {
          if (!firstByte) firstByte = Number(process.hrtime.bigint() - started) / 1e6;
          chunks.push(c);
        });
        res.on("end", () =>
          resolve({
            status: res.statusCode,
            headers: res.headers,
            body: Buffer.concat(chunks).toString("utf8"),
            ttfb: firstByte,
            ms: Number(process.hrtime.bigint() - started) / 1e6,
          }),
        );
      });
      req.on("error", reject);
      req.end(body ? JSON.stringify(body) : undefined);
    });
  }
  return { request, close: () => agent.destroy() };
}

export const pct = (arr, p) =>
  [...arr].sort((a, b) => a - b)[Math.min(arr.length - 1, Math.floor((arr.length * p) / 100))];
export const ms = (n) => `${n.toFixed(1)} ms`;
export const row = (name, arr) => `| ${name} | ${arr.length} | ${ms(pct(arr, 50))} | ${ms(pct(arr, 99))} |`;

/** Replaces (or appends) the section between `<!-- bench:{marker} -->` markers in docs/performance.md. */
export function writeSection(marker, section) {
  const path = "docs/performance.md";
  const start = `<!-- bench:${marker} -->\n`;
  const end = `<!-- /bench:${marker} -->\n`;
  let doc = readFileSync(path, "utf8");
  const block = start + section + end;
  doc = doc.includes(start)
    ? doc.slice(0, doc.indexOf(start)) + block + doc.slice(doc.indexOf(end) + end.length)
    : `${doc.trimEnd()}\n\n${block}`;
  writeFileSync(path, doc);
  execFileSync("npx", ["prettier", "--write", path], { stdio: "ignore" });
}
