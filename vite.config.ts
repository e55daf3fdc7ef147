import { vitePlugin as remix } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { remixConfig } from "./remix.config";

declare module "@remix-run/cloudflare" {
  interface Future {
    v3_singleFetch: true;
  }
}

// The server bundle is consumed by workers/index.ts and bundled again by wrangler, so it must
// resolve packages the way workerd does.
export default defineConfig({
  plugins: [tailwindcss(), remix(remixConfig)],
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  ssr: {
    resolve: {
      conditions: ["workerd", "worker", "browser"],
      externalConditions: ["workerd", "worker"],
    },
  },
  // SVG sprites are drawn through <use href="file#symbol">, which a data: URL cannot serve: they
  // stay files, however small.
  build: { minify: true, assetsInlineLimit: (file) => (file.endsWith(".svg") ? false : undefined) },
});
