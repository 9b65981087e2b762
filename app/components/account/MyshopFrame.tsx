import type { ReactNode } from "react";
import { useRootData, useShopFrameData } from "~/lib/root-data";
import { MyMenu } from "./MyMenu";
import * as css from "./account.css";

/**
 * Spec §2's myshop layout inside the shop's frame (whose header has the shop name and the cart
 * badge): on wide screens the my menu stands beside the page; on a phone the drawer holds it.
 */
export function MyshopFrame({ children }: { children: ReactNode }) {
  const { shop } = useRootData();
  const frame = useShopFrameData();
  return (
    <div className={css.myshopGrid} data-layout="myshop">
      <aside className={css.myshopSide}>
        {frame ? (
          <MyMenu
            summary={frame.summary}
            device={frame.device}
            // In the account area the cart opens inside it too (spec §2 /myorder/checkout).
            cartPath={frame.cartPath.replace(/^\/user\/checkout/, "/myorder/checkout")}
            shop={shop}
            side
          />
        ) : null}
      </aside>
      <div className={css.myshopMain}>{children}</div>
    </div>
  );
}
