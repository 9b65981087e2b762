/** The console's 알림톡 settings and send record (issue 40 item 4, decision 131). */
import { z } from "zod";
import { NotifySettingsBody } from "../forms/notify";
import { NOTIFY_KINDS } from "../notify-kinds";
import { endpoint, nullableText } from "./core";

export const NotifySend = z.object({
  id: z.number().int(),
  kind: z.enum(NOTIFY_KINDS),
  phone: z.string(),
  status: z.enum(["queued", "sent", "failed"]),
  attempts: z.number().int(),
  sent_as: nullableText,
  last_error: nullableText,
  created_at: z.number(),
});

export const NotifySettings = z.object({
  /** Whether the platform has a messaging provider configured at all. */
  available: z.boolean(),
  owner_phone: nullableText,
  kinds: z.record(z.enum(NOTIFY_KINDS), z.boolean()),
  sends: z.array(NotifySend),
});
export type NotifySettings = z.infer<typeof NotifySettings>;

export const notifyApi = {
  adminNotifySettings: endpoint({
    method: "GET",
    path: "/api/myshp/admin/notify",
    query: z.object({}),
    response: NotifySettings,
  }),
  adminNotifySettingsSave: endpoint({
    method: "POST",
    path: "/api/myshp/admin/notify/save",
    query: z.object({}),
    body: NotifySettingsBody,
    response: z.object({ ok: z.literal(true) }),
  }),
};
