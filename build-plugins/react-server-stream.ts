// React 18's streaming server renderer (the browser build the Worker runs) turns every string it
// writes into bytes on its own: each tag, attribute value and text goes through its own
// TextEncoder.encode call and is copied into 512-byte views, each enqueued on the stream. In
// workerd every encode is a call into the runtime, and a board of 800 elements made thousands of
// them: about a quarter of the page's CPU. React 19 writes strings without encoding them one by
// one. This plugin gives React 18.3.1's build a writer that keeps the strings it is given and
// encodes what a flush wrote in one call: the same bytes, one chunk a flush.
import { createRequire } from "node:module";
import path from "node:path";
import type { Plugin } from "vite";

/** The module the Worker's server build renders with (react-dom/server under the "worker" condition). */
export const REACT_SERVER_MODULE = "react-dom/cjs/react-dom-server.browser.production.min.js";
/** Where that module is: the package does not export it, so it is found beside react-dom's package.json. */
export const reactServerModulePath = () =>
  path.join(path.dirname(createRequire(import.meta.url).resolve("react-dom/package.json")), "cjs", path.basename(REACT_SERVER_MODULE));

/**
 * React's stream writer as 18.3.1's minified build has it: `p` writes a chunk, `t` writes and
 * answers true, `ba` ends a flush, `u` and `w` turn a string into a chunk (at render time, and
 * once at load for the markup it reuses).
 */
export const REACT_STREAM_WRITER =
  "function p(a,b){if(0!==b.length)if(512<b.length)0<n&&(a.enqueue(new Uint8Array(l.buffer,0,n)),l=new Uint8Array(512),n=0),a.enqueue(b);else{var c=l.length-n;c<b.length&&(0===c?a.enqueue(l):(l.set(b.subarray(0,c),n),a.enqueue(l),b=b.subarray(c)),l=new Uint8Array(512),n=0);l.set(b,n);n+=b.length}}function t(a,b){p(a,b);return!0}function ba(a){l&&0<n&&(a.enqueue(new Uint8Array(l.buffer,0,n)),l=null,n=0)}var ca=new TextEncoder;function u(a){return ca.encode(a)}function w(a){return ca.encode(a)}";

/**
 * The same functions with chunks kept as strings: a flush's writes are joined and encoded once.
 * Every write happens inside one synchronous flush that ends by calling `ba`, as React's own
 * writer assumes; `ba` empties what it holds before enqueueing, so nothing a flush wrote can
 * reach another request's stream even when the enqueue throws.
 */
export const STRING_STREAM_WRITER =
  'var pendingMarkup="";function p(a,b){pendingMarkup+=b}function t(a,b){pendingMarkup+=b;return!0}function ba(a){if(0<pendingMarkup.length){var s=pendingMarkup;pendingMarkup="";a.enqueue(ca.encode(s))}}var ca=new TextEncoder;function u(a){return a}function w(a){return a}';

/** React's server module with the string writer; throws when the writer is not there (another React). */
export function withStringStreamWriter(code: string): string {
  const at = code.indexOf(REACT_STREAM_WRITER);
  if (at === -1 || code.indexOf(REACT_STREAM_WRITER, at + 1) !== -1) {
    throw new Error(`${REACT_SERVER_MODULE}: React's stream writer is not the one build-plugins/react-server-stream.ts replaces (was React upgraded?)`);
  }
  return code.replace(REACT_STREAM_WRITER, STRING_STREAM_WRITER);
}

/**
 * The server build renders with React's production module, bundled (not left to wrangler) so its
 * writer can be replaced; React itself stays one shared import.
 */
export function reactServerStreamInStrings(): Plugin {
  return {
    name: "react-server-stream-in-strings",
    enforce: "pre",
    resolveId(source, _importer, options) {
      if (!options?.ssr || source !== "react-dom/server") return null;
      return { id: reactServerModulePath(), external: false };
    },
    transform(code, id) {
      if (!id.endsWith(REACT_SERVER_MODULE)) return null;
      try {
        return { code: withStringStreamWriter(code), map: null };
      } catch (error) {
        this.error(error instanceof Error ? error.message : String(error));
      }
    },
  };
}
