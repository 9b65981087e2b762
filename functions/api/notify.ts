/** The console's 알림톡 settings (decision 131): the shop's owner (or madmin) only, this shop only. */
import { NOTIFY_KINDS, type NotifyKind } from "~/shared/notify-kinds";
import { SolapiClient } from "../notify/solapi";
import type { Handlers } from "./context";

export const notifyHandlers = {
  async adminNotifySettings(_input, ctx) {
    const { shop } = await ctx.requireOwner();
    const [settings, sends] = await Promise.all([
      ctx.db.notify.settings(shop.shopid),
      ctx.db.notify.latest(shop.shopid),
    ]);
    return {
      available: SolapiClient.configured(ctx.config),
      owner_phone: settings.owner_phone,
      kinds: settings.kinds,
      sends: sends.map((s) => ({
        id: s.id,
        kind: s.kind,
        phone: s.phone,
        status: s.status,
        attempts: s.attempts,
        sent_as: s.sent_as,
        last_error: s.last_error,
        created_at: s.created_at,
      })),
    };
  },

  async adminNotifySettingsSave({ body }, ctx) {
    const { shop } = await ctx.requireOwner();
    const kinds = Object.fromEntries(NOTIFY_KINDS.map((k) => [k, body[k]])) as Record<NotifyKind, boolean>;
    await ctx.db.notify.saveSettings(shop.shopid, { owner_phone: body.owner_phone, kinds }, Date.now());
    return { ok: true as const };
  },
} satisfies Handlers;
