/**
 * The islands' components for the server render (see island.tsx). Browsers get an empty module
 * here, so these load there only through each island's own dynamic import.
 */
export { Drawer } from "~/components/Drawer";
export { Footer } from "~/components/Footer";
export { DrawerAccount } from "~/components/account/DrawerAccount";
export { ConsentBar } from "~/components/tracking/ConsentBar";
export { ProductGrid } from "~/components/ProductGrid";
export { Header } from "~/components/Header";
export { HeaderButtons } from "~/components/account/HeaderActions";
export { Tracking } from "~/components/tracking/Tracking";
