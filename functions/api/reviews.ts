import { koReviews } from "~/shared/messages/reviews";
import { reviewPhotoPrefix } from "~/shared/reviews";
import { rewardFor, type LineKey } from "../db/reviews";
import { apiErrors, type Handlers } from "./context";
import { ApiError } from "./http";

const t = koReviews.errors;
const PAGE_SIZE = 20;

const notYours = () => new ApiError(404, "REVIEW_NOT_FOUND", t.notYours);

/**
 * Reviews (decision 117). The buyer's doors check the line is theirs in the host's shop and repeat
 * the eligibility rule in the write's own batch; the owner's doors reach only the host shop's
 * reviews and can reply or report, never delete or hide; only a platform admin blinds.
 */
export const reviewHandlers = {
  async productReviews({ query }, ctx) {
    const shop = ctx.requireHostShop();
    const size = query.size;
    const found = await ctx.db.reviews.ofProduct(shop.shopid, query.product_id, {
      sort: query.sort,
      photo: query.photo === "1",
      star: query.star ?? null,
      limit: size,
      offset: (query.page - 1) * size,
      strip: query.strip === "1",
    });
    if (!found) throw new ApiError(404, "NOT_FOUND", t.noProduct);
    return { ...found, page: query.page, pages: Math.max(1, Math.ceil(found.total / size)) };
  },

  async reviewTarget({ query }, ctx) {
    const shop = ctx.requireHostShop();
    const member = await ctx.requireMember();
    ctx.responseHeaders.set("cache-control", "private, no-store");
    const key: LineKey = {
      orderId: query.order_id,
      productId: query.product_id,
      optionId: query.option_id,
      extras: query.extras,
    };
    const line = await ctx.db.reviews.line(shop.shopid, member.uid, key);
    if (!line) throw new ApiError(404, "REVIEW_NOT_ALLOWED", t.refusal.not_found);
    const written = (await ctx.db.reviews.ofLine(shop.shopid, member.uid, key)).find((r) => r.kind === query.kind);
    const now = Date.now();
    const [settings, isMember, photos] = await Promise.all([
      ctx.db.reviews.settings(shop.shopid),
      ctx.db.shopMembers.isMember(shop.shopid, member.uid),
      written ? ctx.db.reviews.photos(written.id) : Promise.resolve([]),
    ]);
    const refusal = written ? null : await ctx.db.reviews.refusal(shop.shopid, member.uid, key, query.kind, now);
    return {
      line: {
        order_id: line.order_id,
        product_id: line.product_id,
        option_id: line.option_id,
        extras: line.extras,
        name: line.name,
        opt_name: line.opt_name,
        image: line.image,
      },
      kind: query.kind,
      refusal,
      review: written
        ? {
            id: written.id,
            rating: written.rating,
            body: written.body,
            is_repurchase: written.is_repurchase === 1,
            reward_points: written.reward_points,
            status: written.status,
            blind_reason: written.status === "BLINDED" ? written.blind_reason : null,
            photos,
          }
        : null,
      terms: {
        text: settings?.text ?? 0,
        photo: settings?.photo ?? 0,
        month: settings?.month ?? 0,
        min_length: settings?.minLength ?? 0,
        point: settings?.point ?? false,
      },
      member: isMember,
    };
  },

  async reviewSave({ body }, ctx) {
    const shop = ctx.requireHostShop();
    const member = await ctx.requireMember();
    ctx.responseHeaders.set("cache-control", "private, no-store");
    // Only pictures stored under this shop's review prefix for this member: no other file is shown.
    const prefix = reviewPhotoPrefix(shop.shopid, member.uid);
    if (body.photos.some((p) => !p.startsWith(prefix) || p.includes(".."))) {
      throw new ApiError(400, "BAD_REQUEST", t.photoType, "photos");
    }
    const now = Date.now();
    const fields = { rating: body.rating, body: body.body, repurchase: body.repurchase, photos: body.photos };
    if (body.id) {
      const changed = await ctx.db.reviews.update(shop.shopid, member.uid, body.id, fields, now);
      if (!changed) throw notYours();
      return { id: body.id, reward: 0, member: true };
    }
    const key: LineKey = {
      orderId: body.order_id,
      productId: body.product_id,
      optionId: body.option_id,
      extras: body.extras,
    };
    const refusal = await ctx.db.reviews.refusal(shop.shopid, member.uid, key, body.kind, now);
    if (refusal) throw new ApiError(refusal === "not_found" ? 404 : 409, "REVIEW_NOT_ALLOWED", t.refusal[refusal]);
    const [settings, isMember] = await Promise.all([
      ctx.db.reviews.settings(shop.shopid),
      ctx.db.shopMembers.isMember(shop.shopid, member.uid),
    ]);
    if (!settings) throw apiErrors.shopNotFound();
    const reward = rewardFor(settings, body.kind, body.photos.length > 0, [...body.body].length);
    const made = await ctx.db.reviews.create(shop.shopid, member.uid, key, { ...fields, kind: body.kind, reward }, now);
    // Another request wrote first, or the order moved on between the check and the batch.
    if (!made) throw new ApiError(409, "REVIEW_NOT_ALLOWED", t.refusal.exists);
    return { id: made.id, reward: made.reward, member: isMember };
  },

  async reviewDelete({ body }, ctx) {
    const shop = ctx.requireHostShop();
    const member = await ctx.requireMember();
    ctx.responseHeaders.set("cache-control", "private, no-store");
    if (!(await ctx.db.reviews.remove(shop.shopid, member.uid, body.id, Date.now()))) throw notYours();
    return { ok: true as const };
  },

  async reviewHelpful({ body }, ctx) {
    const shop = ctx.requireHostShop();
    const member = await ctx.requireMember();
    ctx.responseHeaders.set("cache-control", "private, no-store");
    // Only a review this host's pages show: a vote sent on one shop's host for a review only
    // another shop lists would move that shop's 추천순 from outside it.
    const count = await ctx.db.reviews.helpful(shop.shopid, body.id, member.uid, Date.now());
    if (count === null) throw new ApiError(404, "REVIEW_NOT_FOUND", t.helpfulNotHere);
    return { helpful_count: count };
  },

  async adminReviews({ query }, ctx) {
    const { shop } = await ctx.requireOwner();
    ctx.responseHeaders.set("cache-control", "private, no-store");
    const reviews = await ctx.db.reviews.ofShop(shop.shopid, {
      limit: PAGE_SIZE,
      offset: (query.page - 1) * PAGE_SIZE,
    });
    return { reviews, page: query.page };
  },

  async adminReviewReply({ body }, ctx) {
    const { shop, member } = await ctx.requireOwner();
    if (!(await ctx.db.reviews.reply(shop.shopid, member.uid, body.id, body.body, Date.now()))) throw notYours();
    return { ok: true as const };
  },

  async adminReviewReport({ body }, ctx) {
    const { shop, member } = await ctx.requireOwner();
    const done = await ctx.db.reviews.report(
      shop.shopid,
      member.uid,
      body.id,
      body.reason,
      body.note ?? null,
      Date.now(),
    );
    if (!done) throw notYours();
    return { ok: true as const };
  },

  async platformReviewBlind({ body }, ctx) {
    const member = await ctx.requireMember();
    if (!member.admin) throw new ApiError(403, "NOT_PLATFORM_ADMIN", t.notAdmin);
    if (!(await ctx.db.reviews.blind(body.id, body.reason, Date.now()))) throw notYours();
    return { ok: true as const };
  },
} satisfies Handlers;
