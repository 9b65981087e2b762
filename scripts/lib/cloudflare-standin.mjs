// A local stand-in for Cloudflare for SaaS's custom hostnames API (decision 092): what the Worker
// calls when an owner connects a domain at /admin/domain, kept in memory on loopback. It answers in
// Cloudflare's envelope ({success, errors, messages, result}) with its status codes and error codes
// where they are known (1406 duplicate, 10000 authentication), starts every hostname `pending` with
// its ownership and certificate TXT records, and moves one to `active` (or fails it) when asked.
//
// Ownership is verified as Cloudflare documents it (decision 156): the hostname turns `active` once
// the TXT record `_cf-custom-hostname.{hostname}` holds the value of its `ownership_verification`,
// or the hostname is a CNAME to the zone's fallback origin; its certificate once its
// `_acme-challenge` TXT record holds the value asked for. DNS is the stand-in's own, set by hand;
// every read of a hostname looks at it, as Cloudflare's periodic checks would have by then.
//
//   POST   /__standin/dns/{TYPE}/{name}?value=...    a DNS record (TXT or CNAME) now exists
//   DELETE /__standin/dns/{TYPE}/{name}              and is gone again
//   POST   /__standin/activate/{hostname}            status active, certificate active, whatever DNS says
//   POST   /__standin/fail/{hostname}?reason=...     certificate validation timed out, with the reason
//   POST   /__standin/block/{hostname}               status blocked (Cloudflare refuses to serve it)
//   GET    /__standin/hostnames                      everything it holds
//
// As a module: `startCloudflareStandin({ port })` (npm start and the browser tests' server), or
// `createCloudflareStandin()` for its request handler alone (a fetch-style function, no server: the
// Worker tests route the Worker's calls to it). As a CLI:
//   node scripts/lib/cloudflare-standin.mjs [port]     (CF_API_TOKEN and CF_ZONE_ID as below)
// then give the Worker CF_API_BASE=http://127.0.0.1:{port}/client/v4 and the same token and zone.

/** The stand-in's defaults: what a local Worker is configured with (README, Custom domains). */
export const STANDIN_TOKEN = "local-standin-token";
export const STANDIN_ZONE_ID = "0123456789abcdef0123456789abcdef";
export const STANDIN_FALLBACK_ORIGIN = "customers.localhost";
export const API_PATH = "/client/v4";

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/** Cloudflare refuses names that are not host names (an IP, a port, a path, one label). */
function validHostname(name) {
  if (typeof name !== "string" || name.length > 253 || name !== name.toLowerCase()) return false;
  const labels = name.split(".");
  if (labels.length < 2 || !labels.every((l) => LABEL.test(l))) return false;
  return !/^\d+$/.test(labels.at(-1));
}

const json = (status, body) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

const envelope = (result) => ({ success: true, errors: [], messages: [], result });
const failure = (status, code, message) =>
  json(status, { success: false, errors: [{ code, message }], messages: [], result: null });

const randomToken = () => crypto.randomUUID().replace(/-/g, "");

/**
 * The API as a request handler over an in-memory list. `handle(request)` answers Cloudflare's
 * custom_hostnames calls under any base path ending in /zones/{zone}/custom_hostnames, and the
 * stand-in's own /__standin/ controls.
 */
export function createCloudflareStandin({
  token = STANDIN_TOKEN,
  zoneId = STANDIN_ZONE_ID,
  fallbackOrigin = STANDIN_FALLBACK_ORIGIN,
} = {}) {
  /** id → the custom hostname as Cloudflare would show it. */
  const hostnames = new Map();
  const byName = (name) => [...hostnames.values()].find((h) => h.hostname === name) ?? null;
  /** "TYPE name" → value: the DNS the owners' records are looked up in. */
  const dns = new Map();
  const record = (type, name) => dns.get(`${type} ${name.toLowerCase()}`);

  /**
   * Cloudflare's checks of one hostname against DNS: ownership by the TXT record (pre-validation)
   * or the CNAME to the zone, the certificate by its TXT record (or, for http, by the CNAME). A
   * hostname Cloudflare moved, blocked or deleted, or one set active by hand, is left as it is.
   */
  function validate(entry) {
    const cname = record("CNAME", entry.hostname) === fallbackOrigin;
    if (entry.status === "pending") {
      const own = entry.ownership_verification;
      if (cname || record("TXT", own.name) === own.value) {
        entry.status = "active";
        entry.verification_errors = [];
      }
    }
    if (entry.ssl.status === "pending_validation") {
      const wanted = entry.ssl.validation_records?.[0];
      const valid =
        entry.ssl.method === "txt"
          ? Boolean(wanted?.txt_name) && record("TXT", wanted.txt_name) === wanted.txt_value
          : entry.ssl.method === "http" && cname;
      if (valid) entry.ssl = { ...entry.ssl, status: "active", validation_records: [], validation_errors: [] };
    }
    return entry;
  }

  function create(body) {
    const hostname = body?.hostname;
    if (!validHostname(hostname)) return failure(400, 1411, "Hostname is not a valid hostname.");
    const method = body?.ssl?.method ?? "http";
    if (!["http", "txt", "email"].includes(method) || (body?.ssl?.type ?? "dv") !== "dv") {
      return failure(400, 1410, "The SSL attribute is invalid. Please refer to the API documentation.");
    }
    if (byName(hostname)) return failure(409, 1406, "Duplicate custom hostname found.");
    const id = crypto.randomUUID();
    const record =
      method === "txt"
        ? { status: "pending", txt_name: `_acme-challenge.${hostname}`, txt_value: randomToken() }
        : method === "http"
          ? {
              status: "pending",
              http_url: `http://${hostname}/.well-known/pki-validation/${randomToken()}.txt`,
              http_body: randomToken(),
            }
          : { status: "pending", emails: [`admin@${hostname}`] };
    const entry = {
      id,
      hostname,
      ssl: {
        id: crypto.randomUUID(),
        type: "dv",
        method,
        status: "pending_validation",
        validation_records: [record],
        validation_errors: [],
        settings: {},
      },
      status: "pending",
      ownership_verification: { type: "txt", name: `_cf-custom-hostname.${hostname}`, value: crypto.randomUUID() },
      ownership_verification_http: {
        http_url: `http://${hostname}/.well-known/cf-custom-hostname-challenge/${id}`,
        http_body: crypto.randomUUID(),
      },
      verification_errors: ["custom hostname does not CNAME to this zone."],
      created_at: new Date().toISOString(),
    };
    hostnames.set(id, entry);
    return json(200, envelope(entry));
  }

  function activate(name) {
    const entry = byName(name);
    if (!entry) return null;
    entry.status = "active";
    entry.ssl = { ...entry.ssl, status: "active", validation_records: [], validation_errors: [] };
    entry.verification_errors = [];
    return entry;
  }

  function fail(name, reason) {
    const entry = byName(name);
    if (!entry) return null;
    entry.ssl = { ...entry.ssl, status: "validation_timed_out", validation_errors: [{ message: reason }] };
    entry.verification_errors = [reason];
    return entry;
  }

  function block(name) {
    const entry = byName(name);
    if (!entry) return null;
    entry.status = "blocked";
    return entry;
  }

  /** Sets (a value) or removes (none) a DNS record; answers the records there are now. */
  function setRecord(type, name, value) {
    const key = `${String(type).toUpperCase()} ${String(name).toLowerCase()}`;
    if (value === undefined || value === null) dns.delete(key);
    else dns.set(key, String(value));
    return Object.fromEntries(dns);
  }

  function control(request, url) {
    const [, , action, name = "", rest = ""] = url.pathname.split("/");
    if (request.method === "GET" && action === "hostnames") return json(200, envelope([...hostnames.values()]));
    if (action === "dns") {
      if (!["TXT", "CNAME"].includes(name.toUpperCase()) || !rest) return failure(400, 1004, "DNS Validation Error");
      if (request.method === "DELETE") return json(200, envelope(setRecord(name, decodeURIComponent(rest), null)));
      const value = url.searchParams.get("value");
      if (request.method !== "POST" || !value) return failure(400, 1004, "DNS Validation Error");
      return json(200, envelope(setRecord(name, decodeURIComponent(rest), value)));
    }
    if (request.method !== "POST") return failure(405, 10405, "Method not allowed.");
    const hostname = decodeURIComponent(name).toLowerCase();
    const entry =
      action === "activate"
        ? activate(hostname)
        : action === "fail"
          ? fail(hostname, url.searchParams.get("reason") || "custom hostname does not CNAME to this zone.")
          : action === "block"
            ? block(hostname)
            : undefined;
    if (entry === undefined) return failure(404, 10404, "No such stand-in action.");
    return entry ? json(200, envelope(entry)) : failure(404, 1436, "Custom hostname not found.");
  }

  async function handle(request) {
    const url = new URL(request.url);
    if (url.pathname.startsWith("/__standin/")) return control(request, url);
    const match = /\/zones\/([^/]+)\/custom_hostnames(?:\/([^/]+))?\/?$/.exec(url.pathname);
    if (!match) return failure(404, 7000, "No route for that URI");
    const auth = request.headers.get("authorization") ?? "";
    if (!auth.startsWith("Bearer ")) return failure(401, 10001, "Unable to authenticate request");
    if (auth.slice("Bearer ".length) !== token) return failure(403, 10000, "Authentication error");
    const [, zone, id] = match;
    if (zone !== zoneId) {
      return failure(
        400,
        7003,
        "Could not route to /zones/custom_hostnames, perhaps your object identifier is invalid?",
      );
    }
    if (!id && request.method === "POST") {
      let body;
      try {
        body = await request.json();
      } catch {
        return failure(400, 6007, "Malformed JSON in request body");
      }
      return create(body);
    }
    if (!id && request.method === "GET") {
      const wanted = url.searchParams.get("hostname");
      const list = [...hostnames.values()].filter((h) => !wanted || h.hostname === wanted.toLowerCase()).map(validate);
      return json(200, {
        ...envelope(list),
        result_info: { page: 1, per_page: 20, count: list.length, total_count: list.length },
      });
    }
    const entry = id ? hostnames.get(id) : undefined;
    if (!entry) return failure(404, 1436, "Custom hostname not found.");
    if (request.method === "GET") return json(200, envelope(validate(entry)));
    if (request.method === "DELETE") {
      hostnames.delete(entry.id);
      return json(200, envelope({ id: entry.id }));
    }
    return failure(405, 10405, "Method not allowed.");
  }

  return { handle, hostnames, dns, activate, fail, block, setRecord };
}

/**
 * Serves the stand-in on loopback (port 0: any free one). Resolves to its address, the base the
 * Worker's CF_API_BASE takes, and `close()`.
 */
export async function startCloudflareStandin({ port = 0, host = "127.0.0.1", token, zoneId } = {}) {
  const { createServer } = await import("node:http");
  const standin = createCloudflareStandin({ token, zoneId });
  const server = createServer(async (req, res) => {
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined;
    const request = new Request(`http://${host}${req.url}`, {
      method: req.method,
      headers: Object.entries(req.headers).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])),
      body: req.method === "GET" || req.method === "HEAD" ? undefined : body,
    });
    const response = await standin.handle(request);
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  });
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, resolve);
  });
  const address = server.address();
  const url = `http://${host}:${address.port}`;
  return {
    url,
    port: address.port,
    apiBase: `${url}${API_PATH}`,
    standin,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

// As a CLI: node scripts/lib/cloudflare-standin.mjs [port]
if (globalThis.process?.argv?.[1]?.endsWith("cloudflare-standin.mjs")) {
  const { env, argv } = globalThis.process;
  const served = await startCloudflareStandin({
    port: Number(argv[2] || env.CF_STANDIN_PORT || 3380),
    token: env.CF_API_TOKEN || STANDIN_TOKEN,
    zoneId: env.CF_ZONE_ID || STANDIN_ZONE_ID,
  });
  console.log(`Cloudflare custom hostnames stand-in: CF_API_BASE=${served.apiBase}`);
}
