import { koMemberBox } from "~/shared/messages/shop/account";
import { koCommon } from "~/shared/messages/shop/common";
import { koAuth } from "~/shared/messages/auth";
import { escapeHtml, htmlPage, plainPage } from "../pages";

/** A cross-site request that changes something was refused (functions/csrf.ts). */
export const crossSitePage = (requestId: string) => plainPage(403, koAuth.crossSite, koAuth.crossSiteBody, requestId);

/**
 * A logout link followed from another site: nothing happens until the member confirms with a
 * same-origin form post.
 */
export const logoutConfirmPage = (returnTo: string) =>
  htmlPage(
    200,
    koAuth.logoutConfirm,
    `<form method="post" action="/api/user/logout/v2?url=${encodeURIComponent(returnTo)}">
<button type="submit">${escapeHtml(koMemberBox.logout)}</button></form>
<p><a href="${escapeHtml(returnTo)}">${escapeHtml(koCommon.cancel)}</a></p>`,
  );
