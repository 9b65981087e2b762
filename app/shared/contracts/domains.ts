/** Custom domains connected from the owner's console (issue 33, decision 092). */
import { z } from "zod";
import { CustomDomainBody } from "../forms/domain";
import { endpoint } from "./core";

/** `released`: a claim given up before its ownership was proved (decision 156); the name is free. */
export const DomainState = z.enum(["pending", "active", "failed", "released"]);
export type DomainState = z.infer<typeof DomainState>;

/** A DNS record the owner creates at their DNS provider, and what it is for. */
export const DomainRecord = z.object({
  type: z.enum(["CNAME", "TXT"]),
  name: z.string(),
  value: z.string(),
  purpose: z.enum(["route", "ownership", "certificate"]),
});
export type DomainRecord = z.infer<typeof DomainRecord>;

/** The shop's custom domain as the console shows it. */
export const CustomDomain = z.object({
  /** As DNS knows it (punycode for a Korean domain), and as the owner reads it. */
  hostname: z.string(),
  display: z.string(),
  state: DomainState,
  /** Why it is not connected yet (or failed), in Korean; null when nothing is wrong. */
  reason: z.string().nullable(),
  /** The records still to create: none once it is connected. */
  records: z.array(DomainRecord),
  /** When Cloudflare was last asked (ms since the epoch). */
  checked_at: z.number(),
  /** Whether Cloudflare verified the owner's ownership: the name is then this shop's alone. */
  proved: z.boolean(),
  /** Until proved: when other shops may claim the name, and when this claim is released (ms). */
  held_until: z.number().nullable(),
  release_at: z.number().nullable(),
});
export type CustomDomain = z.infer<typeof CustomDomain>;

const DomainPage = z.object({
  /** Whether this platform connects custom domains (Cloudflare for SaaS configured). */
  available: z.boolean(),
  domain: CustomDomain.nullable(),
  /** False when Cloudflare could not be asked just now: the status shown is the last one known. */
  fresh: z.boolean(),
});

export const domainApi = {
  /** The shop's custom domain, its status asked of Cloudflare afresh. */
  adminDomain: endpoint({
    method: "GET",
    path: "/api/myshp/admin/domain",
    query: z.object({}),
    response: DomainPage,
  }),
  adminDomainAdd: endpoint({
    method: "POST",
    path: "/api/myshp/admin/domain/add",
    query: z.object({}),
    body: CustomDomainBody,
    response: CustomDomain,
  }),
  /** The 상태 확인 button: Cloudflare asked again. */
  adminDomainCheck: endpoint({
    method: "POST",
    path: "/api/myshp/admin/domain/check",
    query: z.object({}),
    body: z.object({}).optional(),
    response: DomainPage,
  }),
  adminDomainRemove: endpoint({
    method: "POST",
    path: "/api/myshp/admin/domain/remove",
    query: z.object({}),
    body: z.object({}).optional(),
    response: z.object({ ok: z.literal(true) }),
  }),
};
