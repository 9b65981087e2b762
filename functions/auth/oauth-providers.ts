import { z } from "zod";

import { mobileDigits } from "~/shared/phone";
import { sha256Hex, timingSafeEqualText } from "./crypto";

/**
 * Kakao Login and Naver Login as REST calls (issue 37; facts in docs/integrations.md §3):
 * the authorize address a login link goes to, the code exchange and the profile, normalised to
 * what the storefront keeps. Keys and tokens go in request bodies and headers only; no error
 * carries them. The routes, states and tickets around these come with the login flow.
 */

export type OAuthProvider = "kakao" | "naver";

/** A person as a provider vouches for them. `emailVerified` is only ever true from Kakao. */
export type OAuthProfile = {
  provider: OAuthProvider;
  /** Per platform app, stable for a person. */
  id: string;
  email: string | null;
  emailVerified: boolean;
  name?: string;
  /** A Korean mobile number, digits only (Kakao Sync's phone_number), when the person agreed to give it. */
  phone?: string;
};

/**
 * One of the person's shipping addresses as Kakao keeps them (Kakao Sync's shipping_address
 * consent item), in the address book's terms: phone digits, the five-digit postcode.
 */
export type ProviderAddress = {
  receiver_name: string;
  receiver_phone: string;
  postcode: string;
  address: string;
  detail: string;
  is_default: boolean;
};

export type OAuthTokens = { accessToken: string; refreshToken: string | null; expiresIn: number };

/**
 * A call the provider refused or did not answer. `kind`:
 * - `invalid_code`: the code is unknown, used (a double-submitted callback: Kakao's KOE320) or
 *   expired: start the login again.
 * - `redirect_mismatch`: the token request's redirect_uri is not byte for byte the authorize one.
 * - `invalid_token`: the access token is unknown or expired.
 * - `config`: the app's keys are wrong (a fault to fix in the Worker's secrets).
 * - `unavailable`: no answer in time, a 5xx or an unreadable shape.
 * - `refused`: any other refusal.
 */
export class OAuthError extends Error {
  constructor(
    readonly kind: "invalid_code" | "redirect_mismatch" | "invalid_token" | "config" | "unavailable" | "refused",
    readonly provider: OAuthProvider,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = "OAuthError";
  }
}

type Fetcher = typeof fetch;
const defaultFetch: Fetcher = (input, init) => fetch(input, init);
const TIMEOUT_MS = 10_000;

async function call(provider: OAuthProvider, fetcher: Fetcher, url: string, init: RequestInit) {
  try {
    const res = await fetcher(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
    return { res, json: (await res.json().catch(() => null)) as unknown };
  } catch {
    throw new OAuthError("unavailable", provider, "NETWORK", `${provider} did not answer in time`);
  }
}

const form = (fields: Record<string, string | undefined>) =>
  new URLSearchParams(Object.entries(fields).filter((e): e is [string, string] => e[1] !== undefined));

// ---- Kakao ------------------------------------------------------------------------------------

export type KakaoApp = { restKey: string; clientSecret?: string };

/** `{authBase}/oauth/authorize?…`: the address a 카카오 로그인 link sends the browser to. */
export function kakaoAuthorizeUrl(
  authBase: string,
  o: { clientId: string; redirectUri: string; state: string; scope?: string[]; prompt?: string },
): string {
  const q = form({
    client_id: o.clientId,
    redirect_uri: o.redirectUri,
    response_type: "code",
    state: o.state,
    scope: o.scope?.join(","),
    prompt: o.prompt,
  });
  return `${authBase}/oauth/authorize?${q}`;
}

const KakaoTokenAnswer = z.object({
  access_token: z.string(),
  token_type: z.string(),
  refresh_token: z.string().nullish(),
  expires_in: z.number(),
});
const KakaoTokenError = z.object({
  error: z.string(),
  error_description: z.string().nullish(),
  error_code: z.string().nullish(),
});
const KakaoApiError = z.object({ code: z.number(), msg: z.string().nullish() });
const KakaoMe = z.object({
  id: z.number(),
  kakao_account: z
    .object({
      profile: z.object({ nickname: z.string().nullish() }).nullish(),
      name: z.string().nullish(),
      email: z.string().nullish(),
      is_email_valid: z.boolean().nullish(),
      is_email_verified: z.boolean().nullish(),
      // "+82 10-1234-5678"; only when the app has the consent item and the person agreed.
      phone_number: z.string().nullish(),
    })
    .nullish(),
});
const KakaoShippingAddresses = z.object({
  user_id: z.number().nullish(),
  shipping_addresses_needs_agreement: z.boolean().nullish(),
  shipping_addresses: z
    .array(
      z.object({
        id: z.number().nullish(),
        name: z.string().nullish(),
        is_default: z.boolean().nullish(),
        type: z.string().nullish(),
        base_address: z.string().nullish(),
        detail_address: z.string().nullish(),
        receiver_name: z.string().nullish(),
        receiver_phone_number1: z.string().nullish(),
        receiver_phone_number2: z.string().nullish(),
        zone_number: z.string().nullish(),
        zip_code: z.string().nullish(),
      }),
    )
    .nullish(),
});

/** At most this many of Kakao's addresses are read: the address book keeps ten. */
const KAKAO_ADDRESS_PAGE = 10;

/** Kakao's token endpoint's error codes and what they mean for the caller. */
const KOE_KIND: Record<string, OAuthError["kind"]> = {
  KOE320: "invalid_code",
  KOE303: "redirect_mismatch",
  KOE006: "redirect_mismatch",
  KOE101: "config",
  KOE010: "config",
  KOE004: "config",
};

export class KakaoClient {
  constructor(
    private readonly authBase: string,
    private readonly apiBase: string,
    private readonly app: KakaoApp,
    private readonly fetcher: Fetcher = defaultFetch,
  ) {}

  /** The code from the callback for tokens; `redirectUri` must be the authorize one, byte for byte. */
  async exchange(code: string, redirectUri: string): Promise<OAuthTokens> {
    const { res, json } = await call("kakao", this.fetcher, `${this.authBase}/oauth/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded;charset=utf-8", accept: "application/json" },
      body: form({
        grant_type: "authorization_code",
        client_id: this.app.restKey,
        redirect_uri: redirectUri,
        code,
        client_secret: this.app.clientSecret || undefined,
      }).toString(),
    });
    if (res.ok) {
      const ok = KakaoTokenAnswer.safeParse(json);
      if (ok.success)
        return {
          accessToken: ok.data.access_token,
          refreshToken: ok.data.refresh_token ?? null,
          expiresIn: ok.data.expires_in,
        };
      throw new OAuthError("unavailable", "kakao", "BAD_ANSWER", "Kakao answered in an unexpected shape");
    }
    const error = KakaoTokenError.safeParse(json);
    if (res.status >= 500 || !error.success)
      throw new OAuthError("unavailable", "kakao", `HTTP_${res.status}`, `Kakao answered HTTP ${res.status}`);
    const code_ = error.data.error_code ?? error.data.error;
    const kind =
      KOE_KIND[code_] ??
      (error.data.error === "invalid_client"
        ? "config"
        : error.data.error === "invalid_grant"
          ? "invalid_code"
          : "refused");
    throw new OAuthError(kind, "kakao", code_, error.data.error_description ?? error.data.error);
  }

  async profile(accessToken: string): Promise<OAuthProfile> {
    const { res, json } = await call("kakao", this.fetcher, `${this.apiBase}/v2/user/me`, {
      headers: { authorization: `Bearer ${accessToken}`, accept: "application/json" },
    });
    if (!res.ok) throw kakaoApiError(res.status, json);
    const me = KakaoMe.safeParse(json);
    if (!me.success)
      throw new OAuthError("unavailable", "kakao", "BAD_ANSWER", "Kakao answered in an unexpected shape");
    const account = me.data.kakao_account;
    const email = account?.email ?? null;
    const name = account?.name ?? account?.profile?.nickname ?? undefined;
    // "+82 10-1234-5678" is 010-1234-5678 at home; anything that is not a Korean mobile is dropped.
    const phone = mobileDigits(account?.phone_number);
    return {
      provider: "kakao",
      id: String(me.data.id),
      email,
      // Both: Kakao marks an address it checked and one that still receives mail separately.
      emailVerified: email !== null && account?.is_email_verified === true && account.is_email_valid === true,
      ...(name ? { name } : {}),
      ...(phone ? { phone } : {}),
    };
  }

  /**
   * The person's shipping addresses (GET /v1/user/shipping_address), default first. None when
   * they did not agree: Kakao answers -402 (insufficient scopes, HTTP 403) or flags
   * `shipping_addresses_needs_agreement`; neither is an error for the login. An address without a
   * five-digit postcode, a road address or a reachable phone is left out rather than guessed.
   */
  async shippingAddresses(accessToken: string): Promise<ProviderAddress[]> {
    const q = new URLSearchParams({ page_size: String(KAKAO_ADDRESS_PAGE) });
    const { res, json } = await call("kakao", this.fetcher, `${this.apiBase}/v1/user/shipping_address?${q}`, {
      headers: { authorization: `Bearer ${accessToken}`, accept: "application/json" },
    });
    if (!res.ok) {
      const error = kakaoApiError(res.status, json);
      if (error.code === "-402") return [];
      throw error;
    }
    const answer = KakaoShippingAddresses.safeParse(json);
    if (!answer.success)
      throw new OAuthError("unavailable", "kakao", "BAD_ANSWER", "Kakao answered in an unexpected shape");
    const list = answer.data.shipping_addresses ?? [];
    const out: ProviderAddress[] = [];
    for (const a of list) {
      const postcode = (a.zone_number ?? "").trim() || (a.zip_code ?? "").trim();
      const base = (a.base_address ?? "").trim();
      const phone = mobileDigits(a.receiver_phone_number1) ?? mobileDigits(a.receiver_phone_number2);
      const receiver = (a.receiver_name ?? "").trim();
      if (!/^\d{5}$/.test(postcode) || !base || !phone || !receiver) continue;
      out.push({
        receiver_name: receiver.slice(0, 40),
        receiver_phone: phone,
        postcode,
        address: base.slice(0, 200),
        detail: (a.detail_address ?? "").trim().slice(0, 200),
        is_default: a.is_default === true,
      });
    }
    // The default first: it becomes the book's default when the book has none.
    return out.sort((x, y) => Number(y.is_default) - Number(x.is_default));
  }

  /** Disconnects the app from the person (탈퇴); Kakao sends no unlink notice for this one. */
  async unlink(accessToken: string): Promise<string> {
    const { res, json } = await call("kakao", this.fetcher, `${this.apiBase}/v1/user/unlink`, {
      method: "POST",
      headers: { authorization: `Bearer ${accessToken}`, accept: "application/json" },
    });
    if (!res.ok) throw kakaoApiError(res.status, json);
    const ok = z.object({ id: z.number() }).safeParse(json);
    if (!ok.success)
      throw new OAuthError("unavailable", "kakao", "BAD_ANSWER", "Kakao answered in an unexpected shape");
    return String(ok.data.id);
  }
}

function kakaoApiError(status: number, json: unknown): OAuthError {
  const e = KakaoApiError.safeParse(json);
  if (status >= 500 || !e.success)
    return new OAuthError("unavailable", "kakao", `HTTP_${status}`, `Kakao answered HTTP ${status}`);
  if (e.data.code === -401) return new OAuthError("invalid_token", "kakao", String(e.data.code), e.data.msg ?? "");
  return new OAuthError("refused", "kakao", String(e.data.code), e.data.msg ?? "");
}

export const KAKAO_UNLINK_REFERRERS = [
  "ACCOUNT_DELETE",
  "FORCED_ACCOUNT_DELETE",
  "UNLINK_FROM_APPS",
  "UNLINK_FROM_ADMIN",
  "INCOMPLETE_SIGN_UP",
] as const;

export type KakaoUnlinkNotice = { appId: string; userId: string; referrerType: string };

async function sameSecret(a: string, b: string): Promise<boolean> {
  // Digests of equal length, so the comparison takes as long whatever the key sent.
  const [x, y] = await Promise.all([sha256Hex(a), sha256Hex(b)]);
  return timingSafeEqualText(x, y);
}

/**
 * Kakao's unlink notice (GET query or POST form): null unless its `Authorization: KakaoAK {admin
 * key}` is ours and it names an app and a user. Kakao wants 200 within 3 seconds either way.
 */
export async function readKakaoUnlinkNotice(request: Request, adminKey: string): Promise<KakaoUnlinkNotice | null> {
  const m = /^KakaoAK\s+(\S+)$/.exec(request.headers.get("authorization") ?? "");
  if (!adminKey || !m?.[1] || !(await sameSecret(m[1], adminKey))) return null;
  let fields = new URL(request.url).searchParams;
  if (request.method === "POST") {
    const body = new URLSearchParams();
    try {
      for (const [k, v] of await request.formData()) if (typeof v === "string") body.append(k, v);
    } catch {
      // no form: the query alone
    }
    if ([...body.keys()].length > 0) fields = body;
  }
  const appId = fields.get("app_id");
  const userId = fields.get("user_id");
  if (!appId || !userId || !/^\d+$/.test(userId)) return null;
  return { appId, userId, referrerType: fields.get("referrer_type") ?? "" };
}

// ---- Naver ------------------------------------------------------------------------------------

export type NaverApp = { clientId: string; clientSecret: string };

/** `{authBase}/oauth2.0/authorize?…`; Naver requires the state. */
export function naverAuthorizeUrl(
  authBase: string,
  o: { clientId: string; redirectUri: string; state: string },
): string {
  const q = form({ response_type: "code", client_id: o.clientId, redirect_uri: o.redirectUri, state: o.state });
  return `${authBase}/oauth2.0/authorize?${q}`;
}

const NaverTokenAnswer = z.union([
  z.object({
    access_token: z.string(),
    refresh_token: z.string().nullish(),
    token_type: z.string().nullish(),
    expires_in: z.union([z.string(), z.number()]).nullish(),
  }),
  z.object({ error: z.string(), error_description: z.string().nullish() }),
]);
const NaverMe = z.object({
  resultcode: z.string(),
  message: z.string().nullish(),
  response: z
    .object({
      id: z.string(),
      nickname: z.string().nullish(),
      name: z.string().nullish(),
      email: z.string().nullish(),
    })
    .nullish(),
});

export class NaverClient {
  constructor(
    private readonly authBase: string,
    private readonly apiBase: string,
    private readonly app: NaverApp,
    private readonly fetcher: Fetcher = defaultFetch,
  ) {}

  async #token(fields: Record<string, string>) {
    const { res, json } = await call("naver", this.fetcher, `${this.authBase}/oauth2.0/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded;charset=utf-8", accept: "application/json" },
      body: form({ client_id: this.app.clientId, client_secret: this.app.clientSecret, ...fields }).toString(),
    });
    if (res.status >= 500)
      throw new OAuthError("unavailable", "naver", `HTTP_${res.status}`, `Naver answered HTTP ${res.status}`);
    const parsed = NaverTokenAnswer.safeParse(json);
    if (!parsed.success)
      throw new OAuthError("unavailable", "naver", "BAD_ANSWER", "Naver answered in an unexpected shape");
    // Naver answers its errors with 200 and an `error` body.
    if ("error" in parsed.data) {
      const { error, error_description: description } = parsed.data;
      const kind =
        error === "invalid_client" ? "config" : fields.grant_type === "authorization_code" ? "invalid_code" : "refused";
      throw new OAuthError(kind, "naver", error, description ?? error);
    }
    return parsed.data;
  }

  /** The code and the state the callback brought (Naver checks the state again). */
  async exchange(code: string, state: string): Promise<OAuthTokens> {
    const t = await this.#token({ grant_type: "authorization_code", code, state });
    return {
      accessToken: t.access_token,
      refreshToken: t.refresh_token ?? null,
      expiresIn: Number(t.expires_in ?? 3600),
    };
  }

  /** Revokes the app's tokens for the person (Naver's 연동 해제). */
  async revoke(accessToken: string): Promise<void> {
    await this.#token({ grant_type: "delete", access_token: accessToken, service_provider: "NAVER" });
  }

  async profile(accessToken: string): Promise<OAuthProfile> {
    const { res, json } = await call("naver", this.fetcher, `${this.apiBase}/v1/nid/me`, {
      headers: { authorization: `Bearer ${accessToken}`, accept: "application/json" },
    });
    const me = NaverMe.safeParse(json);
    if (res.status >= 500 || !me.success)
      throw new OAuthError("unavailable", "naver", `HTTP_${res.status}`, `Naver answered HTTP ${res.status}`);
    if (me.data.resultcode !== "00" || !me.data.response) {
      const kind = res.status === 401 || me.data.resultcode === "024" ? "invalid_token" : "refused";
      throw new OAuthError(kind, "naver", me.data.resultcode, me.data.message ?? "");
    }
    const r = me.data.response;
    const name = r.name ?? r.nickname ?? undefined;
    return {
      provider: "naver",
      id: r.id,
      email: r.email ?? null,
      // Naver's address may be any contact address the person typed: never taken as verified.
      emailVerified: false,
      ...(name ? { name } : {}),
    };
  }
}
