import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Outlet, type ShouldRevalidateFunction, useLoaderData, useLocation } from "@remix-run/react";
import { useEffect } from "react";
import { ShopLayout } from "~/components/layouts/ShopLayout";
import { island } from "~/lib/island";
import { LiveRoom } from "~/lib/live-room";
import { shopFrameData } from "~/lib/shop-frame.server";
import { useRootData } from "~/lib/root-data";
import { personalised } from "~/lib/personal";
import { FRAME_ROUTE } from "~/shared/personal";

export const loader = ({ request, context }: LoaderFunctionArgs) => shopFrameData(context, request);

// Categories change rarely; navigating inside the shop does not need them again. Counts change
// with form posts, and with product views (recently viewed): entering the account area refreshes them.
export const shouldRevalidate: ShouldRevalidateFunction = ({
  formMethod,
  defaultShouldRevalidate,
  currentUrl,
  nextUrl,
}) =>
  formMethod && formMethod !== "GET"
    ? defaultShouldRevalidate
    : // The account pages, and a live event's reload (same address): the counts may have changed.
      /^\/my(shop|order)(\/|$)/.test(nextUrl.pathname) || currentUrl.href === nextUrl.href;

const HeaderButtons = island("HeaderButtons", () => import("~/components/frame.islands").then((m) => m.HeaderButtons));

export default function ShopFrame() {
  const { shop, storageUrl, session, isIE } = useRootData();
  // The counts on a page the Worker filled in for its visitor are theirs (decision 122).
  const { categories, summary, cartCount, cartPath, device } = personalised(
    FRAME_ROUTE,
    useLoaderData<typeof loader>(),
  );
  // A member's pages follow new messages and order changes (issue 12); a guest's order pages
  // follow their order (the device's room), and other guest pages open no socket.
  const { pathname } = useLocation();
  const guestOrderPage = device !== null && /^\/(myshop\/order|myorder\/|user\/order)/.test(pathname);
  // The device id also lives in local storage once scripts run (and comes back from there).
  useEffect(() => {
    // Loaded after hydration, with the frame's islands (decision 073).
    // Its own task when the phone is idle: the first use of local storage reads it from disk.
    const idle = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 1));
    // Destructured, so the bundler leaves out what of the module this does not use (its cookies' builders).
    void import("~/shared/device").then(
      ({ syncDeviceStorage }) => idle(() => syncDeviceStorage()),
      () => undefined, // an old build's chunk after a deploy: the cookie alone carries on
    );
  }, [cartPath]);
  return (
    <>
      <LiveRoom room={session.login === 1 || guestOrderPage ? "me" : null} />
      <ShopLayout
        shop={shop}
        storageUrl={storageUrl}
        categories={categories}
        headerActions={
          <HeaderButtons
            cartCount={cartCount}
            cartPath={cartPath}
            session={session}
            unread={summary?.message ?? 0}
            isIE={isIE}
          />
        }
        account={{ session, storageUrl, summary, device, cartPath, shop }}
      >
        <Outlet />
      </ShopLayout>
    </>
  );
}
