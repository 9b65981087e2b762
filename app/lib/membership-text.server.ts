/**
 * Membership words that pages put together on the server and hand to the browser as loader data
 * (a `.server` module, so its catalogue never rides along in those pages' scripts).
 */
import type { ShopInfo } from "~/shared/contracts";
import { koMembershipOrder, koPolicy } from "~/shared/messages/membership";

/** The cart's APPROVE_ONLY error: a member joins this shop's membership, a guest logs in first. */
export function approveOnlyText(member: boolean): { message: string; confirm: string; link: string } {
  const t = koMembershipOrder;
  return member
    ? { message: t.member, confirm: t.memberConfirm, link: t.memberLink }
    : { message: t.guest, confirm: t.guestConfirm, link: t.guestLink };
}

/** /link?type=privacy | terms of a shop. */
export function policyPage(type: "privacy" | "terms", shop: ShopInfo) {
  const operator = koPolicy.operator(shop.corpname, shop.name);
  const contact = shop.help_email ?? shop.email ?? shop.tel;
  return {
    title: type === "terms" ? koPolicy.termsTitle : koPolicy.privacyTitle,
    sections: type === "terms" ? koPolicy.terms(shop.name, operator) : koPolicy.privacy(shop.name, operator),
    contact: contact ? koPolicy.contact(contact) : null,
  };
}
