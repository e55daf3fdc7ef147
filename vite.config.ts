import { vitePlugin as remix } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type Plugin, defineConfig } from "vite";
import { remixConfig } from "./remix.config";

declare module "@remix-run/cloudflare" {
  interface Future {
    v3_singleFetch: true;
  }
}

/** The Worker's own code, which the server build imports from where it lies (see below). */
const WORKER_CODE = ["workers", "durable-objects", "drizzle"].map((dir) => fileURLToPath(new URL(`./${dir}/`, import.meta.url)));

/**
 * The server build leaves the Worker's own code (the domain, its schemas, the database schema)
 * as imports of the source files: wrangler's bundle of workers/index.ts then holds that code
 * once, and pages and the API share its module-level caches. The browser build is unchanged.
 */
function workerCodeExternal(): Plugin {
  return {
    name: "worker-code-external",
    enforce: "pre",
    async resolveId(source, importer, options) {
      if (!options?.ssr || !importer) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved || resolved.external || !WORKER_CODE.some((dir) => resolved.id.startsWith(dir))) return null;
      return { id: resolved.id, external: "absolute" };
    },
    // The imports are written relative to each chunk, so the build works wherever the checkout is.
    renderChunk(code, chunk, output) {
      if (!output.dir) return null;
      const from = path.dirname(path.join(output.dir, chunk.fileName));
      let out = code;
      for (const id of [...chunk.imports, ...chunk.dynamicImports].filter((name) => WORKER_CODE.some((dir) => name.startsWith(dir)))) {
        const relative = path.relative(from, id);
        for (const quote of ["'", '"']) out = out.replaceAll(`${quote}${id}${quote}`, `${quote}${relative}${quote}`);
      }
      return out === code ? null : { code: out, map: null };
    },
    // An import left absolute would tie the build to this checkout's path.
    generateBundle(_output, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type === "chunk" && WORKER_CODE.some((dir) => file.code.includes(dir))) this.error(`${file.fileName} still imports the Worker's code by an absolute path`);
      }
    },
  };
}

// The server bundle is consumed by workers/index.ts and bundled again by wrangler, so it must
// resolve packages the way workerd does.
export default defineConfig({
  plugins: [workerCodeExternal(), tailwindcss(), remix(remixConfig)],
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
