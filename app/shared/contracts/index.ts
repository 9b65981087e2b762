/**
 * The shop API as data: every endpoint's method, path, query/body and response schema.
 * The embedded API (functions/api) validates requests with these; the storefront's client
 * validates responses with them. An upstream implementing the same contract is interchangeable.
 */
import type { z } from "zod";
import { accountApi } from "./account";
import { authApi } from "./auth";
import { cartApi } from "./cart";
import { membershipApi } from "./membership";
import { lifecycleApi } from "./orders";
import { adminApi } from "./admin";
import { settingsApi } from "./settings";
import { chatApi } from "./chat";
import { smartApi } from "./smart";
import { shopApi } from "./shop";
import { trackingApi } from "./tracking";
import { domainApi } from "./domains";
import { paymentsApi } from "./payments";
import { payoutsApi } from "./payouts";
import { dailyApi } from "./daily";
import { productsApi } from "./products";
import { shopSettingsApi } from "./shop-settings";
import { socialLoginApi } from "./social-login";
import { identityApi } from "./identity";
import { reviewsApi } from "./reviews";
import { questionsApi } from "./questions";
import { notifyApi } from "./notify";

export * from "./core";
export * from "./shop";
export * from "./auth";
export * from "./cart";
export * from "./membership";
export * from "./orders";
export * from "./admin";
export * from "./account";
export * from "./settings";
export * from "./chat";
export * from "./smart";
export * from "./tracking";
export * from "./domains";
export * from "./payments";
export * from "./payouts";
export * from "./daily";
export * from "./products";
export * from "./shop-settings";
export * from "./social-login";
export * from "./identity";
export * from "./reviews";
export * from "./questions";
export * from "./notify";

export const api = {
  ...shopApi,
  ...authApi,
  ...cartApi,
  ...membershipApi,
  ...lifecycleApi,
  ...adminApi,
  ...accountApi,
  ...settingsApi,
  ...chatApi,
  ...smartApi,
  ...trackingApi,
  ...domainApi,
  ...paymentsApi,
  ...payoutsApi,
  ...dailyApi,
  ...productsApi,
  ...shopSettingsApi,
  ...socialLoginApi,
  ...identityApi,
  ...reviewsApi,
  ...questionsApi,
  ...notifyApi,
} as const;

export type Api = typeof api;
export type ApiName = keyof Api;
export type QueryIn<N extends ApiName> = z.input<Api[N]["query"]>;
export type BodyIn<N extends ApiName> = z.input<Api[N]["body"]>;
export type Result<N extends ApiName> = z.output<Api[N]["response"]>;
