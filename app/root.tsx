import { shopMeta } from "~/lib/seo";
import { cssBundleHref } from "@remix-run/css-bundle";
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { rootData } from "~/lib/root.server";
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
import { useContext, useEffect, type ReactNode } from "react";
import "../styles/global.css";
import { ErrorPage } from "./components/ErrorPage";
import { ShopLayout } from "./components/layouts/ShopLayout";
import { UiProvider } from "./components/ui/UiProvider";
import { AfterPaintContext } from "./lib/after-paint";
import { useNonce } from "./lib/nonce";
import { island, islandsHydrated } from "./lib/island";
import { useOptionalRootData } from "~/lib/root-data";
import { usePageView } from "~/lib/track";

// Internet Explorer runs none of our scripts: the banner is the server's, and no browser that
// hydrates ever draws it (an island, so its code is not in every page's first scripts).
const IeBanner = island("IeBanner", () => import("./components/IeBanner").then((m) => m.IeBanner));
// Only shops with tags have anything to track or ask (decision 070); its code is an island.
const Tracking = island("Tracking", () => import("~/components/tracking/Tracking").then((m) => m.Tracking));

export const links: LinksFunction = () => [
  ...(cssBundleHref ? [{ rel: "stylesheet", href: cssBundleHref }] : []),
  // A bitmap, not the SVG it is drawn from (public/favicon.svg): a browser draws an SVG icon as a
  // document of its own on the main thread, tens of milliseconds on a slow phone after the paint.
  { rel: "icon", href: "/favicon.png", type: "image/png" },
];

export const loader = ({ request, context }: LoaderFunctionArgs) => rootData(context, request);

// The shop and its theme do not change while a shopper browses it.
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod && formMethod !== "GET" ? defaultShouldRevalidate : false;

// Pages without metadata of their own: the shop's (title, description, canonical, cards).
export const meta: MetaFunction<typeof loader> = (args) => shopMeta(args);

export function Layout({ children }: { children: ReactNode }) {
  const data = useOptionalRootData();
  const nonce = useNonce();
  const starter = useContext(AfterPaintContext);
  useEffect(() => {
    // Lets browser tests (and curious developers) tell a hydrated page from server HTML; here in
    // the layout, so error pages say so too.
    // The islands (decision 073) hydrate a moment later; the page is whole when they have.
    void islandsHydrated().then(() => {
      document.documentElement.dataset.hydrated = "true";
    });
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
        {data?.ieBanner ? <IeBanner {...data.ieBanner} /> : null}
        <UiProvider>{children}</UiProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
        {/* Releases the held scripts after the first paint (decision 075). Its nonce is hidden from
            the DOM by the browser, as Remix's own scripts' are: nothing to compare when hydrating. */}
        <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: starter }} />
      </body>
    </html>
  );
}

export default function App() {
  const data = useOptionalRootData();
  const { pathname } = useLocation();
  // The owner's console is no shopper's visit.
  const tracked = Boolean(data?.tracking) && !pathname.startsWith("/admin");
  usePageView(tracked);
  return (
    <>
      <Outlet />
      {tracked && data?.tracking ? (
        <Tracking ids={data.tracking} consent={data.consent} saveData={data.saveData} />
      ) : null}
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
    <main>
      <ErrorPage error={error} />
    </main>
  );
}
