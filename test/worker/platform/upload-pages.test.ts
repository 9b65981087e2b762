import { env } from "cloudflare:test";
import * as build from "virtual:remix-build";
import { encode } from "jpeg-js";
import { describe, expect, it } from "vitest";
import { MAX_TRACKING_FILE_KB } from "~/shared/daily-limits";
import { koDaily } from "~/shared/messages/daily";
import { koRequestErrors } from "~/shared/messages/shop/request-errors";
import { takesUpload } from "~/shared/uploads";
import { handRoutes } from "../../../remix.config.js";
import { BODY_LIMITS } from "../../../functions/request-guard";
import { routePath, uploadPages, windowPages } from "../../../functions/upload-pages";
import { BEAUTY, get } from "../helpers/request";
import { joinNew, login, PASSWORD } from "../helpers/auth";
import { ADDRESS, Shopper } from "../helpers/shopper";

/**
 * Issue 50, item 4 (decision 154): a page whose form carries a file takes posts up to the upload
 * cap, whichever page it is. The pages are found from their sources (a file field in the route's
 * folder or in a component it uses), so a new one that is not marked fails here, and every marked
 * address is sent a file over the small form cap.
 */

const sources = import.meta.glob(["/app/routes/**/*.tsx", "/app/pages/**/*.tsx", "/app/components/**/*.tsx"], {
  query: "?raw",
  import: "default",
  eager: true,
}) as Record<string, string>;

const FILE_FIELD = /type=["{]\s*"?file"?\s*}?|type:\s*"file"/;

/** The component files a source imports ("~/components/…", or "./X" beside a component). */
function importedComponents(path: string, text: string): string[] {
  const found: string[] = [];
  for (const [, spec] of text.matchAll(/from\s+"([^"]+)"/g)) {
    const base = spec!.startsWith("~/components/")
      ? `/app/${spec!.slice(2)}`
      : spec!.startsWith(".")
        ? new URL(spec!, `http://x${path}`).pathname
        : null;
    if (base && sources[`${base}.tsx`] !== undefined) found.push(`${base}.tsx`);
  }
  return found;
}

/** Whether a source, or a component it uses (and so on), draws a file field. */
function drawsFileField(path: string, seen = new Set<string>()): boolean {
  if (seen.has(path)) return false;
  seen.add(path);
  const text = sources[path] ?? "";
  return FILE_FIELD.test(text) || importedComponents(path, text).some((c) => drawsFileField(c, seen));
}

/** The build's id of a page folder ("routes/admin.photos", or a hand route's id). */
function routeId(folder: string): string {
  if (folder.startsWith("routes/")) return folder;
  const hand = handRoutes.find((r) => r.file === `${folder}/route.tsx`);
  if (!hand) throw new Error(`no route for ${folder}`);
  return hand.id;
}

/** Every page folder whose form has a file field. */
function foldersWithFileFields(): string[] {
  const folders = new Set<string>();
  for (const path of Object.keys(sources)) {
    const match = /^\/app\/((?:routes|pages)\/[^/]+)\//.exec(path);
    if (match && drawsFileField(path)) folders.add(match[1]!);
  }
  return [...folders].sort();
}

/** A JPEG of noise: it does not compress, so a small picture is well over 64 KiB. */
function noisyJpeg(side: number): Uint8Array<ArrayBuffer> {
  let seed = 7;
  const data = new Uint8Array(side * side * 4).map((_, i) => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return i % 4 === 3 ? 255 : seed & 0xff;
  });
  return Uint8Array.from(encode({ width: side, height: side, data }, 95).data);
}

const ownerOf = async () => Shopper.signedIn(BEAUTY, await login(BEAUTY, "owner@beauty.example.test", PASSWORD));

describe("pages that take a file (decision 154)", () => {
  const routes = build.routes;
  const marked = uploadPages(routes);

  it("are every page with a file field, under each of its addresses, and only those", () => {
    const folders = foldersWithFileFields();
    // The ones known when this was written are among them: the search itself is working.
    expect(folders).toEqual(
      expect.arrayContaining([
        "routes/_shop.user.info",
        "routes/admin.photos",
        "routes/admin.settings",
        "routes/_shop.myshop.review",
        "routes/admin.tracking-upload",
      ]),
    );
    const expected: string[] = [];
    for (const folder of folders) {
      const route = routes[routeId(folder)];
      expect(route, folder).toBeDefined();
      expect(takesUpload(route!.module.handle), `${folder} has a file field: export handle = UPLOAD_PAGE`).toBe(true);
      // Its second addresses (remix.config.js routeAliases) share its module.
      for (const id of Object.keys(routes)) {
        if (routes[id]!.module === route!.module) expected.push(routePath(routes, id));
      }
    }
    expect(marked.paths).toEqual([...new Set(expected)].sort());
  });

  it("each take a file over the small form cap: the page answers, never the Worker's 413", async () => {
    const owner = await ownerOf();
    const file = new Uint8Array(BODY_LIMITS.form + 32 * 1024);
    expect(file.byteLength).toBeLessThan(BODY_LIMITS.upload);
    const post = (path: string) => {
      const form = new FormData();
      for (const name of ["photo", "image", "logo", "background", "file"]) {
        form.set(name, new File([file], "big.jpg", { type: "image/jpeg" }));
      }
      return owner.fetch(path, { method: "POST", body: form });
    };
    expect(marked.paths.length).toBeGreaterThanOrEqual(5);
    for (const path of marked.paths) {
      expect(path, "a marked page with a parameter needs a sample address here").not.toMatch(/[:*]/);
      const res = await post(path);
      expect(res.status, path).not.toBe(413);
      expect(await res.text(), path).not.toContain(koRequestErrors.bodyTooLarge);
    }
    // Any other page is still held to the form cap: the same post is refused before it is read.
    const other = await post("/user/checkout");
    expect(other.status).toBe(413);
    expect(await other.text()).toContain(koRequestErrors.bodyTooLarge);
  });
});

describe("a review photo over 64 KiB", () => {
  it("is stored with the review written without scripts", async () => {
    const account = await joinNew(BEAUTY, "사진 리뷰");
    const buyer = Shopper.signedIn(BEAUTY, account.cookie);
    await buyer.add([{ pid2: 14, pid3: 1400 }]);
    const id = (await buyer.order([{ pid2: 14, pid3: 1400, qty: 1 }])).data.order_id;
    expect((await buyer.api("/api/myshp/pay/my/order", { id, pay_method: "bank", ...ADDRESS })).status).toBe(200);
    const owner = await ownerOf();
    for (const action of [
      { action: "confirm_payment" },
      { action: "ship", courier: "cj", tracking_no: "601234567890" },
      { action: "deliver" },
    ]) {
      expect((await owner.api("/api/myshp/admin/order/action", { id, ...action })).status).toBe(200);
    }
    const photo = noisyJpeg(200);
    expect(photo.byteLength).toBeGreaterThan(BODY_LIMITS.form);
    const form = new FormData();
    form.set("intent", "save");
    form.set("rating", "5");
    form.set("body", "사진이 큰 리뷰입니다. 색이 사진과 똑같아요.");
    form.set("photo", new File([photo], "리뷰.jpg", { type: "image/jpeg" }));
    const res = await buyer.fetch(`/myshop/review?order=${id}&line=14-1400`, { method: "POST", body: form });
    expect(res.status).toBe(303);
    const stored = await env.DB.prepare(
      `SELECT ph.image FROM review_photos ph JOIN reviews r ON r.id = ph.review_id WHERE r.order_id = ?`,
    )
      .bind(id)
      .all<{ image: string }>();
    expect(stored.results).toHaveLength(1);
    expect(stored.results[0]!.image).toMatch(new RegExp(`^uploads/1/r/${account.uid}/`));
  });
});

describe("a courier's file over 64 KiB", () => {
  it("gets the page's own size message, not the Worker's 413", async () => {
    const owner = await ownerOf();
    const row = "1000001,cj,601234567890\n";
    const csv = row.repeat(Math.ceil((BODY_LIMITS.form + 1024) / row.length));
    const form = new FormData();
    form.set("file", new File([csv], "송장.csv", { type: "text/csv" }));
    const res = await owner.fetch("/admin/tracking-upload", { method: "POST", body: form });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(koDaily.tracking.errors.fileSize(String(MAX_TRACKING_FILE_KB)));
  });
});

/** Every page folder that loads a provider's window code (~/lib/toss-window, ~/lib/portone-window). */
function foldersOpening(module: string): string[] {
  const uses = (path: string, seen = new Set<string>()): boolean => {
    if (seen.has(path)) return false;
    seen.add(path);
    const text = sources[path] ?? "";
    return text.includes(`"~/lib/${module}"`) || importedComponents(path, text).some((c) => uses(c, seen));
  };
  const folders = new Set<string>();
  for (const path of Object.keys(sources)) {
    const match = /^\/app\/((?:routes|pages)\/[^/]+)\//.exec(path);
    if (match && uses(path)) folders.add(match[1]!);
  }
  return [...folders].sort();
}

describe("pages that open a provider's window (issue 53 item 2)", () => {
  const windows = windowPages(build.routes);

  it("are declared beside the page: every page loading a window's code lets that window in", () => {
    const toss = foldersOpening("toss-window");
    const portone = foldersOpening("portone-window");
    expect(toss).toEqual(["routes/_shop.user.order", "routes/smartorder.order_check"]);
    expect(portone).toEqual(["routes/_shop.identity.start"]);
    for (const [folders, kind] of [
      [toss, "toss"],
      [portone, "portone"],
    ] as const) {
      for (const folder of folders) expect(windows.at(routePath(build.routes, routeId(folder))), folder).toBe(kind);
    }
    // A table's every page (the window opens after a move inside the page: decision 165), and no
    // page that opens none.
    for (const path of ["/smartorder", "/smartorder/start", "/smartorder/abc123", "/myorder/order"]) {
      expect(windows.at(path), path).toBe("toss");
    }
    for (const path of ["/", "/user/checkout", "/shop/view/b0014", "/myshop/review", "/admin/payments"]) {
      expect(windows.at(path), path).toBeNull();
    }
  });

  it("have the window in their policy, and other pages not", async () => {
    const tossOrigin = new URL(env.TOSS_SDK_URL!).origin;
    const portoneOrigin = new URL(env.PORTONE_SDK_URL!).origin;
    const cart = (await get(BEAUTY, "/user/checkout")).headers.get("content-security-policy")!;
    expect(cart).not.toContain(tossOrigin);
    expect(cart).not.toContain(portoneOrigin);
    const table = (await get("bistro.localhost", "/smartorder")).headers.get("content-security-policy")!;
    expect(table).toContain(tossOrigin);
    expect(table).not.toContain(portoneOrigin);
  });
});
