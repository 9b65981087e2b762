import { shopOwnerUid } from "~/shared/shop-owner";
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { Member } from "../../functions/auth/member";
import { requireMember } from "./auth.server";

/**
 * The console's door: a guest logs in first; a member who neither owns this shop (user id = shop
 * uid) nor is a platform admin gets the plain 404 page, as if there were no console. The API
 * checks the same again on every call (`requireOwner`).
 */
export function requireShopOwner(request: Request, context: AppLoadContext): Member {
  const member = requireMember(request, context);
  if (member.uid !== shopOwnerUid(context.shop) && !member.admin) throw new Response(null, { status: 404 });
  return member;
}
