/** The platform's "내 상점 만들기" form (decision 108): one schema, checked on the server. */
import * as z from "zod";
import { koPlatform } from "~/shared/messages/platform";
import { charCount } from "./text";
import { DOM_PATTERN, hasDoubleHyphen, looksLikeReserved, RESERVED_DOMS } from "./shop-address";

const t = koPlatform.errors;

export const OpenShopForm = z.object({
  dom: z
    .string({ error: t.required })
    .trim()
    .toLowerCase()
    .min(1, { error: t.required })
    .regex(DOM_PATTERN, { error: t.domFormat })
    .refine((v) => !RESERVED_DOMS.has(v), { error: t.domReserved })
    .refine((v) => !hasDoubleHyphen(v), { error: t.domDoubleHyphen })
    .refine((v) => !looksLikeReserved(v), { error: t.domLookalike }),
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
