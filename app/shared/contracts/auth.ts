/** The accounts part of the shop API (spec §7 user calls, plus the calls behind the account forms). */
import { z } from "zod";
import { endpoint } from "./core";
import {
  checkbox,
  emailField,
  joinConsents,
  loginPasswordField,
  nameField,
  newPasswordField,
} from "~/shared/forms/auth";

const ok = z.object({ ok: z.literal(true) });

export const MemberInfo = z.object({
  uid: z.number().int(),
  name: z.string(),
  profile: z.string().nullable(),
  admin: z.boolean(),
  /** True when this member owns the shop of the host the call came in on. */
  mshop: z.boolean(),
  verified: z.object({ identity: z.boolean(), adult: z.boolean() }),
});
export type MemberInfo = z.infer<typeof MemberInfo>;

export const authApi = {
  /** Login check: the member's uid (positive) when logged in on this host, else 0. */
  userTest: endpoint({ method: "GET", path: "/api/user/test", query: z.object({}), response: z.number().int() }),
  /** uid and admin of the logged-in member; 401 for guests (a failed call means "not logged in"). */
  userInfo: endpoint({ method: "GET", path: "/api/myshp/userinfo", query: z.object({}), response: MemberInfo }),
  /** The shop the member owns, if any (one shop per owner). */
  userInfoMyShop: endpoint({
    method: "GET",
    path: "/api/myshp/userinfo/myshop",
    query: z.object({}),
    response: z.object({
      shop: z
        .object({
          shopid: z.number().int(),
          dom: z.string(),
          dom3: z.string().nullable(),
          name: z.string(),
          url: z.string(),
        })
        .nullable(),
      mshop: z.boolean(),
      /** Every shop the member owns (decision 108: one person may open several); not in the spec. */
      shops: z
        .array(z.object({ shopid: z.number().int(), dom: z.string(), name: z.string(), url: z.string() }))
        .default([]),
    }),
  }),
  isAdmin: endpoint({
    method: "GET",
    path: "/api/user/is_admin",
    query: z.object({}),
    response: z.object({ admin: z.boolean() }),
  }),
  /** Sets the sid/skey cookies of a new session on this host. */
  login: endpoint({
    method: "POST",
    path: "/api/user/login",
    query: z.object({}),
    body: z.object({ email: emailField, password: loginPasswordField, keep: checkbox }),
    /**
     * `share`: this shop asks the account the one-tap question before going on (decision 180):
     * it is a member of another shop and has not answered here. False from an upstream.
     */
    response: z.object({ uid: z.number().int(), share: z.boolean().default(false) }),
  }),
  join: endpoint({
    method: "POST",
    path: "/api/user/join",
    query: z.object({}),
    /** The consents of the sign-up form: 이용약관, 개인정보 수집·이용 and 만 14세 이상 required. */
    body: z.object({ email: emailField, password: newPasswordField, name: nameField, keep: checkbox, ...joinConsents }),
    response: z.object({ uid: z.number().int() }),
  }),
  /** Always the same answer, whether or not the address has an account. */
  forget: endpoint({
    method: "POST",
    path: "/api/user/forget",
    query: z.object({}),
    body: z.object({ email: emailField }),
    response: ok,
  }),
  resetCheck: endpoint({
    method: "GET",
    path: "/api/user/reset/check",
    query: z.object({ token: z.string().max(100) }),
    response: z.object({ valid: z.boolean() }),
  }),
  reset: endpoint({
    method: "POST",
    path: "/api/user/reset",
    query: z.object({}),
    body: z.object({ token: z.string().min(1).max(100), password: newPasswordField }),
    response: ok,
  }),
  /** Name and profile image (a storage key under members/{uid}/, or null to remove it). */
  profile: endpoint({
    method: "POST",
    path: "/api/user/profile",
    query: z.object({}),
    body: z.object({ name: nameField, profile: z.string().max(200).nullable() }),
    response: MemberInfo,
  }),
} as const;
