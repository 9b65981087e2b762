import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { STARTED_MODULE_ID } from "./lib/after-paint";
import { installChunkReload } from "./lib/chunk-reload.client";

installChunkReload();

function hydrate() {
  // The module script the starter wrote back has run; React should find the page as it was sent.
  document.getElementById(STARTED_MODULE_ID)?.remove();
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <RemixBrowser />
      </StrictMode>,
    );
  });
}

// The page as sent is whole (forms and links work without scripts): let the browser paint it
// before hydration takes the main thread, even when the scripts arrive with the HTML. A
// requestAnimationFrame callback runs just before the next paint; the timeout after it.
if (document.visibilityState === "visible") requestAnimationFrame(() => setTimeout(hydrate, 0));
else hydrate();
