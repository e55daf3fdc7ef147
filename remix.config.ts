// Options for the Remix Vite plugin, kept apart from vite.config.ts so the route and future-flag
// choices are in one obvious place.
import type { VitePluginConfig } from "@remix-run/dev";

export const remixConfig: VitePluginConfig = {
  appDirectory: "app",
  buildDirectory: "build",
  serverModuleFormat: "esm",
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_singleFetch: true,
    v3_lazyRouteDiscovery: true,
  },
};
