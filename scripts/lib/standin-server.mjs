// Serves a fetch-style stand-in handler on a Node HTTP server, for the stand-ins added with issue 37
// (PortOne, Kakao/Naver) and Toss's. The Cloudflare stand-in keeps its own copy (it predates these).

/**
 * `handle(request)` on `host:port` (port 0: any free one). `publicHost` is the name a browser
 * reaches it by. Resolves to `{ origin, port, close() }`.
 */
export async function serveHandler(handle, { port = 0, host = "127.0.0.1", publicHost } = {}) {
  const { createServer } = await import("node:http");
  const server = createServer(async (req, res) => {
    try {
      const chunks = [];
      for await (const chunk of req) chunks.push(chunk);
      const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined;
      const request = new Request(`http://${req.headers.host ?? `${host}:${port}`}${req.url}`, {
        method: req.method,
        headers: Object.entries(req.headers).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])),
        body: req.method === "GET" || req.method === "HEAD" ? undefined : body,
      });
      const response = await handle(request);
      res.writeHead(response.status, Object.fromEntries(response.headers));
      res.end(Buffer.from(await response.arrayBuffer()));
    } catch (error) {
      // A stand-in's "lost" fault: the call was made, its answer never arrives.
      if (error?.name === "ConnectionLost") {
        res.destroy();
        return;
      }
      res.writeHead(500, { "content-type": "text/plain" });
      res.end(String(error?.message ?? error));
    }
  });
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, resolve);
  });
  const actual = server.address().port;
  const name = publicHost ?? (host === "0.0.0.0" || host === "::" ? "127.0.0.1" : host);
  return {
    origin: `http://${name}:${actual}`,
    port: actual,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}

export const escapeHtml = (s) =>
  String(s ?? "").replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c],
  );

const PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; form-action http: https:; frame-ancestors 'none'";

/** A plain Korean page (no script): the stand-ins' windows work without JavaScript. */
export function htmlPage(status, title, body, style = "") {
  return new Response(
    `<!doctype html><html lang="ko"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>body{font-family:system-ui,sans-serif;margin:0;background:#f4f5f7;color:#191f28}
main{max-width:28rem;margin:0 auto;padding:1.25rem}h1{font-size:1.15rem}.card{background:#fff;border-radius:12px;padding:1rem;margin:.75rem 0}
button{display:block;width:100%;font-size:1.05rem;padding:.85rem;margin:.5rem 0;border-radius:10px;border:0;background:#e5e8eb;color:#191f28}
small{color:#6b7684}table{border-collapse:collapse;width:100%;font-size:.85rem}td,th{border-bottom:1px solid #e5e8eb;padding:.35rem;text-align:left}
td button{width:auto;padding:.45rem .7rem;margin:0;font-size:.9rem}${style}</style></head><body><main>${body}</main></body></html>`,
    {
      status,
      headers: {
        "content-type": "text/html; charset=utf-8",
        "content-security-policy": PAGE_CSP,
        "cache-control": "no-store",
      },
    },
  );
}

export const jsonResponse = (status, body, headers = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json;charset=UTF-8", ...headers },
  });

/** A form post's (or a query's) fields; JSON bodies too, for the control endpoints. */
export async function readFields(request) {
  const type = request.headers.get("content-type") ?? "";
  if (type.includes("application/json")) {
    try {
      const body = await request.json();
      return new URLSearchParams(
        Object.entries(body && typeof body === "object" ? body : {}).map(([k, v]) => [k, String(v)]),
      );
    } catch {
      return new URLSearchParams();
    }
  }
  const fields = new URLSearchParams();
  try {
    for (const [k, v] of await request.formData()) if (typeof v === "string") fields.append(k, v);
  } catch {
    // not a form: no fields
  }
  return fields;
}

/** Deterministic bytes of a label (SHA-512), for stable ids, CI and DI per persona. */
export async function digest(label) {
  return new Uint8Array(await crypto.subtle.digest("SHA-512", new TextEncoder().encode(label)));
}

export const base64 = (bytes) => btoa(String.fromCharCode(...bytes));

export function randomToken(n = 32) {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-";
  return Array.from(crypto.getRandomValues(new Uint8Array(n)), (b) => alphabet[b % alphabet.length]).join("");
}
