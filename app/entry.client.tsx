import { RemixBrowser } from "@remix-run/react";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
// Registers the layout chunks a page may have been rendered with, so they load before hydration.
import "./components/issue-views/layout-chunks";
import { holdInputUntilHydrated } from "./lib/hydration-guard";
import { ignoreAbortedRequests } from "./lib/ignore-aborted-requests";
import { preloadRenderedChunks } from "./lib/preloadable";

holdInputUntilHydrated();
ignoreAbortedRequests();

preloadRenderedChunks().then(() => {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <RemixBrowser />
      </StrictMode>,
    );
  });
});
