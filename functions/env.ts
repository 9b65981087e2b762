import { z } from "zod";

import type { Db } from "./db/session";
import type { LiveAddress } from "./live/address";

/** Bindings and variables from wrangler.toml (and secrets). */
export interface Env {
  DB: D1Database;
  FILES: R2Bucket;
  /** Cloudflare Images (wrangler.toml [images]): derived picture sizes. Without it, originals. */
  IMAGES?: ImagesBinding;
  ASSETS: Fetcher;
  PLATFORM_DOMAIN: string;
  SHOP_API_ORIGIN?: string;
  SHOP_ADMIN_URL?: string;
  SHOP_CACHE_TTL?: string;
  PAGE_CACHE_SECONDS?: string;
  MAIL_API_URL?: string;
  MAIL_API_KEY?: string;
  MAIL_FROM?: string;
  POSTCODE_PROVIDER?: string;
  EVENTS_ENDPOINT?: string;
  EVENTS_TOKEN?: string;
  /** Custom domains through Cloudflare for SaaS (decision 092); the token is a secret. */
  CF_API_BASE?: string;
  CF_ZONE_ID?: string;
  CF_API_TOKEN?: string;
  CF_FALLBACK_ORIGIN?: string;
  /** Seals each shop's payment secret keys at rest (decision 101); a secret, never shown. */
  PAYMENT_KEYS_SECRET?: string;
  /** Signs the known-device cookies of logins and guest order lookups (decision 157); a secret. */
  KNOWN_DEVICE_SECRET?: string;
  /** Toss Payments' API and its browser SDK (issue 35); locally the stand-in's addresses. */
  TOSS_API_BASE?: string;
  TOSS_SDK_URL?: string;
  /** The platform's own Toss contract for shops paid through it (지급대행, decision 178): keys as secrets. */
  PLATFORM_TOSS_CLIENT_KEY?: string;
  PLATFORM_TOSS_SECRET_KEY?: string;
  PLATFORM_TOSS_SECURITY_KEY?: string;
  PLATFORM_FEE_BPS?: string;
  /** PortOne V2's identity verification (issue 37, decision 113): addresses, and the secrets. */
  PORTONE_API_BASE?: string;
  PORTONE_SDK_URL?: string;
  PORTONE_API_SECRET?: string;
  PORTONE_STORE_ID?: string;
  PORTONE_CHANNEL_KEY?: string;
  /** Keys the HMAC of CI kept when PortOne gives no DI (decision 114); a secret, never shown. */
  IDENTITY_SUBJECT_SECRET?: string;
  /** Kakao and Naver login (issue 37): the platform apps' addresses, and their keys as secrets. */
  KAKAO_AUTH_BASE?: string;
  KAKAO_API_BASE?: string;
  KAKAO_REST_KEY?: string;
  KAKAO_CLIENT_SECRET?: string;
  KAKAO_ADMIN_KEY?: string;
  /** Kakao Sync's consent items the platform's Kakao app has (decision 177), comma-separated. */
  KAKAO_SYNC_SCOPES?: string;
  NAVER_AUTH_BASE?: string;
  NAVER_API_BASE?: string;
  NAVER_CLIENT_ID?: string;
  NAVER_CLIENT_SECRET?: string;
  /** 알림톡/SMS through SOLAPI (issue 40, decision 131): address, keys (secret a secret), channel, sender, templates. */
  SOLAPI_API_BASE?: string;
  SOLAPI_API_KEY?: string;
  SOLAPI_API_SECRET?: string;
  SOLAPI_PFID?: string;
  SOLAPI_SENDER?: string;
  SOLAPI_TEMPLATES?: string;
  /** The live rooms (functions/live/room.ts): one Durable Object per buyer per shop, and per inbox. */
  LIVE?: DurableObjectNamespace;
  /** The live sockets' slots per client address on the whole platform (functions/live/address.ts). */
  LIVE_ADDRESSES?: DurableObjectNamespace<LiveAddress>;
}

/** The bindings as one request sees them: D1 through the request's session (decision 074). */
export type RequestEnv = Omit<Env, "DB"> & { DB: Db };

/**
 * Kakao Sync's consent items (동의항목 ids, korea.md §3.1) the storefront knows what to do with:
 * the name, the mobile number and the shipping addresses (decision 177).
 */
export const KAKAO_SYNC_ITEMS = ["name", "phone_number", "shipping_address"] as const;

/** An http(s) base address without its trailing slashes. */
const base = (fallback: string) =>
  z
    .url({ protocol: /^https?$/ })
    .default(fallback)
    .transform((u) => u.replace(/\/+$/, ""));

const ConfigSchema = z.object({
  PLATFORM_DOMAIN: z
    .string()
    .trim()
    .toLowerCase()
    .min(1, "PLATFORM_DOMAIN must be set (e.g. localhost or shops.example.com)")
    .transform((d) => d.replace(/\.$/, "")),
  SHOP_API_ORIGIN: z
    .union([z.literal(""), z.url({ protocol: /^https?$/ })])
    .default("")
    .transform((u) => u.replace(/\/+$/, "")),
  // The owner's console: "/admin" on the shop's own host (issue 9), or an absolute address of an
  // outside admin site, which gets ?shopid=.
  SHOP_ADMIN_URL: z.union([z.string().regex(/^\/[a-z0-9/_-]*$/i), z.url({ protocol: /^https?$/ })]).default("/admin"),
  SHOP_CACHE_TTL: z.coerce.number().int().min(0).max(3600).default(30),
  // Seconds a page kept at the edge for visitors without cookies is given out as it is (then once
  // more while it is drawn again); 0 turns the page cache off (decision 077).
  PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  // Mail: an HTTP mail API when both are set, else the local outbox (README).
  MAIL_API_URL: z.union([z.literal(""), z.url({ protocol: /^https?$/ })]).default(""),
  MAIL_API_KEY: z.string().default(""),
  MAIL_FROM: z.string().trim().min(3).default("no-reply@example.com"),
  // 우편번호 찾기 on address forms: Kakao's postcode widget, or "off" (addresses typed by hand).
  POSTCODE_PROVIDER: z.enum(["daum", "off"]).default("daum"),
  // Server-side commerce events: POSTed to this endpoint (a conversions relay) when set, else kept
  // in D1's server_events table as "logged" (decision 070).
  EVENTS_ENDPOINT: z.union([z.literal(""), z.url({ protocol: /^https?$/ })]).default(""),
  EVENTS_TOKEN: z.string().default(""),
  // Custom domains connected from the console (decision 092): Cloudflare for SaaS's custom
  // hostnames API of the platform's zone, and the host owners point their CNAME at. Without a
  // zone, a token and a fallback origin the console says the feature is not available.
  CF_API_BASE: z
    .url({ protocol: /^https?$/ })
    .default("https://api.cloudflare.com/client/v4")
    .transform((u) => u.replace(/\/+$/, "")),
  CF_ZONE_ID: z
    .string()
    .trim()
    .regex(/^[\w-]*$/)
    .default(""),
  CF_API_TOKEN: z.string().trim().default(""),
  CF_FALLBACK_ORIGIN: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^([a-z0-9-]+\.)*[a-z0-9-]*$/)
    .default(""),
  // Shops' payment secret keys are sealed under this (decision 101). Empty: the console says
  // card payments cannot be set up here, and shops take bank transfers only.
  PAYMENT_KEYS_SECRET: z
    .string()
    .trim()
    .refine((s) => s === "" || s.length >= 32, "PAYMENT_KEYS_SECRET must be at least 32 characters")
    .default(""),
  // Signs the cookie a browser gets when it logs in or finds a guest order (decision 157): with it,
  // that browser is not stopped by the ceiling strangers' guesses from many addresses reach. Empty:
  // no such cookie is given or honoured, and the ceiling stops everybody (decision 095).
  KNOWN_DEVICE_SECRET: z
    .string()
    .trim()
    .refine((s) => s === "" || s.length >= 32, "KNOWN_DEVICE_SECRET must be at least 32 characters")
    .default(""),
  // Toss Payments (issue 35): its API, called with each shop's own secret key, and the browser SDK
  // the order sheet loads to open the payment window. Locally and in tests both point at the
  // stand-in (scripts/lib/toss-standin.mjs), which implements what we use of them.
  TOSS_API_BASE: z
    .url({ protocol: /^https?$/ })
    .default("https://api.tosspayments.com")
    .transform((u) => u.replace(/\/+$/, "")),
  TOSS_SDK_URL: z.url({ protocol: /^https?$/ }).default("https://js.tosspayments.com/v2/standard"),
  // The platform's own Toss contract (issue 52 item 1, decision 178): a shop paid "through the
  // platform" takes cards on it from its first day and is paid out as a seller (지급대행 v2). The
  // security key (64 hex) seals payout bodies and checks payout webhooks. Without all three, shops
  // need their own keys (decision 101). PLATFORM_FEE_BPS: the platform's fee, in 1/100 of a percent.
  PLATFORM_TOSS_CLIENT_KEY: z
    .string()
    .trim()
    .regex(/^((test|live)_ck_[A-Za-z0-9_]{8,120})?$/, "PLATFORM_TOSS_CLIENT_KEY must be an API client key (…_ck_…)")
    .default(""),
  PLATFORM_TOSS_SECRET_KEY: z
    .string()
    .trim()
    .regex(/^((test|live)_sk_[A-Za-z0-9_]{8,120})?$/, "PLATFORM_TOSS_SECRET_KEY must be an API secret key (…_sk_…)")
    .default(""),
  PLATFORM_TOSS_SECURITY_KEY: z
    .string()
    .trim()
    .regex(/^([0-9a-fA-F]{64})?$/, "PLATFORM_TOSS_SECURITY_KEY must be 64 hexadecimal characters")
    .default(""),
  PLATFORM_FEE_BPS: z.coerce.number().int().min(0).max(3000).default(330),
  // Identity verification and Kakao/Naver login (issue 37, decision 113): the providers' bases,
  // locally and in tests the stand-ins'. The clients append their paths: no trailing slash.
  PORTONE_API_BASE: base("https://api.portone.io"),
  PORTONE_SDK_URL: z.url({ protocol: /^https?$/ }).default("https://cdn.portone.io/v2/browser-sdk.js"),
  // Without all three the pages say verification is not available (decision 114).
  PORTONE_API_SECRET: z.string().trim().default(""),
  PORTONE_STORE_ID: z.string().trim().default(""),
  PORTONE_CHANNEL_KEY: z.string().trim().default(""),
  IDENTITY_SUBJECT_SECRET: z.string().trim().default(""),
  KAKAO_AUTH_BASE: base("https://kauth.kakao.com"),
  KAKAO_API_BASE: base("https://kapi.kakao.com"),
  NAVER_AUTH_BASE: base("https://nid.naver.com"),
  NAVER_API_BASE: base("https://openapi.naver.com"),
  // The platform apps' keys (decision 115); empty: the login links say social login is not available.
  KAKAO_REST_KEY: z.string().trim().default(""),
  KAKAO_CLIENT_SECRET: z.string().trim().default(""),
  KAKAO_ADMIN_KEY: z.string().trim().default(""),
  // Kakao Sync's consent items the platform's Kakao app has been given (decision 177): asked for
  // at login beside the nickname and e-mail. Empty by default: phone_number and shipping_address
  // need a 비즈 앱 with Kakao's review, and asking for an item the app lacks fails the login (KOE205).
  KAKAO_SYNC_SCOPES: z
    .string()
    .trim()
    .default("")
    .transform((v) => v.split(/[\s,]+/).filter(Boolean))
    .pipe(z.array(z.enum(KAKAO_SYNC_ITEMS)).transform((items) => [...new Set(items)])),
  NAVER_CLIENT_ID: z.string().trim().default(""),
  NAVER_CLIENT_SECRET: z.string().trim().default(""),
  // 알림톡 with SMS fallback through SOLAPI (decision 131); locally the stand-in's. Without a key,
  // a secret, a channel and a sender nothing is sent. SOLAPI_TEMPLATES: "kind=templateId,…".
  SOLAPI_API_BASE: base("https://api.solapi.com"),
  SOLAPI_API_KEY: z.string().trim().default(""),
  SOLAPI_API_SECRET: z.string().trim().default(""),
  SOLAPI_PFID: z.string().trim().default(""),
  SOLAPI_SENDER: z.string().trim().regex(/^\d*$/).default(""),
  SOLAPI_TEMPLATES: z.string().trim().default(""),
});

export type Config = z.infer<typeof ConfigSchema>;

/** Parses configuration once per request: cheap, and a misconfiguration fails loudly. */
export function readConfig(env: RequestEnv): Config {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    throw new Error(`Invalid Worker configuration: ${z.prettifyError(parsed.error)}`);
  }
  return parsed.data;
}
