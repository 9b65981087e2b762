import { readCookie } from "~/shared/cookies";

/**
 * D1 read replication (issue 15, decision 074). Every request reads through one D1 session: a
 * replica near the shopper may answer. A write's bookmark goes back in a host-only cookie for a few
 * minutes, so the shopper's next pages read at least that far (their own cart line, their order)
 * whichever replica answers them. Pages without that cookie set none, and stay cacheable.
 */

/** What the stores need of D1: a database or a session of one. */
export type Db = Pick<D1Database, "prepare" | "batch">;

export const BOOKMARK_COOKIE = "d1_bookmark";
/** Replicas catch up within seconds; after this the cookie has no more use. */
const BOOKMARK_SECONDS = 600;
/** D1's bookmarks: four hexadecimal fields. Anything else in the cookie is ignored. */
const BOOKMARK = /^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$/;

/** The request's bookmark, if its cookie holds a well-formed one. */
export function requestBookmark(request: Request): string | null {
  const value = readCookie(request.headers.get("cookie"), BOOKMARK_COOKIE);
  return value && BOOKMARK.test(value) ? value : null;
}

/** The request's session: from its bookmark, else from any replica. */
export function openSession(db: D1Database, request: Request): D1DatabaseSession {
  return db.withSession(requestBookmark(request) ?? "first-unconstrained");
}

/**
 * The Set-Cookie line after a request that may have written (anything but GET and HEAD), when the
 * session has moved past the bookmark it came with; null otherwise.
 */
export function bookmarkCookie(request: Request, session: D1DatabaseSession): string | null {
  if (request.method === "GET" || request.method === "HEAD") return null;
  const bookmark = session.getBookmark();
  if (!bookmark || !BOOKMARK.test(bookmark) || bookmark === requestBookmark(request)) return null;
  const secure = new URL(request.url).protocol === "https:" ? "; Secure" : "";
  return `${BOOKMARK_COOKIE}=${bookmark}; Path=/; Max-Age=${BOOKMARK_SECONDS}; HttpOnly; SameSite=Lax${secure}`;
}

/** How many D1 round trips a request made, and how long they took (for Server-Timing). */
export type QueryCount = { db: Db; roundTrips(): number; ms(): number };

/**
 * The database as the request sees it, counting each round trip (a statement's first, all, run
 * or raw; a batch counts once). Statements pass through batch() unwrapped, as D1 needs them.
 */
export function countQueries(db: Db): QueryCount {
  let trips = 0;
  let ms = 0;
  const real = new WeakMap<object, D1PreparedStatement>();
  const timed = <T>(work: Promise<T>): Promise<T> => {
    trips += 1;
    const started = Date.now();
    return work.finally(() => {
      ms += Date.now() - started;
    });
  };
  const wrap = (statement: D1PreparedStatement): D1PreparedStatement => {
    const proxy = new Proxy(statement, {
      get(target, key) {
        if (key === "bind") return (...values: unknown[]) => wrap(target.bind(...values));
        if (key === "first" || key === "all" || key === "run" || key === "raw") {
          return (...args: unknown[]) =>
            timed((target[key] as (...a: unknown[]) => Promise<unknown>).apply(target, args));
        }
        const value = Reflect.get(target, key, target) as unknown;
        return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
    real.set(proxy, statement);
    return proxy;
  };
  return {
    db: {
      prepare: (query) => wrap(db.prepare(query)),
      batch: (statements) => timed(db.batch(statements.map((s) => real.get(s) ?? s))),
    },
    roundTrips: () => trips,
    ms: () => ms,
  };
}
