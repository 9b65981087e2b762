/** Types of oauth-standin.mjs (which Node runs as it is). */
export const CODE_TTL_MS: number;
export const STANDIN_KAKAO_APP: {
  clientId: string;
  clientSecret: string;
  adminKey: string;
  appId: number;
  consentItems: string[];
};
/** Kakao's consent items as the stand-in's window lists them (decision 177). */
export const KAKAO_CONSENT_ITEMS: Record<string, { label: string; required: boolean }>;
export const STANDIN_NAVER_APP: { clientId: string; clientSecret: string };

export type KakaoPersona = "verified" | "unverified" | "noEmail" | "sync";
export type NaverPersona = "withEmail" | "noEmail" | "another";
export const KAKAO_PERSONAS: Record<
  KakaoPersona,
  {
    label: string;
    nickname: string;
    email: string | null;
    verified: boolean;
    /** Kakao Sync (decision 177): the account's phone and shipping addresses, when it has them. */
    name?: string;
    phone?: string;
    addresses?: Record<string, unknown>[];
  }
>;
export const NAVER_PERSONAS: Record<
  NaverPersona,
  { label: string; nickname: string; name: string; email: string | null }
>;

export type KakaoApp = {
  clientId: string;
  clientSecret?: string;
  redirectUris: string[];
  adminKey?: string;
  appId?: number;
  unlinkUrl?: string;
  /** The consent items set up for the app; asking for another is KOE205. */
  consentItems?: string[];
};
export type NaverApp = { clientId: string; clientSecret: string; redirectUris: string[] };

export type UnlinkNotice = {
  url: string;
  params: { app_id: string; user_id: string; referrer_type: string };
  key: "right" | "wrong";
  status: number;
  answer: string;
  ms: number;
};

export type OauthStandinOptions = {
  kakaoApps?: KakaoApp[];
  naverApps?: NaverApp[];
  now?: () => number;
  codeTtlMs?: number;
  deliver?: (
    url: string,
    init: { method: string; headers: Record<string, string>; body?: string },
  ) => Promise<Response>;
};

export type OauthStandin = {
  handle: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;
  codes: Map<string, unknown>;
  notices: UnlinkNotice[];
  sendUnlinkNotice: (opts: {
    clientId?: string;
    userId?: string | number;
    persona?: KakaoPersona;
    referrerType?: string;
    key?: "right" | "wrong";
    url?: string;
    method?: "GET" | "POST";
  }) => Promise<UnlinkNotice | { error: string }>;
  kakaoApps: KakaoApp[];
  naverApps: NaverApp[];
  kakaoUserId: (persona: KakaoPersona, clientId?: string) => Promise<number>;
  naverUserId: (persona: NaverPersona, clientId?: string) => Promise<string>;
};

export function createOauthStandin(options?: OauthStandinOptions): OauthStandin;

export function startOauthStandin(
  options?: Omit<OauthStandinOptions, "kakaoApps" | "naverApps" | "deliver"> & {
    port?: number;
    host?: string;
    publicHost?: string;
    kakaoRedirectUris?: string[];
    naverRedirectUris?: string[];
    unlinkUrl?: string;
    deliverVia?: string;
  },
): Promise<{
  origin: string;
  port: number;
  kakao: { authBase: string; apiBase: string } & KakaoApp & typeof STANDIN_KAKAO_APP;
  naver: { authBase: string; apiBase: string } & NaverApp;
  standin: OauthStandin;
  close: () => Promise<void>;
}>;
