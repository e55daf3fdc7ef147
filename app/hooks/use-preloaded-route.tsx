// Readies the page a person is most likely to open next, so opening it waits for neither the
// route's discovery nor its code: once the browser is idle, a hidden link marked for discovery
// (as Remix marks its own links) teaches Remix the route, and the route's module is imported.
import { useEffect, useState } from "react";
import { whenIdle } from "~/lib/when-idle";

declare global {
  interface Window {
    __remixManifest?: { routes: Record<string, { module: string } | undefined> };
  }
}

/** How often, and how many times, to look for the route once its discovery is asked for. */
const LOOK_EVERY_MS = 100;
const LOOKS = 50;

/** Preloads route `routeId` through `path`, one address it serves; render the element returned. */
export function usePreloadedRoute(routeId: string, path: string | null) {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true)), []);
  useEffect(() => {
    if (!idle || !path) return;
    let looks = 0;
    let timer = 0;
    // Remix adds the route to its manifest when the discovery request answers.
    const load = () => {
      const route = window.__remixManifest?.routes[routeId];
      if (route) void import(/* @vite-ignore */ route.module).catch(() => {});
      else if (++looks < LOOKS) timer = window.setTimeout(load, LOOK_EVERY_MS);
    };
    load();
    return () => window.clearTimeout(timer);
  }, [idle, path, routeId]);
  // Hidden from everyone: it exists only for Remix's route discovery to see.
  return idle && path ? (
    <a hidden tabIndex={-1} href={path} data-discover="true">
      next page
    </a>
  ) : null;
}
