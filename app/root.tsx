import { shopMeta } from "~/lib/seo";
import { cssBundleHref } from "@remix-run/css-bundle";
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteError,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import "../styles/global.css";
import { ErrorPage } from "./components/ErrorPage";
import { IeBanner } from "./components/IeBanner";
import { ShopLayout } from "./components/layouts/ShopLayout";
import { UiProvider } from "./components/ui/UiProvider";
import { themeStyle } from "./lib/theme";
import { sessionState } from "./lib/session";
import { isInternetExplorer } from "./lib/ie";
import { useNonce } from "./lib/nonce";
import { useOptionalRootData } from "~/lib/root-data";
import { Tracking } from "~/components/tracking/Tracking";
import { CONSENT_COOKIE, consentOf, trackingIds } from "~/shared/tracking";
import { readCookie } from "~/shared/cookies";

export const links: LinksFunction = () => [
  ...(cssBundleHref ? [{ rel: "stylesheet", href: cssBundleHref }] : []),
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  return {
    shop: context.shop,
    // The theme's custom properties, ready for <html style>: the browser never computes them.
    theme: themeStyle(context.shop),
    storageUrl: context.storageUrl,
    isIE: isInternetExplorer(request.headers.get("user-agent")),
    session: sessionState(context.member, context.shop, context.config.SHOP_ADMIN_URL),
    /** 우편번호 찾기 on address forms, or null when addresses are typed by hand only. */
    postcode: context.config.POSTCODE_PROVIDER === "off" ? null : context.config.POSTCODE_PROVIDER,
    /** The shop's valid ad and analytics tag ids, or null: then no tag and no consent bar. */
    tracking: trackingIds(context.shop),
    /** The shopper's answer to the consent bar (decision 070), and whether they save data. */
    consent: consentOf(readCookie(request.headers.get("cookie"), CONSENT_COOKIE)),
    saveData: request.headers.get("save-data")?.toLowerCase() === "on",
  };
}

// The shop and its theme do not change while a shopper browses it.
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod && formMethod !== "GET" ? defaultShouldRevalidate : false;

// Pages without metadata of their own: the shop's (title, description, canonical, cards).
export const meta: MetaFunction<typeof loader> = (args) => shopMeta(args);

export function Layout({ children }: { children: ReactNode }) {
  const data = useOptionalRootData();
  const nonce = useNonce();
  useEffect(() => {
    // Lets browser tests (and curious developers) tell a hydrated page from server HTML; here in
    // the layout, so error pages say so too.
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <html lang="ko" style={data?.theme}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width,initial-scale=1,viewport-fit=cover" />
        <meta name="format-detection" content="telephone=no" />
        <Meta />
        <Links />
      </head>
      <body>
        {data?.isIE ? <IeBanner /> : null}
        <UiProvider>{children}</UiProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const data = useOptionalRootData();
  const { pathname } = useLocation();
  return (
    <>
      <Outlet />
      {/* The owner's console is no shopper's visit. */}
      {pathname.startsWith("/admin") ? null : (
        <Tracking ids={data?.tracking ?? null} consent={data?.consent ?? null} saveData={data?.saveData ?? false} />
      )}
    </>
  );
}

/** The one error boundary: every thrown status gets its Korean page here. */
export function ErrorBoundary() {
  const error = useRouteError();
  const data = useOptionalRootData();
  // Inside a shop, errors keep the shop's frame so the shopper can carry on browsing.
  return data ? (
    <ShopLayout shop={data.shop} storageUrl={data.storageUrl} categories={[]}>
      <ErrorPage error={error} />
    </ShopLayout>
  ) : (
    <ErrorPage error={error} />
  );
}
