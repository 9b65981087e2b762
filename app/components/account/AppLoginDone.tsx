import { useEffect } from "react";
import { forgetReturn } from "~/lib/login-return.client";
import { nativeBridge } from "~/lib/native-app.client";
import { FormMessage } from "./Fields";
import * as css from "./account.css";
import { koAuth } from "~/shared/messages/auth";

/** Login succeeded inside the native app: tell the app, and offer a way on if it does not react. */
export function AppLoginDone({ uid, url }: { uid: number; url: string }) {
  useEffect(() => {
    nativeBridge()?.({ type: "login", uid, url });
    forgetReturn();
  }, [uid, url]);
  return (
    <div className={css.form}>
      <FormMessage kind="notice">{koAuth.appLoggedIn}</FormMessage>
      <a className={css.button} href={url}>
        {koAuth.continue}
      </a>
    </div>
  );
}
