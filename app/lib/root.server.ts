/**
 * The root route's data: the shop, its theme, the session and the page-wide settings every page reads
 * (useRootData). Server-only, so none of it is in the browser's root chunk.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { themeStyle } from "./theme";
import { sessionState } from "./session";
import { requestPreferences } from "~/shared/preferences";
import { trackingIds } from "~/shared/tracking";
import { koIe } from "~/shared/messages/shop/ie";

export async function rootData(context: AppLoadContext, request: Request) {
  // Not its content version, which the browser has no use for: it moves with any change to any of
  // the shop's pages (another shopper's order moves a stock count), and changed props make the
  // frame's waiting parts (the footer, the menu) load their scripts at the next revalidation.
  const { content_version: _version, ...shop } = context.shop;
  const preferences = requestPreferences(request);
  return {
    shop,
    // The theme's custom properties, ready for <html style>: the browser never computes them.
    theme: themeStyle(context.shop, context.storageUrl),
    storageUrl: context.storageUrl,
    session: sessionState(context.member, context.shop, context.config.SHOP_ADMIN_URL),
    /** 우편번호 찾기 on address forms, or null when addresses are typed by hand only. */
    postcode: context.config.POSTCODE_PROVIDER === "off" ? null : context.config.POSTCODE_PROVIDER,
    /** The shop's valid ad and analytics tag ids, or null: then no tag and no consent bar. */
    tracking: trackingIds(context.shop),
    /** Whether it is Internet Explorer, the consent bar's answer, whether they save data, a crawler. */
    ...preferences,
    // The banner's words come with the data, and only to Internet Explorer: in the frame's script
    // they were 160 bytes every other browser downloaded for nothing (issue 39's budget).
    ieBanner: preferences.isIE ? koIe : null,
  };
}
