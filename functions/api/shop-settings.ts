import { koShopSettings } from "~/shared/messages/shop-settings";
import { shopBackgroundPrefix, shopLogoPrefix } from "~/shared/uploads";
import { forgetHost } from "../tenant";
import { apiErrors, type Handlers } from "./context";
import { ApiError } from "./http";

/**
 * The shop's own settings (issue 36 item 4, decision 107): the host shop's owner or a platform
 * admin, always this host's shop. Each save is one section in one batch.
 */
export const shopSettingsHandlers = {
  async adminShopSettings(_input, ctx) {
    const { shop } = await ctx.requireOwner();
    const settings = await ctx.db.shopSettings.read(shop.shopid);
    if (!settings) throw apiErrors.shopNotFound();
    return settings;
  },

  async adminShopSettingsSave({ body }, ctx) {
    const { shop } = await ctx.requireOwner();
    if (body.section === "logo" && body.logo !== null && !body.logo.startsWith(shopLogoPrefix(shop.shopid))) {
      throw new ApiError(400, "BAD_REQUEST", koShopSettings.errors.logoKey, "logo");
    }
    if (
      body.section === "display" &&
      body.bgimg === "own" &&
      !body.bg_key?.startsWith(shopBackgroundPrefix(shop.shopid))
    ) {
      throw new ApiError(400, "BAD_REQUEST", koShopSettings.errors.bgKey, "bgimg");
    }
    const saved = await ctx.db.shopSettings.save(shop.shopid, body);
    if (!saved) throw apiErrors.shopNotFound();
    // This isolate shows the change at once; cached pages follow the bumped content version (decision
    // 077); other isolates' host records expire within SHOP_CACHE_TTL, as a domain change's do (092).
    forgetHost(ctx.url.host);
    forgetHost(ctx.url.hostname);
    return saved;
  },
} satisfies Handlers;
