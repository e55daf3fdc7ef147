// Atlassian Document Format (the JSON rich text of Jira descriptions and comments) to HTML.
// Nodes and marks with an HTML counterpart become it; a node we do not know keeps its text (its
// children, or the text it carries in its attributes), so nothing a person wrote is lost. The
// writer sanitises the result like every description we store; links are checked here as well.

interface AdfMark {
  type: string;
  attrs?: Record<string, unknown>;
}

interface AdfNode {
  type: string;
  text?: string;
  attrs?: Record<string, unknown>;
  marks?: AdfMark[];
  content?: AdfNode[];
}

const escapeText = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const escapeAttr = (text: string) => escapeText(text).replace(/"/g, "&quot;");

/** Only web and mail links survive: a `javascript:` href is dropped, its text kept. */
function safeHref(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const trimmed = value.trim();
  return /^(https?:|mailto:)/i.test(trimmed) ? trimmed : null;
}

const attr = (node: AdfNode, name: string): unknown => node.attrs?.[name];
const stringAttr = (node: AdfNode, name: string): string => {
  const value = attr(node, name);
  return typeof value === "string" ? value : "";
};

function applyMarks(html: string, marks: AdfMark[] | undefined): string {
  let out = html;
  for (const mark of marks ?? []) {
    switch (mark.type) {
      case "strong":
        out = `<strong>${out}</strong>`;
        break;
      case "em":
        out = `<em>${out}</em>`;
        break;
      case "code":
        out = `<code>${out}</code>`;
        break;
      case "strike":
        out = `<s>${out}</s>`;
        break;
      case "underline":
        out = `<u>${out}</u>`;
        break;
      case "subsup":
        out = mark.attrs?.type === "sup" ? `<sup>${out}</sup>` : `<sub>${out}</sub>`;
        break;
      case "link": {
        const href = safeHref(mark.attrs?.href);
        if (href) out = `<a href="${escapeAttr(href)}">${out}</a>`;
        break;
      }
      // textColor, backgroundColor, alignment, annotation...: the text stays, the styling goes.
      default:
        break;
    }
  }
  return out;
}

function children(node: AdfNode): string {
  return Array.isArray(node.content) ? node.content.map(render).join("") : "";
}

function render(node: AdfNode): string {
  if (!node || typeof node !== "object") return "";
  switch (node.type) {
    case "doc":
      return children(node);
    case "text":
      return applyMarks(escapeText(typeof node.text === "string" ? node.text : ""), node.marks);
    case "paragraph":
      return `<p>${children(node)}</p>`;
    case "heading": {
      const level = Number(attr(node, "level"));
      const n = Number.isInteger(level) && level >= 1 && level <= 6 ? level : 2;
      return `<h${n}>${children(node)}</h${n}>`;
    }
    case "bulletList":
      return `<ul>${children(node)}</ul>`;
    case "orderedList": {
      const order = Number(attr(node, "order"));
      return Number.isInteger(order) && order > 1 ? `<ol start="${order}">${children(node)}</ol>` : `<ol>${children(node)}</ol>`;
    }
    case "listItem":
      return `<li>${children(node)}</li>`;
    case "codeBlock": {
      const language = stringAttr(node, "language").replace(/[^A-Za-z0-9_+-]/g, "");
      const code = (node.content ?? []).map((child) => (typeof child.text === "string" ? child.text : "")).join("");
      return `<pre><code${language ? ` class="language-${language}"` : ""}>${escapeText(code)}</code></pre>`;
    }
    case "blockquote":
      return `<blockquote>${children(node)}</blockquote>`;
    case "panel":
      return `<blockquote>${children(node)}</blockquote>`;
    case "rule":
      return "<hr>";
    case "hardBreak":
      return "<br>";
    case "mention": {
      const text = stringAttr(node, "text") || stringAttr(node, "id");
      const label = text.startsWith("@") ? text : `@${text}`;
      return `<span class="mention">${escapeText(label)}</span>`;
    }
    case "emoji":
      return escapeText(stringAttr(node, "text") || stringAttr(node, "shortName"));
    case "inlineCard":
    case "blockCard":
    case "embedCard": {
      const href = safeHref(attr(node, "url"));
      if (!href) return "";
      const link = `<a href="${escapeAttr(href)}">${escapeText(href)}</a>`;
      return node.type === "inlineCard" ? link : `<p>${link}</p>`;
    }
    case "status":
      return applyMarks(escapeText(stringAttr(node, "text")), node.marks);
    case "date": {
      const timestamp = Number(attr(node, "timestamp"));
      return Number.isFinite(timestamp) ? new Date(timestamp).toISOString().slice(0, 10) : "";
    }
    case "table":
      return `<table><tbody>${children(node)}</tbody></table>`;
    case "tableRow":
      return `<tr>${children(node)}</tr>`;
    case "tableHeader":
      return `<th>${children(node)}</th>`;
    case "tableCell":
      return `<td>${children(node)}</td>`;
    // Attachments live in Jira; there is nothing to show for them here.
    case "media":
    case "mediaGroup":
    case "mediaSingle":
    case "mediaInline":
      return "";
    default: {
      // A node we do not know: its children, else whatever text it carries.
      if (Array.isArray(node.content)) return children(node);
      const text = typeof node.text === "string" ? node.text : stringAttr(node, "text");
      return applyMarks(escapeText(text), node.marks);
    }
  }
}

/** The HTML of an ADF document (or of a plain string, from older APIs); "" for nothing. */
export function adfToHtml(doc: unknown): string {
  if (doc === null || doc === undefined) return "";
  if (typeof doc === "string") return doc.trim() === "" ? "" : `<p>${escapeText(doc).replace(/\r?\n/g, "<br>")}</p>`;
  if (typeof doc !== "object") return "";
  return render(doc as AdfNode);
}

const BLOCKS = new Set(["paragraph", "heading", "listItem", "codeBlock", "blockquote", "panel", "rule", "tableRow", "blockCard"]);

function textOf(node: AdfNode): string {
  if (!node || typeof node !== "object") return "";
  if (node.type === "text") return typeof node.text === "string" ? node.text : "";
  if (node.type === "hardBreak") return "\n";
  if (node.type === "mention" || node.type === "emoji" || node.type === "status") return stringAttr(node, "text") || stringAttr(node, "shortName");
  if (node.type === "inlineCard" || node.type === "blockCard") return stringAttr(node, "url");
  const inner = Array.isArray(node.content) ? node.content.map(textOf).join(node.type === "tableRow" ? " " : "") : stringAttr(node, "text");
  return BLOCKS.has(node.type) ? `${inner}\n` : inner;
}

/** The plain text of an ADF document: blocks on their own lines, formatting dropped. */
export function adfToText(doc: unknown): string {
  if (doc === null || doc === undefined) return "";
  if (typeof doc === "string") return doc.trim();
  if (typeof doc !== "object") return "";
  return textOf(doc as AdfNode)
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}
