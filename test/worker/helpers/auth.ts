import { expect } from "vitest";
import { env, SELF } from "cloudflare:test";
import { get } from "./request";

export const PASSWORD = "demo1234!";
export const SHOPPER = "shopper@example.test";
export const BEAUTY_OWNER = "owner@beauty.example.test";

/**
 * name → value of the Set-Cookie headers of a response (deleted cookies have ""): those a browser
 * sends with every request of the host. One scoped to a path (decision 157's known-device cookies)
 * is left out, as a browser leaves it out of other pages; `setCookieLine` reads it.
 */
export function setCookies(res: Response): Map<string, string> {
  const jar = new Map<string, string>();
  for (const c of res.headers.getSetCookie()) {
    const path = /;\s*Path=([^;]*)/i.exec(c)?.[1]?.trim();
    if (path && path !== "/") continue;
    const [pair = ""] = c.split(";");
    const at = pair.indexOf("=");
    jar.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
  }
  return jar;
}

/** The raw Set-Cookie header for one cookie name. */
export function setCookieLine(res: Response, name: string): string | undefined {
  return res.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
}

export function cookieHeader(jar: Map<string, string>): string {
  return [...jar]
    .filter(([, v]) => v !== "")
    .map(([k, v]) => `${k}=${v}`)
    .join("; ");
}

let ipSeq = 0;
/** A fresh client address per call, so throttling in one test never bleeds into another. */
export function freshIp(): string {
  ipSeq += 1;
  return `10.${(ipSeq >> 16) & 255}.${(ipSeq >> 8) & 255}.${ipSeq & 255}`;
}

/** A form post as the browser sends it from a page of the same host. */
export function postForm(
  host: string,
  path: string,
  fields: Record<string, string>,
  init: { cookie?: string; headers?: Record<string, string>; scheme?: "http" | "https" } = {},
): Promise<Response> {
  const scheme = init.scheme ?? "http";
  const headers = new Headers({
    "content-type": "application/x-www-form-urlencoded",
    origin: `${scheme}://${host}`,
    "sec-fetch-site": "same-origin",
    "cf-connecting-ip": freshIp(),
    ...init.headers,
  });
  if (init.cookie) headers.set("cookie", init.cookie);
  headers.set("host", host);
  // A header given as "" is left out (to send what a particular browser would).
  for (const [name, value] of [...headers]) if (value === "") headers.delete(name);
  return SELF.fetch(`${scheme}://${host}${path}`, {
    method: "POST",
    headers,
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
}

/** POST to a shop-API endpoint with a JSON body, same-origin. */
export function postJson(
  host: string,
  path: string,
  body: unknown,
  init: { cookie?: string; headers?: Record<string, string> } = {},
): Promise<Response> {
  const headers = new Headers({
    "content-type": "application/json",
    origin: `http://${host}`,
    "sec-fetch-site": "same-origin",
    "cf-connecting-ip": freshIp(),
    ...init.headers,
  });
  if (init.cookie) headers.set("cookie", init.cookie);
  return get(host, path, { method: "POST", headers, body: JSON.stringify(body) });
}

/** Logs in through the API and returns the cookie header to send afterwards. */
export async function login(host: string, email = SHOPPER, password = PASSWORD, keep = false): Promise<string> {
  const res = await postJson(host, "/api/user/login", { email, password, keep });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  return cookieHeader(setCookies(res));
}

/** Who the Worker thinks is asking, through /api/user/test. */
export async function whoAmI(host: string, cookie: string): Promise<number> {
  const res = await get(host, "/api/user/test", { headers: { cookie } });
  return (await res.json()) as number;
}

/** The sign-up consents the API requires (marketing left out). */
export const CONSENTS = { agree_terms: true, agree_privacy: true, agree_age: true };

/** A new member, made straight through the API; returns the cookie header. */
let joinSeq = 0;
export async function joinNew(host: string, name = "새 회원"): Promise<{ email: string; cookie: string; uid: number }> {
  joinSeq += 1;
  const email = `member${joinSeq}-${Date.now()}@example.test`;
  const res = await postJson(host, "/api/user/join", { email, password: PASSWORD, name, keep: false, ...CONSENTS });
  if (res.status !== 200) throw new Error(`join failed: ${res.status} ${await res.text()}`);
  const { uid } = (await res.json()) as { uid: number };
  return { email, cookie: cookieHeader(setCookies(res)), uid };
}

export const db = () => env.DB;

/** A page's HTML with its per-response script nonces blanked, for comparing two answers. */
export const withoutNonces = (html: string) => html.replace(/nonce="[^"]*"/g, 'nonce=""');

let platformSeq = 0;

/**
 * A new person through the platform's own sign-up form (localhost), going on to `url` when given;
 * answers the e-mail and the platform's cookie header.
 */
export async function platformSignUp(tag: string, url?: string): Promise<{ email: string; cookie: string }> {
  const email = `${tag}-${Date.now()}-${++platformSeq}@example.test`;
  const res = await postForm("localhost", "/join", {
    email,
    name: "새 사장",
    password: PASSWORD,
    password2: PASSWORD,
    agree_terms: "on",
    agree_privacy: "on",
    agree_age: "on",
    ...(url ? { url } : {}),
  });
  expect(res.status).toBe(303);
  if (url) expect(res.headers.get("location")).toBe(url);
  return { email, cookie: cookieHeader(setCookies(res)) };
}

const PLATFORM_HOST = "localhost";

/** Opens a shop and follows the hand-over to its console; returns the session cookie of the new host. */
export async function openAndCarry(platformCookie: string, dom: string, name = "새 상점"): Promise<string> {
  const opened = await postForm(PLATFORM_HOST, "/open", { dom, name, shop_type: "shop" }, { cookie: platformCookie });
  expect(opened.status).toBe(303);
  const first = new URL(opened.headers.get("location")!);
  expect(first.host).toBe(`${dom}.localhost`);
  const asked = await get(first.host, first.pathname + first.search);
  expect(asked.status).toBe(303);
  const state = cookieHeader(setCookies(asked));
  const carry = new URL(asked.headers.get("location")!);
  expect(carry.host).toBe(PLATFORM_HOST);
  const coded = await get(PLATFORM_HOST, carry.pathname + carry.search, { headers: { cookie: platformCookie } });
  expect(coded.status).toBe(303);
  const back = new URL(coded.headers.get("location")!);
  expect(back.host).toBe(`${dom}.localhost`);
  const landed = await get(back.host, back.pathname + back.search, { headers: { cookie: state } });
  expect(landed.status).toBe(303);
  expect(landed.headers.get("location")).toBe("/admin");
  return cookieHeader(setCookies(landed));
}

/**
 * Everything the law asks a 개인사업자 to show (decision 175), as the settings' business form
 * posts it: a newly opened shop takes orders once these are saved.
 */
export const SOLE_BUSINESS = {
  section: "business",
  seller_type: "sole",
  corpname: "새상회",
  ceo: "새 사장",
  idnum: "220-81-62517",
  idnum_singo: "제2026-서울강남-00001호",
  zipcode: "04038",
  address: "서울특별시 마포구 양화로 12",
  tel: "02-123-4567",
  email: "owner@new-shop.example.test",
} as const;
