/**
 * The platform host's pages (decision 108), drawn by the Worker: that host has no shop, so no
 * theme or storefront frame to render in. Plain forms, no scripts: they work with JavaScript off
 * as they are. Every value is escaped here.
 */
import { koPlatform as t } from "~/shared/messages/platform";
import { escapeHtml as e } from "../pages";

export type FieldErrors = Partial<Record<string, string>>;
export type Values = Partial<Record<string, string>>;

const CSS = `*{box-sizing:border-box}body{font-family:system-ui,sans-serif;margin:0;color:#222;background:#f5f6f8}
header{display:flex;justify-content:space-between;align-items:center;gap:8px;padding:12px 16px;background:#fff;border-bottom:1px solid #e3e5e8}
header a{color:#222;text-decoration:none}header .brand{font-weight:700}header nav{display:flex;gap:12px;align-items:center}
main{max-width:720px;margin:0 auto;padding:24px 16px}h1{font-size:22px}p{line-height:1.6}
.cta,button{display:inline-block;font:inherit;padding:10px 18px;border-radius:8px;border:0;background:#3C91E6;color:#fff;text-decoration:none;cursor:pointer}
button.link{background:none;color:#3C91E6;padding:0}
form.card{background:#fff;border-radius:12px;padding:16px;display:grid;gap:12px}
label{display:grid;gap:4px;font-size:14px}label.check{display:flex;gap:8px;align-items:center}
input[type=text],input[type=email],input[type=password],input[type=search]{font:inherit;padding:10px;border:1px solid #c9ccd1;border-radius:8px;width:100%}
.err{color:#c62828;font-size:13px;margin:0}.hint{color:#666;font-size:13px;margin:0}.ok{color:#2e7d32}
.dom{display:flex;align-items:center;gap:4px}.dom input{flex:1}
form.card .submit{order:99}.suggest{display:flex;flex-wrap:wrap;gap:8px;align-items:center}.suggest p{flex-basis:100%}
button.pick{background:#fff;color:#1f5fa8;border:1px solid #3C91E6;padding:8px 14px}
ul.shops{list-style:none;padding:0;display:grid;gap:8px}ul.shops li{background:#fff;border-radius:8px;padding:12px;display:flex;flex-wrap:wrap;gap:8px;justify-content:space-between}
table{width:100%;border-collapse:collapse;background:#fff}td,th{padding:8px;border-bottom:1px solid #eee;text-align:left;vertical-align:top;font-size:14px}
td form{display:flex;flex-wrap:wrap;gap:4px;margin:0 0 4px}.pager{display:flex;gap:12px;justify-content:center;margin:16px 0}
@media (max-width:600px){table,tbody,tr,td{display:block}thead{display:none}tr{border-bottom:8px solid #f5f6f8}}`;

export type Viewer = { name: string } | null;

/** The shell: the platform's header (brand, log-in or out) and `body`. Never cached. */
export function platformPage(
  status: number,
  title: string,
  body: string,
  viewer: Viewer,
  opts: { index?: boolean; headers?: HeadersInit } = {},
): Response {
  const nav = viewer
    ? `<span>${e(t.hello(viewer.name))}</span><form method="post" action="/logout"><button class="link">${e(t.logout)}</button></form>`
    : `<a href="/login">${e(t.login)}</a><a href="/join">${e(t.join)}</a>`;
  const html = `<!doctype html><html lang="ko"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><link rel="icon" href="/favicon.png" type="image/png">${opts.index ? "" : '<meta name="robots" content="noindex">'}
<title>${e(title)} | ${e(t.brand)}</title><style>${CSS}</style></head>
<body><header><a class="brand" href="/">${e(t.brand)}</a><nav>${nav}</nav></header><main>${body}</main></body></html>`;
  const headers = new Headers(opts.headers);
  headers.set("content-type", "text/html; charset=utf-8");
  headers.set("cache-control", "private, no-store");
  return new Response(html, { status, headers });
}

const err = (errors: FieldErrors, name: string) =>
  errors[name] ? `<p class="err" id="${name}-error" role="alert">${e(errors[name])}</p>` : "";
const described = (errors: FieldErrors, name: string) =>
  errors[name] ? ` aria-invalid="true" aria-describedby="${name}-error"` : "";

export function input(
  label: string,
  name: string,
  type: string,
  values: Values,
  errors: FieldErrors,
  extra = "",
): string {
  const value = type === "password" ? "" : (values[name] ?? "");
  return `<label>${e(label)}<input type="${type}" name="${name}" value="${e(value)}"${described(errors, name)} ${extra}></label>${err(errors, name)}`;
}

export function check(label: string, name: string, values: Values, errors: FieldErrors): string {
  const on = values[name] === "on" ? " checked" : "";
  return `<label class="check"><input type="checkbox" name="${name}"${on}${described(errors, name)}>${e(label)}</label>${err(errors, name)}`;
}

export const formError = (errors: FieldErrors) => err(errors, "form");
export const hidden = (name: string, value: string) => `<input type="hidden" name="${name}" value="${e(value)}">`;
export { e as escape };
