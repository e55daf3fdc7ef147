import { vitePlugin as remix } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type Plugin, defineConfig } from "vite";
import { reactServerStreamInStrings } from "./build-plugins/react-server-stream";
import { remixConfig } from "./remix.config";

declare module "@remix-run/cloudflare" {
  interface Future {
    v3_singleFetch: true;
  }
}

const ROOT = fileURLToPath(new URL(".", import.meta.url));
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

/**
 * Code only the browser ever runs: the ProseMirror editor (loaded after hydration, it replaces the
 * server-rendered text), the command palette (cmdk; mounted once the person opens it or the
 * browser is idle), the emoji and icon picker's panel (mounted when its popover opens),
 * SortableJS (drag and drop, loaded by an effect) and uPlot (the burndown's plot, built in an
 * effect). The server build gets a stand-in for each whose default export throws when called, so
 * the Worker's script does not carry about 480 KB of minified code it never runs: workerd
 * compiles the whole script whenever an isolate starts, at a cost in proportion to its size
 * (ADR 058). A named import of one of them from server code fails the build; rendering the
 * editor, the palette or the emoji panel on the server, or drawing a plot there, throws.
 */
const BROWSER_ONLY = {
  packages: ["sortablejs", "uplot"],
  files: ["app/components/editor/rich-text-editor.tsx", "app/components/command-palette/palette.tsx", "app/components/emoji-icon-picker-panel.tsx"],
};
const BROWSER_ONLY_STAND_IN = "\0browser-only:";

function browserOnlyModules(): Plugin {
  return {
    name: "browser-only-modules",
    enforce: "pre",
    async resolveId(source, importer, options) {
      if (!options?.ssr || !importer) return null;
      if (BROWSER_ONLY.packages.includes(source)) return `${BROWSER_ONLY_STAND_IN}${source}`;
      if (!source.startsWith(".") && !path.isAbsolute(source)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      const file = resolved && path.relative(ROOT, resolved.id);
      return file && BROWSER_ONLY.files.includes(file) ? `${BROWSER_ONLY_STAND_IN}${file}` : null;
    },
    load(id) {
      if (!id.startsWith(BROWSER_ONLY_STAND_IN)) return null;
      const name = JSON.stringify(id.slice(BROWSER_ONLY_STAND_IN.length));
      return `export default function BrowserOnly() { throw new Error(${name} + " runs only in the browser (vite.config.ts, BROWSER_ONLY)"); }\n`;
    },
  };
}

// The server bundle is consumed by workers/index.ts and bundled again by wrangler, so it must
// resolve packages the way workerd does.
export default defineConfig({
  plugins: [browserOnlyModules(), workerCodeExternal(), reactServerStreamInStrings(), tailwindcss(), remix(remixConfig)],
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
