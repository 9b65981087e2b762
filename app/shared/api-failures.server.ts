import type { ServerBuild } from "@remix-run/cloudflare";
import { isShopApiError } from "./api-client.server";

/**
 * An API failure as the page the error boundary shows: what the API could not find (or would
 * not read) is 404; any other failure nobody handled is 502 "cannot reach the shop server".
 * Null for errors that are not the API's.
 */
export function apiFailureResponse(error: unknown, notFoundData: string | null = null): Response | null {
  if (!isShopApiError(error)) return null;
  if (error.status === 404 || error.status === 400) return new Response(notFoundData, { status: 404 });
  return new Response(null, { status: 502 });
}

type Module = ServerBuild["routes"][string]["module"];
type DataFunction = NonNullable<Module["loader"]>;

function mapped(fn: DataFunction | undefined): DataFunction | undefined {
  if (!fn) return fn;
  return async (args) => {
    try {
      return await fn(args);
    } catch (error) {
      throw apiFailureResponse(error) ?? error;
    }
  };
}

/**
 * The Remix build with every loader and action wrapped, so a route cannot forget to map an API
 * failure: an outage escaping any of them is the 502 page, not a 500 (issue 8, point 4). Routes
 * that handle failures themselves (form errors, dialogs) catch them first and are unchanged.
 */
export function withApiFailurePages(build: ServerBuild): ServerBuild {
  const routes = Object.fromEntries(
    Object.entries(build.routes).map(([id, route]) => [
      id,
      {
        ...route,
        module: { ...route.module, loader: mapped(route.module.loader), action: mapped(route.module.action) },
      },
    ]),
  );
  return { ...build, routes };
}
