/** The console's 알림톡 settings form (decision 131): the owner's number and the six switches. */
import * as z from "zod";
import { koNotify } from "../messages/notify";
import { NOTIFY_KINDS, type NotifyKind } from "../notify-kinds";
import { mobileDigits } from "../phone";
import { checkbox } from "./checkbox";

const switches = Object.fromEntries(NOTIFY_KINDS.map((k) => [k, checkbox.default(false)])) as Record<
  NotifyKind,
  z.ZodDefault<typeof checkbox>
>;

export const NotifySettingsBody = z.object({
  /** Empty: no messages to the owner. Stored as digits. */
  owner_phone: z
    .string()
    .max(20, { error: koNotify.phoneInvalid })
    .nullable()
    .default("")
    .transform((v) => (v ?? "").trim())
    .refine((v) => v === "" || mobileDigits(v) !== null, { error: koNotify.phoneInvalid })
    .transform((v) => (v === "" ? null : mobileDigits(v))),
  ...switches,
});
export type NotifySettingsBody = z.output<typeof NotifySettingsBody>;
