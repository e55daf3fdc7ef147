// Pages as a browser gets them: one streamed document timed to its first and last byte, and the
// JavaScript it makes the browser load before it is interactive.
import { gzipSync } from "node:zlib";
import { workerMs } from "./measure.mjs";

/** Milliseconds to the first body byte and to the last, for one GET of `url`; `signal` aborts it. */
export async function timeDocument(url, headers, { signal } = {}) {
  const start = performance.now();
  const response = await fetch(url, { headers, redirect: "manual", signal });
  if (response.status !== 200) throw new Error(`GET ${url}: HTTP ${response.status}`);
  const reader = response.body.getReader();
  const first = await reader.read();
  const firstByte = performance.now() - start;
  let html = first.value ? Buffer.from(first.value).toString("utf8") : "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    html += Buffer.from(value).toString("utf8");
  }
  return { firstByte, total: performance.now() - start, html, worker: workerMs(response) };
}

/** The scripts a document loads up front: module preloads, module scripts and their imports. */
export function initialScripts(html) {
  const found = new Set();
  for (const match of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)) found.add(match[1]);
  for (const match of html.matchAll(/<script[^>]+src="([^"]+)"/g)) found.add(match[1]);
  for (const match of html.matchAll(/import\(?\s*["']([^"']+\.js)["']/g)) found.add(match[1]);
  return [...found];
}

/** The raw and gzipped bytes of the scripts at `srcs`, fetched from the server at `base`. */
export async function scriptBytes(base, srcs) {
  let rawBytes = 0;
  let gzipBytes = 0;
  for (const src of srcs) {
    const response = await fetch(new URL(src, base));
    if (!response.ok) throw new Error(`GET ${src}: HTTP ${response.status}`);
    const body = Buffer.from(await response.arrayBuffer());
    rawBytes += body.length;
    gzipBytes += gzipSync(body).length;
  }
  return { files: srcs.length, rawBytes, gzipBytes };
}

/** Headers of a browser asking for a page; uncompressed (the local encoder buffers the stream). */
export const browserHeaders = (cookie) => ({
  cookie,
  accept: "text/html",
  "accept-encoding": "identity",
  "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0 Safari/537.36",
});
