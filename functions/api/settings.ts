import { koSettings } from "~/shared/messages/settings";
import { MAX_ADDRESSES } from "~/shared/contracts/settings";
import { hashPassword, sha256Hex, verifyPassword } from "../auth/crypto";
import { clearSessionCookies, isSecureRequest, sessionFromRequest } from "../auth/session";
import type { ApiContext, Handlers } from "./context";
import { ApiError } from "./http";
import { koAuth } from "~/shared/messages/auth";

/**
 * The member's password checked as a login would be (counted first, decision 044): a wrong one
 * is a failed login attempt of the account.
 */
async function checkPassword(ctx: ApiContext, uid: number, password: string): Promise<void> {
  const row = await ctx.db.members.byUid(uid);
  if (!row) throw new ApiError(401, "LOGIN_REQUIRED", koAuth.loginRequired);
  const account = { kind: "login_account", key: row.email } as const;
  const attempt = await ctx.db.throttle.begin([account]);
  if (!attempt) throw new ApiError(429, "TOO_MANY_ATTEMPTS", koAuth.tooManyAttempts);
  if (!(await verifyPassword(password, row.password_hash))) {
    throw new ApiError(400, "WRONG_PASSWORD", koSettings.wrongPassword, "current");
  }
  await attempt.succeeded([account]);
}

/** Account settings at /user/info (issue 10, point 8): all the member's own, on any host. */
export const settingsHandlers = {
  async accountSettings(_input, ctx) {
    const member = await ctx.requireMember();
    const row = await ctx.db.settings.settings(member.uid);
    const hasPassword = row ? row.has_password === 1 : true;
    return {
      // A Kakao/Naver account's address is a sign-in name of ours, not the shopper's: not shown.
      email: hasPassword ? (row?.email ?? "") : null,
      marketing_agreed_at: row?.marketing_agreed_at ?? null,
      has_password: hasPassword,
      phone: row?.phone ?? null,
    };
  },

  async setPhone({ body }, ctx) {
    const member = await ctx.requireMember();
    return { phone: await ctx.db.settings.setPhone(member.uid, body.phone) };
  },

  async changePassword({ body }, ctx) {
    const member = await ctx.requireMember();
    await checkPassword(ctx, member.uid, body.current);
    // The new password, and every other session ended, in one batch; this one stays.
    const session = sessionFromRequest(ctx.request);
    await ctx.db.members.changePassword(
      member.uid,
      await hashPassword(body.password),
      session ? await sha256Hex(session.skey) : null,
    );
    return { ok: true as const };
  },

  async setMarketing({ body }, ctx) {
    const member = await ctx.requireMember();
    return { marketing_agreed_at: await ctx.db.settings.setMarketing(member.uid, body.agree, Date.now()) };
  },

  async addresses(_input, ctx) {
    const member = await ctx.requireMember();
    return ctx.db.settings.addressBook(member.uid);
  },

  async addAddress({ body }, ctx) {
    const member = await ctx.requireMember();
    const { is_default, ...fields } = body;
    const added = await ctx.db.settings.addAddress(member.uid, { ...fields, is_default }, Date.now());
    if (!added) throw new ApiError(409, "TOO_MANY_ADDRESSES", koSettings.addressesFull(MAX_ADDRESSES));
    return added;
  },

  async changeAddress({ body }, ctx) {
    const member = await ctx.requireMember();
    const done =
      body.action === "default"
        ? await ctx.db.settings.makeDefault(member.uid, body.id)
        : await ctx.db.settings.removeAddress(member.uid, body.id);
    // Someone else's address, or none: the same answer.
    if (!done) throw new ApiError(404, "ADDRESS_NOT_FOUND", koSettings.addressNotFound);
    return { ok: true as const };
  },

  async withdraw({ body }, ctx) {
    const member = await ctx.requireMember();
    const account = await ctx.db.settings.settings(member.uid);
    // Without a password the session is the only credential there is (decision 115).
    const passwordless = account?.has_password === 0;
    if (!passwordless && !body.password) throw new ApiError(400, "PASSWORD_REQUIRED", koAuth.required, "password");
    const check = passwordless ? Promise.resolve() : checkPassword(ctx, member.uid, body.password);
    await check.catch((error: unknown) => {
      // The withdrawal form's field is `password`.
      if (error instanceof ApiError && error.code === "WRONG_PASSWORD") {
        throw new ApiError(400, "WRONG_PASSWORD", koSettings.wrongPassword, "password");
      }
      throw error;
    });
    const blocker = await ctx.db.settings.withdrawBlocker(member.uid);
    if (blocker) {
      const message = blocker === "owner" ? koSettings.withdrawOwner : koSettings.withdrawBusy;
      throw new ApiError(409, blocker === "owner" ? "SHOP_OWNER" : "ORDERS_IN_PROGRESS", message);
    }
    if (!(await ctx.db.settings.withdraw(member.uid, Date.now()))) {
      throw new ApiError(409, "ORDERS_IN_PROGRESS", koSettings.withdrawBusy);
    }
    for (const c of clearSessionCookies(isSecureRequest(ctx.request))) ctx.responseHeaders.append("set-cookie", c);
    return { ok: true as const };
  },
} satisfies Handlers;
