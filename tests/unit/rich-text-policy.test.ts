// The rules stored rich text is held to, on their own: the sanitiser (server), the JSON cleaner
// (server, before storing) and the stored-HTML check and URL rule the browser renders with, each
// given generated script URLs in many spellings, generated class lists and deep nesting.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  MAX_RICH_JSON_DEPTH,
  cleanRichJson,
  decodeCharacterReferences,
  safeStoredHtml,
  safeUrl,
} from "../../workers/domain/schemas/rich-text-policy";
import { sanitizeHtml } from "../../workers/lib/sanitize-html";
import { fuzzRun } from "../helpers/hostile-input";
import { docCarrying, encodedSafeUrl, encodedScriptUrl, htmlCarrying, isDangerousStoredUrl, rawScriptUrl, urlsIn } from "../helpers/script-urls";

describe("the URL rule", () => {
  it("refuses every spelling of a script URL, once decoded as a browser decodes it", () => {
    fc.assert(
      fc.property(encodedScriptUrl, (written) => {
        expect(safeUrl(decodeCharacterReferences(written, true))).toBeNull();
      }),
      fuzzRun(2000),
    );
    fc.assert(
      fc.property(rawScriptUrl, (url) => {
        expect(safeUrl(url)).toBeNull();
      }),
      fuzzRun(500),
    );
  });

  it("answers a safe URL's clean form, whatever the spelling", () => {
    fc.assert(
      fc.property(encodedSafeUrl, ({ written, clean }) => {
        expect(safeUrl(decodeCharacterReferences(written, true))).toBe(clean);
      }),
      fuzzRun(1000),
    );
  });

  it("keeps paths of this site and refuses other hosts written as paths", () => {
    for (const url of ["/a", "x.png", "?q=1", "#top", "docs/a:b", "https://example.com"]) expect(safeUrl(url)).toBe(url);
    expect(safeUrl("MAILTO:a@b.c")).toBe("mailto:a@b.c");
    for (const url of ["//evil.test", "/\\evil.test", "\\\\evil.test", " /\t/evil.test", "", "  ", "java\u00a0script:x", "file:///etc/passwd", "blob:x"]) {
      expect(safeUrl(url)).toBeNull();
    }
  });

  it("decodes references as a browser does in an attribute", () => {
    expect(decodeCharacterReferences("&#106&#x61;&#X076;a&#0000115;cript&colon;", true)).toBe("javascript:");
    expect(decodeCharacterReferences("a&ampb=1&amp=2&amp;c&lt", true)).toBe("a&ampb=1&amp=2&c<");
    expect(decodeCharacterReferences("a&ampb &lt", false)).toBe("a&b <");
    expect(decodeCharacterReferences("&#128;&#0;&#xD800;&#99999999;&unknown;", true)).toBe("\u20ac\ufffd\ufffd\ufffd&unknown;");
  });
});

describe("the sanitiser", () => {
  it("keeps no script URL in an href or src, however it is spelled", async () => {
    await fc.assert(
      fc.asyncProperty(encodedScriptUrl.chain(htmlCarrying), async (html) => {
        const clean = await sanitizeHtml(html);
        for (const url of urlsIn(clean.html)) expect(isDangerousStoredUrl(url), `${JSON.stringify(html)} -> ${url}`).toBe(false);
        expect(clean.html).not.toMatch(/script:|data:/i);
        expect(clean.html).toContain("link</");
      }),
      fuzzRun(600),
    );
  });

  it("writes a safe URL back in its clean form", async () => {
    await fc.assert(
      fc.asyncProperty(encodedSafeUrl.chain(({ written, clean }) => htmlCarrying(written).map((html) => ({ html, clean }))), async ({ html, clean }) => {
        expect(urlsIn((await sanitizeHtml(html)).html)).toEqual([clean, clean]);
      }),
      fuzzRun(300),
    );
  });

  it("keeps no class but the editor's own exact values, and no style", async () => {
    const utility = fc.constantFrom("fixed", "inset-0", "z-50", "absolute", "top-0", "left-0", "w-screen", "h-screen", "bg-white", "z-[9999]", "mention", "tag", "pointer-events-none", "opacity-0", "!fixed", "hidden");
    const token = fc.oneof(utility, fc.string({ minLength: 1, maxLength: 8 }).filter((t) => !/[\s"'<>&]/.test(t)));
    const classList = fc.array(token, { minLength: 1, maxLength: 5 }).map((tokens) => tokens.join(fc.sample(fc.constantFrom(" ", "  ", "\t"), 1)[0]));
    const tag = fc.constantFrom("span", "div", "p", "a", "strong", "img", "li", "SPAN");
    await fc.assert(
      fc.asyncProperty(tag, classList, fc.string({ maxLength: 30 }), async (name, classes, style) => {
        const html = `<${name} class="${classes}" style="${style.replace(/"/g, "")}" data-type="${classes}">x</${name}>`;
        const clean = (await sanitizeHtml(html)).html;
        expect(clean).not.toMatch(/\sstyle=/i);
        const kept = [...clean.matchAll(/\s(class|data-type)="([^"]*)"/g)];
        for (const [, , value] of kept) expect(["mention", "tag"]).toContain(value);
        if (kept.length > 0) expect(name.toLowerCase()).toBe("span");
        expect(kept.length > 0).toBe(name.toLowerCase() === "span" && (classes === "mention" || classes === "tag"));
      }),
      fuzzRun(500),
    );
  });

  it("stores deeply nested markup flattened, never failing", async () => {
    const tags = fc.array(fc.constantFrom("div", "b", "span", "p", "li", "blockquote", "x-y", "em"), { minLength: 1, maxLength: 4 });
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 50, max: 120_000 }), tags, fc.boolean(), async (depth, mix, closed) => {
        const open = Array.from({ length: depth }, (_, i) => `<${mix[i % mix.length]}>`).join("");
        const close = closed ? Array.from({ length: depth }, (_, i) => `</${mix[(depth - 1 - i) % mix.length]}>`).join("") : "";
        const clean = await sanitizeHtml(`${open}deep text${close}`);
        expect(clean.text).toBe("deep text");
        let level = 0;
        let deepest = 0;
        for (const [, slash] of clean.html.matchAll(/<(\/?)[a-z]/g)) {
          level += slash ? -1 : 1;
          deepest = Math.max(deepest, level);
        }
        expect(deepest).toBeLessThanOrEqual(100);
      }),
      fuzzRun(15),
    );
  });
});

describe("stored ProseMirror JSON", () => {
  it("drops link marks and images with a script URL and writes safe ones back clean", () => {
    fc.assert(
      fc.property(rawScriptUrl, (url) => {
        const doc = cleanRichJson(docCarrying(url)) as ReturnType<typeof docCarrying>;
        expect(JSON.stringify(doc)).not.toMatch(/script:|data:/i);
        expect(doc.content[0].content).toHaveLength(1);
        expect(doc.content[0].content[0].marks).toEqual([{ type: "bold" }]);
      }),
      fuzzRun(500),
    );
    const doc = cleanRichJson(docCarrying("\t https://example.com/a b ")) as ReturnType<typeof docCarrying>;
    expect(doc.content[0].content[0].marks?.[1].attrs?.href).toBe("https://example.com/a%20b");
    expect(doc.content[0].content[1].attrs?.src).toBe("https://example.com/a%20b");
  });

  it("answers null past the depth limit, at any depth, without exhausting the stack", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 200_000 }), fc.constantFrom("content", "marks", "attrs"), (depth, key) => {
        let doc: Record<string, unknown> = { type: "text", text: "x" };
        for (let i = 0; i < depth; i++) doc = { type: "paragraph", [key]: [doc] };
        expect(cleanRichJson(doc) === null).toBe(2 * depth + 1 > MAX_RICH_JSON_DEPTH);
      }),
      fuzzRun(40),
    );
  });
});

describe("stored HTML as the browser is given it", () => {
  it("keeps no script URL, whatever an old row holds", () => {
    fc.assert(
      fc.property(encodedScriptUrl.chain(htmlCarrying), fc.constantFrom("", ' title=" href="', " title='>'", "/", '"'), (html, before) => {
        const shown = safeStoredHtml(html.replace("<p>before <", `<p>before <a${before}></a><`));
        for (const url of urlsIn(shown)) expect(isDangerousStoredUrl(url), shown).toBe(false);
        expect(shown).not.toMatch(/script:|data:/i);
      }),
      fuzzRun(1000),
    );
  });

  it("reads attributes as a browser's tokenizer does", () => {
    expect(safeStoredHtml(`<a title=" href=" href="javascript&colon;x">y</a>`)).toBe(`<a title=" href=" >y</a>`);
    expect(safeStoredHtml(`<a/href=java&#115;cript:x>y</a>`)).toBe(`<a/>y</a>`);
    expect(safeStoredHtml(`<a title="x"href='&#x6A;avascript:x'>y</a>`)).toBe(`<a title="x">y</a>`);
    expect(safeStoredHtml(`<span class="mention" style="position:fixed">@a</span><div class="fixed inset-0">x</div>`)).toBe(
      `<span class="mention" >@a</span><div >x</div>`,
    );
    expect(safeStoredHtml(`<p>a < b &amp; <a href="https://x.test/?a=1&amp;b=2">l</a></p>`)).toBe(`<p>a < b &amp; <a href="https://x.test/?a=1&amp;b=2">l</a></p>`);
    expect(safeStoredHtml(`<!--x--><a href="javascript:x">`)).toBe("&lt;!--x--&gt;&lt;a href=\"javascript:x\"&gt;");
    expect(safeStoredHtml(`<p>unfinished <a href="javascript:x`)).not.toMatch(/<a/);
  });
});
