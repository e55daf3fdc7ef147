// Issue references (the editor's "#" chip: a link to an issue's page by its key) as stored rich
// text keeps them: the sanitiser keeps exactly their shape and turns anything else into an
// ordinary link or plain markup, the JSON cleaner drops a reference of another shape, and the
// stored HTML reaches the page unchanged. Hostile variants are generated. And what the editor
// offers after "#" and the project's key, and asks the search for.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { schema } from "../../app/components/editor/schema";
import { issueSearchText } from "../../app/components/editor/use-issue-suggestions";
import { suggestionItems } from "../../app/components/editor/use-suggestions";
import { cleanRichJson, issueReferenceHref, safeStoredHtml } from "../../workers/domain/schemas/rich-text-policy";
import { sanitizeHtml } from "../../workers/lib/sanitize-html";
import { fuzzRun } from "../helpers/hostile-input";
import { attribute, encodedScriptUrl, isDangerousStoredUrl, urlsIn } from "../helpers/script-urls";

const ID = "0b9d6c1e-5a4f-4c2b-9e8d-7f6a5b4c3d2e";
const HREF = "/acme/browse/DEMO-12";
const reference = `<a data-type="issue" data-id="${ID}" href="${HREF}" class="issue" title="Fix the login">DEMO-12</a>`;

/** Every link of `html` with its attributes, as the browser would read them. */
async function linksOf(html: string): Promise<Record<string, string>[]> {
  const links: Record<string, string>[] = [];
  await new HTMLRewriter()
    .on("a", {
      element(element) {
        // The DOM lib's Element type shadows workerd's HTMLRewriter one; this is the latter.
        const attributes = (element as unknown as { attributes: IterableIterator<[string, string]> }).attributes;
        links.push(Object.fromEntries([...attributes].map(([name, value]) => [name.toLowerCase(), value])));
      },
    })
    .transform(new Response(html))
    .text();
  return links;
}

/** What a kept reference may carry, and nothing more. */
const REFERENCE_ATTRIBUTES = ["class", "data-id", "data-type", "href", "title"];

/** Holds every link of sanitised HTML to the rule: a reference is whole, anything else no reference. */
function expectOnlyWholeReferences(links: Record<string, string>[]) {
  for (const link of links) {
    for (const name of Object.keys(link)) expect(name.startsWith("on") || name === "style", name).toBe(false);
    if (link["data-type"] === undefined && link.class === undefined) continue;
    expect(Object.keys(link).every((name) => REFERENCE_ATTRIBUTES.includes(name)), JSON.stringify(link)).toBe(true);
    expect(link["data-type"]).toBe("issue");
    expect(link.class).toBe("issue");
    expect(link["data-id"]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(issueReferenceHref(link.href)).toBe(link.href);
  }
}

describe("an issue reference in stored HTML", () => {
  it("is kept exactly as the editor writes it, and reaches the page unchanged", async () => {
    const html = `<p>See ${reference} soon</p>`;
    const clean = await sanitizeHtml(html);
    expect(clean.html).toBe(html);
    expect(clean.text).toBe("See DEMO-12 soon");
    expect(safeStoredHtml(clean.html)).toBe(html);
  });

  it("keeps only its own attributes, whatever else it is given", async () => {
    const extra = fc.constantFrom(
      'onclick="alert(1)"',
      'onmouseover="x()"',
      'style="position:fixed;inset:0"',
      'target="_blank"',
      'rel="opener"',
      'data-label="x"',
      'id="root"',
      'data-foo="1"',
      'formaction="javascript:alert(1)"',
      'ping="https://evil.test"',
      "download",
    );
    await fc.assert(
      fc.asyncProperty(fc.array(extra, { minLength: 1, maxLength: 4 }), fc.nat(), async (extras, at) => {
        const parts = [`data-type="issue"`, `data-id="${ID}"`, `href="${HREF}"`, `class="issue"`];
        parts.splice(at % (parts.length + 1), 0, ...extras);
        const links = await linksOf((await sanitizeHtml(`<p><a ${parts.join(" ")}>DEMO-12</a></p>`)).html);
        expect(links).toEqual([{ "data-type": "issue", "data-id": ID, href: HREF, class: "issue" }]);
      }),
      fuzzRun(300),
    );
  });

  it("is no reference with a script URL, another site's or another path, and keeps no script URL", async () => {
    const otherHref = fc.oneof(
      encodedScriptUrl,
      fc.constantFrom(
        "//evil.test/acme/browse/DEMO-12",
        "https://evil.test/acme/browse/DEMO-12",
        "/acme/browse/DEMO-12?next=//evil.test",
        "/acme/browse/DEMO-12#x",
        "/acme/browse/DEMO-0",
        "/acme/browse/demo-12",
        "/acme/projects/x/issues/1",
        "/ACME/browse/DEMO-12",
        "/acme/../browse/DEMO-12",
        "\\\\evil.test/acme/browse/DEMO-12",
        "/acme/browse/DEMO-12 ",
        "",
      ),
    );
    await fc.assert(
      fc.asyncProperty(otherHref.chain((href) => attribute("href", href)), async (href) => {
        const html = `<p><a data-type="issue" data-id="${ID}" ${href} class="issue" title="t">DEMO-12</a></p>`;
        const clean = (await sanitizeHtml(html)).html;
        for (const url of urlsIn(clean)) expect(isDangerousStoredUrl(url), `${html} -> ${url}`).toBe(false);
        const links = await linksOf(clean);
        expectOnlyWholeReferences(links);
        expect(links[0]?.["data-type"]).toBeUndefined();
        expect(links[0]?.class).toBeUndefined();
      }),
      fuzzRun(400),
    );
  });

  it("is no reference with another data-type, another element or an id that is no issue id", async () => {
    const dataType = fc.constantFrom("issue", "issue", "mention", "tag", "ISSUE", " issue", "issue ", "issues", "&#105;ssue", "", "link");
    const id = fc.oneof(fc.constant(ID), fc.constantFrom("1", "DEMO-12", `${ID}x`, `"${ID}`, "javascript:alert(1)"), fc.string({ maxLength: 40 }));
    const element = fc.constantFrom("a", "span", "div", "A");
    await fc.assert(
      fc.asyncProperty(dataType, id, element, async (type, issueId, name) => {
        const idAttr = `data-id="${issueId.replace(/[&"<>]/g, "")}"`;
        const html = `<p><${name} data-type="${type}" ${idAttr} href="${HREF}" class="issue">DEMO-12</${name}></p>`;
        const clean = (await sanitizeHtml(html)).html;
        const links = await linksOf(clean);
        expectOnlyWholeReferences(links);
        const whole = name.toLowerCase() === "a" && type === "issue" && issueId.replace(/[&"<>]/g, "") === ID;
        expect(links.some((link) => link["data-type"] === "issue")).toBe(whole);
        // No other element keeps the reference's class or data-type.
        expect(clean.replace(/<a [^>]*>/gi, "")).not.toMatch(/class="issue"|data-type="issue"/);
      }),
      fuzzRun(400),
    );
  });
});

describe("an issue reference in stored ProseMirror JSON", () => {
  const docWith = (attrs: Record<string, unknown>) => ({
    type: "doc",
    content: [{ type: "paragraph", content: [{ type: "text", text: "See " }, { type: "issue", attrs }] }],
  });
  const inline = (doc: ReturnType<typeof docWith>) => doc.content[0].content.map((node) => node.type);

  it("is kept with an issue id and the issue-page href", () => {
    const doc = cleanRichJson(docWith({ id: ID, key: "DEMO-12", href: HREF, title: "Fix" }));
    expect(doc && inline(doc)).toEqual(["text", "issue"]);
  });

  it("is dropped with any other href or id", () => {
    const href = fc.oneof(encodedScriptUrl, fc.constantFrom("https://evil.test/acme/browse/DEMO-1", "//x", "/acme/issues/1", 5, null));
    fc.assert(
      fc.property(href, fc.oneof(fc.constant(ID), fc.string({ maxLength: 40 }), fc.integer()), (badHref, id) => {
        const doc = cleanRichJson(docWith({ id, key: "DEMO-12", href: badHref }));
        expect(doc && inline(doc)).toEqual(["text"]);
      }),
      fuzzRun(300),
    );
  });
});

describe("the editor's issue references", () => {
  it("renders a reference from stored JSON with no href but the issue-page shape", () => {
    fc.assert(
      fc.property(fc.oneof(encodedScriptUrl, fc.constantFrom("https://evil.test/a/browse/DEMO-1", "//x", HREF)), (href) => {
        const spec = schema.nodes.issue.spec.toDOM?.(schema.nodes.issue.create({ id: ID, key: "DEMO-12", href })) as [string, Record<string, unknown>];
        expect(spec[0]).toBe("a");
        expect(spec[1].href).toBe(href === HREF ? HREF : null);
        expect(spec[1]["data-type"]).toBe("issue");
      }),
      fuzzRun(200),
    );
  });

  it("asks the search for the key typed, the project's newest issues after '#', or the words", () => {
    const project = { workspaceSlug: "acme", projectId: ID, identifier: "DEMO" };
    expect(issueSearchText({ char: "key", query: "" }, project)).toBe("DEMO-");
    expect(issueSearchText({ char: "key", query: "12" }, project)).toBe("DEMO-12");
    expect(issueSearchText({ char: "#", query: "" }, project)).toBe("DEMO-");
    expect(issueSearchText({ char: "#", query: "12" }, project)).toBe("12");
    expect(issueSearchText({ char: "#", query: "login" }, project)).toBe("login");
    expect(issueSearchText({ char: "@", query: "a" }, project)).toBeNull();
    // Without a project: words across the workspace, nothing for "#" alone; without a scope, nothing.
    expect(issueSearchText({ char: "#", query: "" }, { workspaceSlug: "acme" })).toBeNull();
    expect(issueSearchText({ char: "#", query: "login" }, { workspaceSlug: "acme" })).toBe("login");
    expect(issueSearchText({ char: "#", query: "login" }, undefined)).toBeNull();
  });

  it("offers at most 5 rows after '#', labels first but leaving room for up to 3 issues", () => {
    const rows = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => ({ id: `${prefix}${i}`, label: `${prefix}${i}` }));
    fc.assert(
      fc.property(fc.nat(8), fc.nat(5), (labelCount, issueCount) => {
        const issues = rows("DEMO-", issueCount).map((row) => ({ ...row, kind: "issue" as const }));
        const items = suggestionItems({ char: "#", query: "" }, [], rows("label", labelCount), issues);
        expect(items.length).toBe(Math.min(5, labelCount + issueCount));
        const shownIssues = items.filter((item) => item.kind === "issue").length;
        expect(shownIssues).toBe(Math.min(issueCount, Math.max(3, 5 - labelCount)));
        expect(items.slice(0, items.length - shownIssues).every((item) => item.kind === undefined)).toBe(true);
      }),
      fuzzRun(100),
    );
    expect(suggestionItems({ char: "key", query: "" }, [], rows("label", 3), rows("DEMO-", 7)).map((item) => item.id)).toEqual(rows("DEMO-", 5).map((row) => row.id));
  });
});
