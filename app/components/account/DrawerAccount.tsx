import type { ComponentProps } from "react";
import type { SessionState } from "~/lib/session";
import { AccountBox } from "./AccountBox";
import { MyMenu } from "./MyMenu";

/** The side menu's account part: the login prompt or greeting, then the my menu. An island. */
export function DrawerAccount({
  session,
  storageUrl,
  ...menu
}: { session: SessionState; storageUrl: string } & ComponentProps<typeof MyMenu>) {
  return (
    <>
      <AccountBox session={session} storageUrl={storageUrl} />
      <MyMenu {...menu} />
    </>
  );
}
