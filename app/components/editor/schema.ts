// The rich-text schema of descriptions and comments: paragraphs, headings 1-3,
// bullet and ordered lists, blockquotes, code blocks, images, hard breaks, @mentions, #tags and
// issue references, with bold, italic, strike, inline code and links. Every node renders to tags and attributes the
// server's sanitiser keeps (workers/lib/sanitize-html.ts), so the stored HTML round-trips.
import { type MarkSpec, type NodeSpec, Schema } from "prosemirror-model";
import { schema as basicSchema } from "prosemirror-schema-basic";
import { addListNodes } from "prosemirror-schema-list";
import { isIssueReferenceId, issueReferenceHref, safeUrl } from "../../../workers/domain/schemas/rich-text-policy";

// Only web and mail links and this site's own paths survive into the document or onto the page,
// by the same rule the server stores by (also for documents stored before the rule existed).
export { safeUrl };

const heading: NodeSpec = {
  attrs: { level: { default: 1, validate: "number" } },
  content: "inline*",
  group: "block",
  defining: true,
  parseDOM: [
    { tag: "h1", attrs: { level: 1 } },
    { tag: "h2", attrs: { level: 2 } },
    { tag: "h3", attrs: { level: 3 } },
    // Headings 1-3 only: deeper ones become level 3.
    { tag: "h4", attrs: { level: 3 } },
    { tag: "h5", attrs: { level: 3 } },
    { tag: "h6", attrs: { level: 3 } },
  ],
  toDOM: (node) => [`h${Math.min(3, Math.max(1, Number(node.attrs.level) || 1))}`, 0],
};

const image: NodeSpec = {
  inline: true,
  attrs: { src: { validate: "string" }, alt: { default: null }, title: { default: null } },
  group: "inline",
  draggable: true,
  parseDOM: [
    {
      tag: "img[src]",
      getAttrs: (dom) => {
        const src = safeUrl((dom as HTMLElement).getAttribute("src"));
        return src ? { src, alt: (dom as HTMLElement).getAttribute("alt"), title: (dom as HTMLElement).getAttribute("title") } : false;
      },
    },
  ],
  toDOM: (node) => ["img", { src: safeUrl(node.attrs.src), alt: node.attrs.alt, title: node.attrs.title }],
};

/** An inline reference (a project member for @, a label for #), kept as a data-typed span. */
function referenceNode(type: "mention" | "tag", prefix: string): NodeSpec {
  return {
    inline: true,
    group: "inline",
    atom: true,
    selectable: false,
    attrs: { id: { default: "" }, label: { default: "" } },
    parseDOM: [
      {
        tag: `span[data-type="${type}"]`,
        getAttrs: (dom) => ({
          id: (dom as HTMLElement).getAttribute("data-id") ?? "",
          label: (dom as HTMLElement).getAttribute("data-label") ?? (dom as HTMLElement).textContent?.replace(/^[@#]/, "") ?? "",
        }),
      },
    ],
    toDOM: (node) => [
      "span",
      { "data-type": type, "data-id": node.attrs.id, "data-label": node.attrs.label, class: type },
      `${prefix}${node.attrs.label}`,
    ],
    leafText: (node) => `${prefix}${node.attrs.label}`,
  };
}

/**
 * A reference to an issue: a link to the issue's page by its key ("DEMO-12"), shown as a chip
 * with the key and the issue's title on hover, deleted as one unit. Its id, href and title are
 * attributes, so the link survives copy and paste; a link of any other shape is an ordinary link.
 */
const issue: NodeSpec = {
  inline: true,
  group: "inline",
  atom: true,
  selectable: false,
  attrs: { id: { validate: "string" }, key: { validate: "string" }, href: { validate: "string" }, title: { default: null } },
  parseDOM: [
    {
      tag: 'a[data-type="issue"]',
      // Ahead of the link mark, which would read it as an ordinary link.
      priority: 60,
      getAttrs: (dom) => {
        const element = dom as HTMLElement;
        const id = element.getAttribute("data-id");
        const href = issueReferenceHref(element.getAttribute("href"));
        const key = element.textContent?.trim() ?? "";
        if (!isIssueReferenceId(id) || !href || key === "") return false;
        return { id, key, href, title: element.getAttribute("title") };
      },
    },
  ],
  toDOM: (node) => [
    "a",
    { "data-type": "issue", "data-id": node.attrs.id, href: issueReferenceHref(node.attrs.href), class: "issue", title: node.attrs.title },
    node.attrs.key,
  ],
  leafText: (node) => node.attrs.key,
};

const link: MarkSpec = {
  attrs: { href: { validate: "string" }, title: { default: null } },
  inclusive: false,
  parseDOM: [
    {
      tag: "a[href]",
      getAttrs: (dom) => {
        const href = safeUrl((dom as HTMLElement).getAttribute("href"));
        return href ? { href, title: (dom as HTMLElement).getAttribute("title") } : false;
      },
    },
  ],
  toDOM: (mark) => ["a", { href: safeUrl(mark.attrs.href), title: mark.attrs.title, target: "_blank", rel: "noopener noreferrer nofollow" }, 0],
};

const strike: MarkSpec = {
  parseDOM: [{ tag: "s" }, { tag: "del" }, { tag: "strike" }, { style: "text-decoration=line-through" }],
  toDOM: () => ["s", 0],
};

// The basic schema's specs are ordered maps already, so no direct dependency on orderedmap.
const baseNodes = basicSchema.spec.nodes
  .update("heading", heading)
  .update("image", image)
  .addToEnd("mention", referenceNode("mention", "@"))
  .addToEnd("tag", referenceNode("tag", "#"))
  .addToEnd("issue", issue);

export const schema = new Schema({
  nodes: addListNodes(baseNodes, "paragraph block*", "block"),
  marks: basicSchema.spec.marks.update("link", link).addToEnd("strike", strike),
});
