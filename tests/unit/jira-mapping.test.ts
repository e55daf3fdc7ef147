// Jira's rich text (Atlassian Document Format) as the HTML and plain text we store, the mapping
// of Jira statuses and priorities to ours, and which host names the importer may reach.
import { describe, expect, it } from "vitest";
import type { Config } from "../../workers/env";
import { adfToHtml, adfToText } from "../../workers/importers/jira/adf";
import { jiraHostOf, jiraProjectKeyOf } from "../../workers/importers/jira/client";
import { isoOf, priorityOf, stateGroupOf } from "../../workers/importers/jira/source";

const doc = (...content: unknown[]) => ({ type: "doc", version: 1, content });
const p = (...content: unknown[]) => ({ type: "paragraph", content });
const text = (value: string, ...marks: unknown[]) => (marks.length ? { type: "text", text: value, marks } : { type: "text", text: value });

describe("ADF to HTML", () => {
  it("turns paragraphs and headings into their elements", () => {
    expect(adfToHtml(doc(p(text("Hello")), { type: "heading", attrs: { level: 3 }, content: [text("Title")] }))).toBe("<p>Hello</p><h3>Title</h3>");
  });

  it("applies strong, em, code, strike and link marks, nested in order", () => {
    const html = adfToHtml(
      doc(
        p(
          text("bold", { type: "strong" }),
          text(" "),
          text("both", { type: "strong" }, { type: "em" }),
          text("x", { type: "code" }),
          text("gone", { type: "strike" }),
          text("site", { type: "link", attrs: { href: "https://example.com/a?b=1&c=2" } }),
        ),
      ),
    );
    expect(html).toBe(
      '<p><strong>bold</strong> <em><strong>both</strong></em><code>x</code><s>gone</s><a href="https://example.com/a?b=1&amp;c=2">site</a></p>',
    );
  });

  it("keeps the text of a link whose address is not a web or mail address", () => {
    expect(adfToHtml(doc(p(text("click", { type: "link", attrs: { href: "javascript:alert(1)" } }))))).toBe("<p>click</p>");
  });

  it("escapes text, so markup typed in Jira stays text", () => {
    expect(adfToHtml(doc(p(text("<script>alert('x')</script> & more"))))).toBe("<p>&lt;script&gt;alert('x')&lt;/script&gt; &amp; more</p>");
  });

  it("writes bullet and ordered lists with their items", () => {
    const item = (value: string) => ({ type: "listItem", content: [p(text(value))] });
    expect(adfToHtml(doc({ type: "bulletList", content: [item("a"), item("b")] }))).toBe("<ul><li><p>a</p></li><li><p>b</p></li></ul>");
    expect(adfToHtml(doc({ type: "orderedList", attrs: { order: 3 }, content: [item("c")] }))).toBe('<ol start="3"><li><p>c</p></li></ol>');
    expect(adfToHtml(doc({ type: "orderedList", attrs: { order: 1 }, content: [item("d")] }))).toBe("<ol><li><p>d</p></li></ol>");
  });

  it("writes code blocks with their language, blockquotes, rules and hard breaks", () => {
    expect(adfToHtml(doc({ type: "codeBlock", attrs: { language: "ts" }, content: [text("if (a < b) {}")] }))).toBe(
      '<pre><code class="language-ts">if (a &lt; b) {}</code></pre>',
    );
    expect(adfToHtml(doc({ type: "blockquote", content: [p(text("quoted"))] }))).toBe("<blockquote><p>quoted</p></blockquote>");
    expect(adfToHtml(doc(p(text("one"), { type: "hardBreak" }, text("two")), { type: "rule" }))).toBe("<p>one<br>two</p><hr>");
  });

  it("shows mentions by name, emoji by their character, and cards as links", () => {
    const html = adfToHtml(
      doc(
        p(
          { type: "mention", attrs: { id: "712020:abc", text: "@Ada Lovelace", accessLevel: "" } },
          text(" "),
          { type: "emoji", attrs: { shortName: ":smile:", text: "😄" } },
          text(" "),
          { type: "emoji", attrs: { shortName: ":custom:" } },
          text(" "),
          { type: "inlineCard", attrs: { url: "https://acme.atlassian.net/browse/ENG-1" } },
        ),
      ),
    );
    expect(html).toBe(
      '<p><span class="mention">@Ada Lovelace</span> 😄 :custom: <a href="https://acme.atlassian.net/browse/ENG-1">https://acme.atlassian.net/browse/ENG-1</a></p>',
    );
  });

  it("keeps the text of nodes it does not know", () => {
    const html = adfToHtml(
      doc(
        { type: "expand", attrs: { title: "More" }, content: [p(text("hidden detail"))] },
        p({ type: "placeholder", attrs: { text: "Type here" } }, { type: "status", attrs: { text: "IN REVIEW", color: "blue" } }),
      ),
    );
    expect(html).toBe("<p>hidden detail</p><p>Type hereIN REVIEW</p>");
  });

  it("leaves attachments out and answers nothing for an empty description", () => {
    expect(adfToHtml(doc({ type: "mediaSingle", content: [{ type: "media", attrs: { id: "x", type: "file" } }] }, p(text("after"))))).toBe(
      "<p>after</p>",
    );
    expect(adfToHtml(null)).toBe("");
    expect(adfToHtml(undefined)).toBe("");
    expect(adfToHtml("plain\ntext")).toBe("<p>plain<br>text</p>");
  });

  it("gives plain text for module descriptions, one block a line", () => {
    expect(adfToText(doc(p(text("First "), text("line", { type: "strong" })), { type: "bulletList", content: [{ type: "listItem", content: [p(text("item"))] }] }))).toBe(
      "First line\nitem",
    );
    expect(adfToText(null)).toBe("");
  });
});

describe("Jira statuses and priorities", () => {
  const status = (name: string, key: string) => ({ name, statusCategory: { key } });

  it("groups statuses by their category, with Backlog and dropped work told apart", () => {
    expect(stateGroupOf(status("Backlog", "new"))).toBe("backlog");
    expect(stateGroupOf(status("To Do", "new"))).toBe("unstarted");
    expect(stateGroupOf(status("In Progress", "indeterminate"))).toBe("started");
    expect(stateGroupOf(status("Done", "done"))).toBe("completed");
    expect(stateGroupOf(status("Won't Do", "done"))).toBe("cancelled");
    expect(stateGroupOf(status("Cancelled", "done"))).toBe("cancelled");
    expect(stateGroupOf(status("Canceled", "done"))).toBe("cancelled");
    expect(stateGroupOf(null)).toBe("unstarted");
  });

  it("maps Jira's five priorities onto ours", () => {
    expect(["Highest", "High", "Medium", "Low", "Lowest", "Unknown", undefined].map(priorityOf)).toEqual(["urgent", "high", "medium", "low", "low", "none", "none"]);
  });

  it("reads Jira's timestamps with their offset", () => {
    expect(isoOf("2024-01-02T10:20:30.000+0100")).toBe("2024-01-02T09:20:30.000Z");
    expect(isoOf(null)).toBeNull();
    expect(isoOf("not a date")).toBeNull();
  });
});

describe("Jira host names and project keys", () => {
  const cloud = { JIRA_HOST_SUFFIX: ".atlassian.net" } as Config;
  const anyHost = { JIRA_HOST_SUFFIX: "" } as Config;

  it("accepts a site's host name, typed bare or as its address", () => {
    expect(jiraHostOf(cloud, "acme.atlassian.net")).toBe("acme.atlassian.net");
    expect(jiraHostOf(cloud, " https://Acme.Atlassian.net/ ")).toBe("acme.atlassian.net");
  });

  it("refuses any host that is not under the configured suffix", () => {
    for (const typed of [
      "atlassian.net",
      ".atlassian.net",
      "evilatlassian.net",
      "acme.atlassian.net.evil.com",
      "acme.atlassian.net:8080",
      "acme.atlassian.net/wiki",
      "user@acme.atlassian.net",
      "169.254.169.254",
      "localhost",
      "acme.atlassian.net#",
      "",
    ]) {
      expect(jiraHostOf(cloud, typed), typed).toBeNull();
    }
  });

  it("lets tests reach the local fake when the suffix is empty, still as a bare host", () => {
    expect(jiraHostOf(anyHost, "127.0.0.1:8123")).toBe("127.0.0.1:8123");
    expect(jiraHostOf(anyHost, "127.0.0.1:8123/x?y")).toBeNull();
  });

  it("reads project keys in Jira's form", () => {
    expect(jiraProjectKeyOf(" eng ")).toBe("ENG");
    expect(jiraProjectKeyOf("ENG_2")).toBe("ENG_2");
    expect(jiraProjectKeyOf("2ENG")).toBeNull();
    expect(jiraProjectKeyOf('ENG" OR project != "X')).toBeNull();
  });
});
