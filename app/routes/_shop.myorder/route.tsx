import { Outlet } from "@remix-run/react";
import { MyshopFrame } from "~/components/account/MyshopFrame";

/** /myorder/*: the account area's frame (spec §2 myshop layout) around its pages. */
export default function Myshop() {
  return (
    <MyshopFrame>
      <Outlet />
    </MyshopFrame>
  );
}
