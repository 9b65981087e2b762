import { env } from "cloudflare:test";
import { get } from "./request";

/** Whether a cookie of `cookiePath` goes with a request for `path` (RFC 6265 §5.1.4). */
export function pathMatches(cookiePath: string, path: string): boolean {
  if (path === cookiePath) return true;
  return path.startsWith(cookiePath) && (cookiePath.endsWith("/") || path[cookiePath.length] === "/");
}

/** A browser on one shop host: keeps the cookies the Worker sets, sends them back where they go. */
export class Shopper {
  readonly cookies = new Map<string, string>();
  /**
   * The paths a cookie was set for, when the Worker scoped it (decision 157's known-device cookies
   * go to two); none kept means "/". One value per name: the Worker sets the same on each path.
   */
  private readonly paths = new Map<string, Set<string>>();

  /** The client address Cloudflare would report (cf-connecting-ip), when a test needs one. */
  ip: string | undefined;

  constructor(readonly host: string) {}

  /** A browser carrying a member's session cookies (a `login`/`joinNew` cookie header). */
  static signedIn(host: string, cookieHeader: string): Shopper {
    const browser = new Shopper(host);
    for (const part of cookieHeader.split("; ")) {
      const at = part.indexOf("=");
      browser.cookies.set(part.slice(0, at), part.slice(at + 1));
    }
    return browser;
  }

  /** The cookies sent with every request of the host (those scoped to a path left out). */
  get cookie(): string {
    return this.cookieFor("/");
  }

  /** The cookies a browser sends with a request for `path`. */
  cookieFor(path: string): string {
    return [...this.cookies]
      .filter(([k]) => [...(this.paths.get(k) ?? ["/"])].some((p) => pathMatches(p, path)))
      .map(([k, v]) => `${k}=${v}`)
      .join("; ");
  }

  get device(): string | undefined {
    return this.cookies.get("uuid_value");
  }

  private absorb(res: Response): Response {
    for (const header of res.headers.getSetCookie()) {
      const [pair] = header.split(";");
      const at = pair!.indexOf("=");
      const name = pair!.slice(0, at).trim();
      const value = pair!.slice(at + 1).trim();
      const path = /;\s*Path=([^;]*)/i.exec(header)?.[1]?.trim() || "/";
      // A new value replaces the cookie on every path; the same value on another path adds that path.
      const paths = this.cookies.get(name) === value ? (this.paths.get(name) ?? new Set<string>()) : new Set<string>();
      this.cookies.set(name, value);
      this.paths.set(name, paths.add(path));
    }
    return res;
  }

  async fetch(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    const cookie = this.cookieFor(new URL(path, "http://x").pathname);
    if (cookie) headers.set("cookie", cookie);
    if (this.ip) headers.set("cf-connecting-ip", this.ip);
    return this.absorb(await get(this.host, path, { ...init, headers }));
  }

  /** A JSON call to the shop API. */
  async api<T = unknown>(path: string, body?: unknown): Promise<{ status: number; data: T }> {
    const res = await this.fetch(path, {
      method: body === undefined ? "GET" : "POST",
      headers: body === undefined ? {} : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, data: (await res.json()) as T };
  }

  /** A form post, as a browser without JavaScript sends it. */
  form(path: string, fields: [string, string][] | Record<string, string>): Promise<Response> {
    const body = new URLSearchParams(Array.isArray(fields) ? fields : Object.entries(fields));
    return this.fetch(path, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: body.toString(),
    });
  }

  add(list: { pid2: number; pid3: number; qty?: number }[]) {
    return this.api<{ count: number; added: number; error?: { code: string; message: string } }>(
      "/api/myshp/add/cart/v3",
      { list },
    );
  }

  cart() {
    return this.api<CartData>("/api/myshp/load/my_cart");
  }

  order(list: { pid2: number; pid3: number; qty: number }[], key = crypto.randomUUID()) {
    return this.api<{ order_id: number; error?: { code: string; message: string } }>("/api/myshp/make/my/order/v4", {
      list,
      key,
    });
  }

  /** Pays an order sheet by bank transfer (the step that takes the stock). */
  pay(id: number, extra: Record<string, string> = {}) {
    return this.api<{ order: { status: string }; error?: { code: string; message: string } }>(
      "/api/myshp/pay/my/order",
      { id, pay_method: "bank", ...ADDRESS, ...extra },
    );
  }
}

/** A valid address and orderer for the order sheet. */
export const ADDRESS = {
  orderer_name: "김하나",
  orderer_phone: "010-1234-5678",
  receiver_name: "김하나",
  postcode: "04038",
  address: "서울특별시 마포구 양화로 12",
  detail: "3층",
  receiver_phone: "010-1234-5678",
  memo: "문 앞에 놓아 주세요",
  // The sheet's consents: the page and the API both require them.
  agree_order: "on",
  agree_third_party: "on",
};

export type CartData = {
  count: number;
  sub_total: number;
  delivery_fee: number;
  total: number;
  has_error: boolean;
  groups: {
    key: string;
    uid: number;
    origin_uid: number;
    shop_name: string;
    shop_name_origin: string;
    url: string;
    sub_total: number;
    my_delivery_fee: number;
    total: number;
    data: {
      pid2: number;
      pid3: number;
      name: string;
      opt_name: string;
      price: number;
      qty: number;
      available_qty: number;
      error: string | null;
      error_data: { available_qty: number } | null;
    }[];
  }[];
};

export async function stockOf(optionId: number): Promise<number> {
  const row = await env.DB.prepare("SELECT stock FROM product_options WHERE id = ?")
    .bind(optionId)
    .first<{ stock: number }>();
  return row!.stock;
}

export async function setStock(optionId: number, stock: number): Promise<void> {
  await env.DB.prepare("UPDATE product_options SET stock = ? WHERE id = ?").bind(stock, optionId).run();
}
