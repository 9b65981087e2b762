/** The platform's "내 상점 만들기" form (decision 108): one schema, checked on the server. */
import * as z from "zod";
import { koPlatform } from "~/shared/messages/platform";
import { charCount } from "./text";

const t = koPlatform.errors;

/** A sub-domain label a person may pick: 3–20, lowercase letters, digits and inner hyphens. */
export const DOM_PATTERN = /^[a-z0-9](?:[a-z0-9-]{1,18})[a-z0-9]$/;

/**
 * Labels that name the platform's own services, or could pass for them in a phishing link; a shop
 * can never take them.
 */
export const RESERVED_DOMS: ReadonlySet<string> = new Set([
  "www",
  "admin",
  "api",
  "mail",
  "static",
  "cdn",
  "help",
  "support",
  "shop",
  "app",
  "m",
  "platform",
  "madmin",
  "login",
  "auth",
  "account",
  "accounts",
  "billing",
  "pay",
  "payment",
  "payments",
  "status",
  "blog",
  "docs",
  "dev",
  "test",
  "staging",
  "assets",
  "files",
  "img",
  "images",
  "media",
  "smtp",
  "imap",
  "pop",
  "ftp",
  "ns1",
  "ns2",
  "root",
  "system",
  "security",
  "customers",
  "localhost",
]);

export const OpenShopForm = z.object({
  dom: z
    .string({ error: t.required })
    .trim()
    .toLowerCase()
    .min(1, { error: t.required })
    .regex(DOM_PATTERN, { error: t.domFormat })
    .refine((v) => !RESERVED_DOMS.has(v) && !v.startsWith("xn--"), { error: t.domReserved }),
  name: z
    .string({ error: t.required })
    .trim()
    .normalize("NFC")
    .refine((v) => charCount(v) >= 1 && charCount(v) <= 40, { error: t.nameLength }),
  shop_type: z.enum(["shop", "restaurant"], { error: t.type }),
});
export type OpenShopForm = z.infer<typeof OpenShopForm>;

export const TransferForm = z.object({
  shop: z.coerce.number().int().positive(),
  email: z.string({ error: t.required }).trim().toLowerCase().min(3, { error: t.required }).max(254),
});
