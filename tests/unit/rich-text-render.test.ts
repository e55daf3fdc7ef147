// The browser's side of the rich-text rules: the editor's link and image render no unsafe URL even
// when the stored JSON holds one, and the server-rendered HTML view drops unsafe URLs and foreign
// classes from rows stored before the rules existed.
import fc from "fast-check";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { StaticRichText } from "../../app/components/editor/index";
import { schema } from "../../app/components/editor/schema";
import { fuzzRun } from "../helpers/hostile-input";
import { encodedScriptUrl, htmlCarrying, isDangerousStoredUrl, rawScriptUrl, urlsIn } from "../helpers/script-urls";

type DomSpec = [string, Record<string, unknown>, ...unknown[]];

describe("the editor's schema", () => {
  it("renders a link mark or image from stored JSON without an unsafe URL", () => {
    fc.assert(
      fc.property(rawScriptUrl, (url) => {
        const link = schema.marks.link.spec.toDOM?.(schema.marks.link.create({ href: url }), true) as DomSpec;
        expect(link[0]).toBe("a");
        expect(link[1].href ?? null).toBeNull();
        const image = schema.nodes.image.spec.toDOM?.(schema.nodes.image.create({ src: url })) as DomSpec;
        expect(image[1].src ?? null).toBeNull();
      }),
      fuzzRun(500),
    );
    const safe = schema.marks.link.spec.toDOM?.(schema.marks.link.create({ href: " HTTPS://example.com/\t" }), true) as DomSpec;
    expect(safe[1].href).toBe("https://example.com/");
  });
});

describe("the HTML view", () => {
  it("renders a stored script link without its href, however it is spelled", () => {
    fc.assert(
      fc.property(encodedScriptUrl.chain(htmlCarrying), (html) => {
        const shown = renderToString(createElement(StaticRichText, { html }));
        for (const url of urlsIn(shown)) expect(isDangerousStoredUrl(url), shown).toBe(false);
        expect(shown).toMatch(/link<\/a>/i);
      }),
      fuzzRun(300),
    );
  });

  it("renders a stored overlay without its classes or style, inside a box that clips", () => {
    const shown = renderToString(
      createElement(StaticRichText, { html: '<p><a class="fixed inset-0 z-50 bg-white" style="position:fixed" href="/sign-in">Session expired</a></p>' }),
    );
    expect(shown).toMatch(/<a\s+href="\/sign-in">Session expired<\/a>/);
    expect(shown).toMatch(/class="[^"]*overflow-hidden[^"]*\[contain:paint\]/);
    expect(shown).toMatch(/class="[^"]*\bisolate\b/);
  });
});
