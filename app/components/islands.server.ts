/**
 * The islands' components for the server render (see app/lib/island.tsx), provided by
 * entry.server. Browsers never import this module, so these load there only through each
 * island's own dynamic import.
 */
import type { Islands } from "~/lib/island";
import { ShopMenu } from "~/components/ShopMenu";
import { Footer } from "~/components/Footer";
import { ConsentBar } from "~/components/tracking/ConsentBar";
import { ProductGrid } from "~/components/ProductGrid";
import { Header } from "~/components/Header";
import { HeaderButtons } from "~/components/account/HeaderActions";
import { Tracking } from "~/components/tracking/Tracking";
import { ReviewsMore } from "~/components/reviews/ReviewsMore";
import { IeBanner } from "~/components/IeBanner";

declare module "~/lib/island" {
  interface Islands {
    ShopMenu: typeof ShopMenu;
    Footer: typeof Footer;
    ConsentBar: typeof ConsentBar;
    ProductGrid: typeof ProductGrid;
    Header: typeof Header;
    HeaderButtons: typeof HeaderButtons;
    Tracking: typeof Tracking;
    ReviewsMore: typeof ReviewsMore;
    IeBanner: typeof IeBanner;
  }
}

export const serverIslands: Islands = {
  ShopMenu,
  Footer,
  ConsentBar,
  ProductGrid,
  Header,
  HeaderButtons,
  Tracking,
  ReviewsMore,
  IeBanner,
};
