// The editor's document and the value it reports: ProseMirror JSON plus the HTML the schema
// serialises to (the server sanitises that HTML again before storing it).
import { type Node as PMNode, DOMParser as PMDOMParser, DOMSerializer } from "prosemirror-model";
import { type RichTextValue, isEmptyHtml } from "./prose";
import { schema } from "./schema";

/** True when the document holds no text and no leaf but line breaks. */
export function isDocEmpty(doc: PMNode) {
  let content = false;
  doc.descendants((node) => {
    if (content) return false;
    if (node.isText ? (node.text ?? "").trim() !== "" : node.isLeaf && node.type.name !== "hard_break") content = true;
    return !content;
  });
  return !content;
}

/** What the editor reports for a document: its JSON, its HTML and whether it is empty. */
export function richTextValueOf(doc: PMNode): RichTextValue {
  const container = document.createElement("div");
  container.appendChild(DOMSerializer.fromSchema(schema).serializeFragment(doc.content));
  return { json: doc.toJSON() as Record<string, unknown>, html: container.innerHTML, empty: isDocEmpty(doc) };
}

/** A document with one empty paragraph. */
export function emptyDoc() {
  return schema.topNodeType.createAndFill() as PMNode;
}

/** HTML read into a document, parsed in an inert document so nothing in it loads or runs. */
export function parseHtml(html: string): PMNode {
  const parsed = new window.DOMParser().parseFromString(`<body>${html}</body>`, "text/html");
  return PMDOMParser.fromSchema(schema).parse(parsed.body);
}

/** The starting document: the stored (sanitised) HTML, else the JSON, else an empty one. */
export function initialDoc(html: string | null | undefined, json: unknown): PMNode {
  if (html && !isEmptyHtml(html)) return parseHtml(html);
  if (json && typeof json === "object" && (json as { type?: unknown }).type === "doc") {
    try {
      const doc = schema.nodeFromJSON(json);
      doc.check();
      return doc;
    } catch {
      // a document of another schema: start empty
    }
  }
  return emptyDoc();
}
