/**
 * The platform's own host (`{PLATFORM_DOMAIN}` and `www.`; decision 108): a landing page, log-in
 * and sign-up for this host, "내 상점 만들기", the hand-over of the login to a new shop's host,
 * and the platform admin's shop desk. Every change is a plain form post; the forgery guard in
 * worker.ts has already turned away other origins.
 */
import type { z } from "zod";
import { JoinForm, LoginForm } from "~/shared/forms/auth";
import { OpenShopForm, TransferForm } from "~/shared/forms/open-shop";
import { addressCandidates } from "~/shared/forms/shop-address";
import { koPlatform as t } from "~/shared/messages/platform";
import { safeReturnPath } from "~/shared/return-path";
import type { Config, RequestEnv } from "../env";
import type { Log } from "../log";
import { createApiContext, type ApiContext } from "../api/context";
import { authHandlers } from "../api/auth";
import { ApiError } from "../api/http";
import { clientKey } from "../auth/throttle";
import { randomToken, sha256Hex } from "../auth/crypto";
import { endSession, nowSeconds } from "../auth/session";
import { LOGIN_CODE_SECONDS } from "../api/auth";
import { requestHost, shopOrigin } from "../host";
import { forgetHost } from "../tenant";
import { PLATFORM_PAGE_SIZE } from "../db/platform-shops";
import { koPlatformReviews } from "~/shared/messages/platform-reviews";
import { reportedReviewsAction, reportedReviewsPage } from "./reviews";
import {
  check,
  escape as e,
  formError,
  hidden,
  input,
  platformPage,
  type FieldErrors,
  type Values,
  type Viewer,
} from "./view";

function redirect(location: string, cookies: string[] = []): Response {
  const headers = new Headers({ location, "cache-control": "no-store", "referrer-policy": "no-referrer" });
  for (const c of cookies) headers.append("set-cookie", c);
  return new Response(null, { status: 303, headers });
}

function fieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    out[key] ??= issue.message;
  }
  return out;
}

async function formValues(request: Request): Promise<Values> {
  const form = await request.formData();
  const out: Values = {};
  for (const [k, v] of form) if (typeof v === "string") out[k] = v;
  return out;
}

const notFound = (viewer: Viewer) =>
  platformPage(404, t.errors.notFound, `<h1>${e(t.errors.notFound)}</h1><p><a href="/">${e(t.brand)}</a></p>`, viewer);

export async function handlePlatform(request: Request, env: RequestEnv, config: Config, log: Log): Promise<Response> {
  const ctx = createApiContext(env, config, request, null, undefined, null, log);
  const url = ctx.url;
  const member = await ctx.member();
  const viewer: Viewer = member ? { name: member.name } : null;
  const post = request.method === "POST";
  switch (url.pathname) {
    case "/":
      return landing(ctx, viewer, member?.uid ?? null);
    case "/login":
      return post ? login(ctx, viewer) : loginPage(viewer, { url: url.searchParams.get("url") ?? "" }, {});
    case "/join":
      return post ? join(ctx, viewer) : joinPage(viewer, { url: url.searchParams.get("url") ?? "" }, {});
    case "/logout":
      return post ? redirect("/", await endSession(ctx.db.sessions, request)) : redirect("/");
    case "/open":
      // A guest is most likely new: sign-up first, with log-in one link away (issue 52 item 3).
      if (!member) return redirect(`/join?url=${encodeURIComponent("/open")}`);
      return post ? open(ctx, viewer, member.uid) : await openPage(ctx, viewer, { shop_type: "shop" }, {});
    case "/carry":
      return carry(ctx);
    case "/madmin":
      // Only a platform admin learns this page exists.
      if (!member?.admin) return notFound(viewer);
      return post ? adminAction(ctx, viewer) : adminPage(ctx, viewer, {});
    case "/madmin/reviews":
      if (!member?.admin) return notFound(viewer);
      return post ? reportedReviewsAction(ctx, viewer) : reportedReviewsPage(ctx, viewer);
    default:
      return notFound(viewer);
  }
}

// ---------------------------------------------------------------------------------------------

async function landing(ctx: ApiContext, viewer: Viewer, uid: number | null): Promise<Response> {
  const shops = uid === null ? [] : await ctx.db.platformShops.ownedBy(uid);
  const list = shops.length
    ? `<h2>${e(t.myShops)}</h2><ul class="shops">${shops
        .map((s) => {
          const origin = shopOrigin({ dom: s.dom, dom3: null }, ctx.config.PLATFORM_DOMAIN, ctx.url);
          return `<li><strong>${e(s.name)}</strong><span><a href="${e(origin)}/">${e(t.toShop)}</a> · <a href="${e(origin)}/admin">${e(t.toConsole)}</a></span></li>`;
        })
        .join("")}</ul>`
    : "";
  const body = `<h1>${e(t.landingTitle)}</h1><p>${e(t.landingBody)}</p>
<p><a class="cta" href="/open">${e(t.openCta)}</a></p>${list}`;
  return platformPage(200, t.landingTitle, body, viewer, { index: true });
}

/** The return address of the log-in and sign-up forms, as a query ("" when none). */
const carried = (values: Values) => (values.url ? `?url=${encodeURIComponent(values.url)}` : "");
/** Whether a form leads on to 내 상점 만들기. */
const toOpen = (values: Values) => safeReturnPath(values.url, "") === "/open";

function loginPage(viewer: Viewer, values: Values, errors: FieldErrors, status = 200): Response {
  const lead = toOpen(values) ? `<p>${e(t.loginToOpen)}</p>` : "";
  const body = `<h1>${e(t.login)}</h1>${lead}<form class="card" method="post" action="/login" novalidate>
${formError(errors)}${hidden("url", values.url ?? "")}
${input(t.email, "email", "email", values, errors, 'autocomplete="email" required')}
${input(t.password, "password", "password", values, errors, 'autocomplete="current-password" required')}
${check(t.keep, "keep", values, errors)}
<button>${e(t.login)}</button></form>
<p>${e(t.noAccount)} <a href="/join${carried(values)}">${e(t.join)}</a></p>`;
  return platformPage(status, t.login, body, viewer);
}

function joinPage(viewer: Viewer, values: Values, errors: FieldErrors, status = 200): Response {
  // Before the form: one who already has an account reads where to log in first.
  const lead = toOpen(values)
    ? `<p>${e(t.joinToOpen)}</p><p>${e(t.haveAccount)} <a href="/login${carried(values)}">${e(t.login)}</a></p>`
    : "";
  const body = `<h1>${e(t.join)}</h1>${lead}<form class="card" method="post" action="/join" novalidate>
${formError(errors)}${hidden("url", values.url ?? "")}
${input(t.email, "email", "email", values, errors, 'autocomplete="email" required')}
${input(t.name, "name", "text", values, errors, 'autocomplete="name" required')}
${input(t.password, "password", "password", values, errors, 'autocomplete="new-password" required')}
${input(t.passwordConfirm, "password2", "password", values, errors, 'autocomplete="new-password" required')}
${check(t.agreeTerms, "agree_terms", values, errors)}
${check(t.agreePrivacy, "agree_privacy", values, errors)}
${check(t.agreeAge, "agree_age", values, errors)}
${check(t.agreeMarketing, "agree_marketing", values, errors)}
<button>${e(t.join)}</button></form>
<p>${e(t.haveAccount)} <a href="/login${carried(values)}">${e(t.login)}</a></p>`;
  return platformPage(status, t.join, body, viewer);
}

/** The API's own log-in and sign-up (throttles, lockout, session on this host) behind the forms. */
async function viaApi(
  ctx: ApiContext,
  run: () => Promise<unknown>,
): Promise<{ cookies: string[] } | { error: ApiError }> {
  try {
    await run();
    return { cookies: ctx.responseHeaders.getSetCookie() };
  } catch (error) {
    if (error instanceof ApiError) return { error };
    throw error;
  }
}

async function login(ctx: ApiContext, viewer: Viewer): Promise<Response> {
  const values = await formValues(ctx.request);
  const parsed = LoginForm.safeParse(values);
  if (!parsed.success) return loginPage(viewer, values, fieldErrors(parsed.error), 400);
  const { email, password, keep } = parsed.data;
  const result = await viaApi(ctx, () => authHandlers.login!({ query: {}, body: { email, password, keep } }, ctx));
  if ("error" in result) return loginPage(viewer, values, { form: result.error.message }, result.error.status);
  return redirect(safeReturnPath(parsed.data.url), result.cookies);
}

async function join(ctx: ApiContext, viewer: Viewer): Promise<Response> {
  const values = await formValues(ctx.request);
  const parsed = JoinForm.safeParse(values);
  if (!parsed.success) return joinPage(viewer, values, fieldErrors(parsed.error), 400);
  const { email, password, name, agree_marketing } = parsed.data;
  const body = {
    email,
    password,
    name,
    keep: false,
    agree_terms: true,
    agree_privacy: true,
    agree_age: true,
    agree_marketing,
  };
  const result = await viaApi(ctx, () => authHandlers.join!({ query: {}, body }, ctx));
  if ("error" in result) {
    const where = result.error.code === "EMAIL_TAKEN" ? "email" : "form";
    return joinPage(viewer, values, { [where]: result.error.message }, result.error.status);
  }
  return redirect(safeReturnPath(parsed.data.url, "/open"), result.cookies);
}

// ---------------------------------------------------------------------------------------------
// 내 상점 만들기

/** How many free addresses the form offers beside a refused one. */
const SUGGESTIONS = 3;

/**
 * Free addresses for a refused one (issue 52 item 3): what was typed romanised and made valid
 * (Korean becomes its Revised Romanization), or the shop's name when no address was typed; then
 * the same with a word or number added. None when nothing typed gives one.
 */
async function suggestions(ctx: ApiContext, values: Values): Promise<string[]> {
  const typed = (values.dom ?? "").trim() || (values.name ?? "").trim();
  const candidates = addressCandidates(typed.slice(0, 100)).filter((d) => d !== (values.dom ?? "").trim());
  return (await ctx.db.platformShops.freeOf(candidates)).slice(0, SUGGESTIONS);
}

async function openPage(
  ctx: ApiContext,
  viewer: Viewer,
  values: Values,
  errors: FieldErrors,
  status = 200,
): Promise<Response> {
  const suffix = `.${ctx.config.PLATFORM_DOMAIN}`;
  // Each is a submit of the whole form with that address (pick): one tap, scripts or not.
  const offered = errors.dom ? await suggestions(ctx, values) : [];
  const offer = offered.length
    ? `<div class="suggest" data-testid="dom-suggestions"><p class="hint">${e(t.suggestLead)}</p>${offered
        .map(
          (d) => `<button class="pick" name="pick" value="${e(d)}" aria-label="${e(t.suggestUse(d))}">${e(d)}</button>`,
        )
        .join("")}</div>`
    : "";
  const type = values.shop_type;
  const radio = (value: string, label: string) =>
    `<label class="check"><input type="radio" name="shop_type" value="${value}"${type === value ? " checked" : ""}>${e(label)}</label>`;
  const body = `<h1>${e(t.openTitle)}</h1><p>${e(t.openLead)}</p>
<form class="card" method="post" action="/open" novalidate><button class="submit">${e(t.openSubmit)}</button>${formError(errors)}
<label for="dom">${e(t.dom)}</label><span class="dom"><input type="text" id="dom" name="dom" value="${e(values.dom ?? "")}" autocapitalize="none" spellcheck="false" required maxlength="20" aria-describedby="dom-hint${errors.dom ? " dom-error" : ""}"${errors.dom ? ' aria-invalid="true"' : ""}><span>${e(suffix)}</span></span>
<p class="hint" id="dom-hint">${e(t.domHint)}</p>${errors.dom ? `<p class="err" id="dom-error" role="alert">${e(errors.dom)}</p>` : ""}${offer}
${input(t.shopName, "name", "text", values, errors, 'required maxlength="40"')}
<fieldset><legend>${e(t.shopType)}</legend>${radio("shop", t.typeShop)}${radio("restaurant", t.typeRestaurant)}</fieldset>
${errors.shop_type ? `<p class="err" role="alert">${e(errors.shop_type)}</p>` : ""}</form>`;
  return platformPage(status, t.openTitle, body, viewer);
}

async function open(ctx: ApiContext, viewer: Viewer, uid: number): Promise<Response> {
  const values = await formValues(ctx.request);
  // A suggestion tapped: its address replaces the typed one.
  if (values.pick) values.dom = values.pick;
  delete values.pick;
  const parsed = OpenShopForm.safeParse(values);
  if (!parsed.success) return await openPage(ctx, viewer, values, fieldErrors(parsed.error), 400);
  const { dom, name, shop_type } = parsed.data;
  const store = ctx.db.platformShops;
  if (await store.domTaken(dom)) return await openPage(ctx, viewer, values, { dom: t.errors.domTaken }, 409);
  // Counted before the shop is made: of many posts at once only the limit's worth go on.
  const attempt = await ctx.db.throttle.begin([
    { kind: "open_account", key: String(uid) },
    { kind: "open_client", key: clientKey(ctx.request) },
  ]);
  if (!attempt) return await openPage(ctx, viewer, values, { form: t.errors.tooManyOpens }, 429);
  const id = await store.open({ dom, name, type: shop_type, owner: uid, notice: t.starterNotice });
  if (id === null) return await openPage(ctx, viewer, values, { dom: t.errors.domTaken }, 409);
  ctx.log.note({ opened: id });
  // A host that was asked before it existed may be kept as "no shop" in this isolate.
  forgetHost(`${dom}.${ctx.config.PLATFORM_DOMAIN}`);
  // Sessions belong to one host: the new shop's host asks this one for a login code (carry below).
  const origin = shopOrigin({ dom, dom3: null }, ctx.config.PLATFORM_DOMAIN, ctx.url);
  const via = requestHost(ctx.request)?.startsWith("www.") ? "www" : "bare";
  return redirect(`${origin}/api/user/login/redirect?${new URLSearchParams({ url: "/admin", via })}`);
}

/**
 * GET /carry?dom=&url=&state=&keep= — asked by a shop's sub-domain for a member logged in here
 * (decision 108, as 014 does for custom domains): a one-minute, single-use code bound to that
 * host and the browser's state cookie there. Only a shop's own sub-domain is ever a target.
 */
async function carry(ctx: ApiContext): Promise<Response> {
  const q = ctx.url.searchParams;
  const dom = (q.get("dom") ?? "").toLowerCase();
  const state = q.get("state") ?? "";
  const keep = q.get("keep") === "1";
  const returnTo = safeReturnPath(q.get("url") ?? undefined);
  const shop = /^[a-z0-9-]{1,63}$/.test(dom) ? await ctx.db.shops.byDomain(dom) : null;
  if (!shop || state.length < 16 || state.length > 100) return redirect("/");
  const member = await ctx.member();
  if (!member) return redirect(`/login?url=${encodeURIComponent(ctx.url.pathname + ctx.url.search)}`);
  const host = `${shop.dom}.${ctx.config.PLATFORM_DOMAIN}`.toLowerCase();
  const code = randomToken(16);
  const now = nowSeconds();
  await ctx.db.loginCodes.create({
    codeHash: await sha256Hex(code),
    uid: member.uid,
    host,
    stateHash: await sha256Hex(state),
    keep,
    now,
    expiresAt: now + LOGIN_CODE_SECONDS,
  });
  const origin = shopOrigin({ dom: shop.dom, dom3: null }, ctx.config.PLATFORM_DOMAIN, ctx.url);
  const params = new URLSearchParams({ code, url: returnTo, keep: keep ? "1" : "0" });
  return redirect(`${origin}/api/user/login/redirect?${params}`);
}

// ---------------------------------------------------------------------------------------------
// The platform admin's desk

async function adminPage(
  ctx: ApiContext,
  viewer: Viewer,
  errors: FieldErrors,
  status = 200,
  values: Values = {},
): Promise<Response> {
  const q = (ctx.url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const page = Math.min(10_000, Math.max(1, Number.parseInt(ctx.url.searchParams.get("page") ?? "1", 10) || 1));
  const { rows, total } = await ctx.db.platformShops.list(q, page);
  const pages = Math.max(1, Math.ceil(total / PLATFORM_PAGE_SIZE));
  const back = `?${new URLSearchParams({ q, page: String(page) })}`;
  const action = `/madmin${back}`;
  const done = ctx.url.searchParams.get("done") === "1" ? `<p class="ok" role="status">${e(t.done)}</p>` : "";
  const rowsHtml = rows
    .map((r) => {
      const origin = shopOrigin({ dom: r.dom, dom3: null }, ctx.config.PLATFORM_DOMAIN, ctx.url);
      const suspended = r.suspended_at !== null;
      const key = `email-${r.id}`;
      const err = errors[key] ? `<p class="err" id="${key}-error" role="alert">${e(errors[key])}</p>` : "";
      return `<tr data-shop="${e(r.dom)}"><td><a href="${e(origin)}/">${e(r.name)}</a><br><small>${e(r.dom)}</small></td>
<td>${e(r.owner_email ?? String(r.owner))}</td><td>${e(suspended ? t.stateSuspended : t.stateOpen)}</td>
<td><form method="post" action="${e(action)}">${hidden("shop", String(r.id))}${hidden("do", suspended ? "restore" : "suspend")}<button>${e(suspended ? t.restore : t.suspend)}</button></form>
<form method="post" action="${e(action)}">${hidden("shop", String(r.id))}${hidden("do", "transfer")}<label>${e(t.transferTo)}<input type="email" name="email" value="${e(values.shop === String(r.id) ? (values.email ?? "") : "")}"${err ? ` aria-invalid="true" aria-describedby="${key}-error"` : ""}></label><button>${e(t.transfer)}</button></form>${err}</td></tr>`;
    })
    .join("");
  const link = (p: number, label: string) =>
    `<a href="/madmin?${new URLSearchParams({ q, page: String(p) })}">${e(label)}</a>`;
  const pager = `<nav class="pager">${page > 1 ? link(page - 1, t.prev) : ""}<span>${e(t.pageOf(page, pages))}</span>${page < pages ? link(page + 1, t.next) : ""}</nav>`;
  const body = `<h1>${e(t.adminTitle)}</h1><p><a href="/madmin/reviews">${e(koPlatformReviews.link)}</a></p>${done}${formError(errors)}
<form method="get" action="/madmin" role="search"><label>${e(t.search)}<input type="search" name="q" value="${e(q)}" placeholder="${e(t.searchPlaceholder)}"></label> <button>${e(t.search)}</button></form>
${rows.length ? `<table><thead><tr><th>${e(t.colShop)}</th><th>${e(t.colOwner)}</th><th>${e(t.colState)}</th><th></th></tr></thead><tbody>${rowsHtml}</tbody></table>${pager}` : `<p>${e(t.noShops)}</p>`}`;
  return platformPage(status, t.adminTitle, body, viewer);
}

async function adminAction(ctx: ApiContext, viewer: Viewer): Promise<Response> {
  const values = await formValues(ctx.request);
  const id = Number.parseInt(values.shop ?? "", 10);
  const shop = Number.isSafeInteger(id) && id > 0 ? await ctx.db.shops.byId(id) : null;
  if (!shop) return adminPage(ctx, viewer, { form: t.shopGone }, 404);
  const store = ctx.db.platformShops;
  const back = new URLSearchParams(ctx.url.search);
  back.set("done", "1");
  if (values.do === "suspend" || values.do === "restore") {
    await store.setSuspended(shop.id, values.do === "suspend", nowSeconds());
    // This isolate sees it at once; others within SHOP_CACHE_TTL, or at once for pages kept at the edge.
    forgetHost(`${shop.dom}.${ctx.config.PLATFORM_DOMAIN}`.toLowerCase());
    if (shop.dom3) forgetHost(shop.dom3.toLowerCase());
    return redirect(`/madmin?${back}`);
  }
  if (values.do === "transfer") {
    const parsed = TransferForm.safeParse(values);
    const key = `email-${shop.id}`;
    if (!parsed.success) return adminPage(ctx, viewer, { [key]: t.transferUnknown }, 400, values);
    const result = await store.transfer(shop.id, parsed.data.email);
    if (result === "unknown") return adminPage(ctx, viewer, { [key]: t.transferUnknown }, 400, values);
    if (result === "same") return adminPage(ctx, viewer, { [key]: t.transferSame }, 400, values);
    if (result === null) return adminPage(ctx, viewer, { form: t.shopGone }, 404);
    forgetHost(`${shop.dom}.${ctx.config.PLATFORM_DOMAIN}`.toLowerCase());
    if (shop.dom3) forgetHost(shop.dom3.toLowerCase());
    return redirect(`/madmin?${back}`);
  }
  return adminPage(ctx, viewer, { form: t.shopGone }, 400);
}
