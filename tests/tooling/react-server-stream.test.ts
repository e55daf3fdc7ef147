// The Worker renders pages with React's streaming server renderer, its writer replaced so strings
// are encoded once per flush instead of one by one (build-plugins/react-server-stream.ts). The
// pages must come out byte for byte as React's own writer makes them, including streamed Suspense
// content and renders running at the same time (the writer holds a flush's text between writes).
import { readFileSync } from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import fc from "fast-check";
import { type ReactNode, Suspense, createElement as h } from "react";
import { describe, expect, it } from "vitest";
import { reactServerModulePath, withStringStreamWriter } from "../../build-plugins/react-server-stream";

const ROOT = path.resolve(import.meta.dirname, "../..");
const require = createRequire(import.meta.url);

type RenderToReadableStream = (element: ReactNode) => Promise<ReadableStream<Uint8Array> & { allReady: Promise<void> }>;

/** React's server module evaluated from `code`, as the bundle would run it. */
function serverModuleOf(code: string): RenderToReadableStream {
  const module = { exports: {} as { renderToReadableStream: RenderToReadableStream } };
  new Function("module", "exports", "require", code)(module, module.exports, require);
  return module.exports.renderToReadableStream;
}

const original = readFileSync(reactServerModulePath(), "utf8");
const reactWriter = serverModuleOf(original);
const stringWriter = serverModuleOf(withStringStreamWriter(original));

/** What a render streams: its bytes, and how many chunks they came in. */
async function render(renderToReadableStream: RenderToReadableStream, element: ReactNode) {
  const stream = await renderToReadableStream(element);
  const chunks: Uint8Array[] = [];
  const reader = stream.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) chunks.push(read.value);
  return { bytes: Buffer.concat(chunks), chunks: chunks.length };
}

/**
 * A value that arrives after `ms` milliseconds, for content that streams in after the shell:
 * reading it before then suspends (React 18 waits on the thrown promise).
 */
function later(value: string, ms: number): () => string {
  let arrived = false;
  const arriving = new Promise<void>((resolve) => setTimeout(resolve, ms)).then(() => {
    arrived = true;
  });
  return () => {
    if (!arrived) throw arriving;
    return value;
  };
}

function Streamed({ read }: { read: () => string }) {
  return h("p", { className: "streamed" }, read());
}

/** A page: text and attributes that need escaping, many elements, and two streamed boundaries. */
function page(texts: string[], delay: number) {
  return h(
    "html",
    null,
    h("body", null, [
      h("h1", { key: "title", title: texts[0] ?? "" }, texts[0] ?? ""),
      h(
        "ul",
        { key: "list" },
        texts.map((text, index) => h("li", { key: index, "data-index": index, className: `row row-${index}`, title: text }, text, h("span", null, "é ✓ 😀"))),
      ),
      ...[1, 2].map((n) =>
        h(Suspense, { key: `s${n}`, fallback: h("span", null, "loading…") }, h(Streamed, { read: later(`${texts.join("|")} streamed ${n}`, delay * n) })),
      ),
    ]),
  );
}

describe("React's server renderer with the string writer", () => {
  it("streams the same bytes as React's own writer", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.string({ unit: "binary" }), { maxLength: 40 }), async (texts) => {
        const expected = await render(reactWriter, page(texts, 1));
        const got = await render(stringWriter, page(texts, 1));
        const html = got.bytes.toString("utf8");
        expect(html).toBe(expected.bytes.toString("utf8"));
        expect(got.bytes.equals(expected.bytes)).toBe(true);
        // The boundaries streamed their content (not a client-side fallback).
        expect(html).toContain("streamed 2</p>");
      }),
      { numRuns: 30 },
    );
  });

  it("keeps each render's text to its own stream when renders overlap", async () => {
    const pages = Array.from({ length: 6 }, (_, n) => Array.from({ length: 50 }, (_, i) => `page ${n} row ${i} <&>`));
    const alone = await Promise.all(pages.map(async (texts, n) => (await render(reactWriter, page(texts, 2 + n))).bytes.toString("utf8")));
    const together = await Promise.all(pages.map(async (texts, n) => (await render(stringWriter, page(texts, 2 + n))).bytes.toString("utf8")));
    expect(together).toEqual(alone);
  });

  it("sends a flush as one chunk rather than 512-byte pieces", async () => {
    const texts = Array.from({ length: 400 }, (_, i) => `row ${i}`);
    const expected = await render(reactWriter, page(texts, 1));
    const got = await render(stringWriter, page(texts, 1));
    expect(expected.chunks).toBeGreaterThan(20);
    // The shell, then each streamed boundary.
    expect(got.chunks).toBeLessThanOrEqual(4);
  });
});

describe("the Worker's server build", () => {
  it("bundles React's server renderer with the string writer instead of importing it", () => {
    const build = readFileSync(path.join(ROOT, "build", "server", "index.js"), "utf8");
    const chunks = [build, ...[...build.matchAll(/from\s*"\.\/assets\/([^"]+)"/g)].map((match) => readFileSync(path.join(ROOT, "build", "server", "assets", match[1]), "utf8"))];
    const code = chunks.join("\n");
    expect(code).not.toMatch(/from\s*["']react-dom\/server["']/);
    expect(code).toContain("renderToReadableStream");
    expect(code).not.toContain("subarray(");
  });
});
