// Allow-list HTML sanitiser for rich text (issue descriptions, comments, page blocks, imported and
// synced issues, AI answers), built on workerd's HTMLRewriter (lol-html, an HTML5-conformant
// tokenizer), so what we keep is parsed the way a browser parses it. Anything not on the lists is
// dropped; <script>, <style> and friends go with their content, other unknown tags are unwrapped
// and keep their text. The URL, class and nesting rules are shared with the browser
// (workers/domain/schemas/rich-text-policy.ts).
import {
  MAX_RICH_TEXT_DEPTH,
  decodeCharacterReferences,
  escapeAttribute,
  isAllowedClass,
  isIssueReferenceId,
  issueReferenceHref,
  safeUrl,
} from "../domain/schemas/rich-text-policy";

const ALLOWED_TAGS = new Set([
  "p", "br", "hr", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "li", "strong", "b", "em", "i", "u", "s",
  "del", "code", "pre", "blockquote", "a", "img", "span", "div", "table", "thead", "tbody", "tr", "th", "td",
  "sup", "sub", "mark",
]);

/** Elements without content or end tag: they never open a level of nesting. */
const VOID_TAGS = new Set(["br", "hr", "img", "wbr", "area", "base", "col", "embed", "input", "link", "meta", "source", "track", "param"]);

/** Elements dropped together with everything inside them. */
const DROP_WITH_CONTENT = new Set([
  "script", "style", "iframe", "object", "embed", "noscript", "template", "svg", "math", "textarea", "select",
  "form", "input", "button", "link", "meta", "base", "title", "head", "frame", "frameset", "applet", "xmp",
  "noembed", "noframes", "plaintext",
]);

const GLOBAL_ATTRIBUTES = new Set(["data-id", "data-label"]);
const TAG_ATTRIBUTES: Record<string, Set<string>> = {
  a: new Set(["href", "title", "target", "rel"]),
  img: new Set(["src", "alt", "title", "width", "height"]),
  span: new Set(["class", "data-type"]),
  td: new Set(["colspan", "rowspan"]),
  th: new Set(["colspan", "rowspan"]),
  ol: new Set(["start"]),
};
const URL_ATTRIBUTES = new Set(["href", "src"]);
/** Attributes that only ever hold a small number. */
const NUMBER_ATTRIBUTES = new Set(["width", "height", "colspan", "rowspan", "start"]);

interface RewriterElement {
  tagName: string;
  readonly attributes: IterableIterator<[string, string]>;
  getAttribute(name: string): string | null;
  setAttribute(name: string, value: string): void;
  removeAttribute(name: string): void;
  remove(): void;
  removeAndKeepContent(): void;
  onEndTag(handler: () => void): void;
}

export interface SanitizedHtml {
  html: string;
  /** Plain text for search (description_stripped, comment_stripped). */
  text: string;
}

/**
 * What one kept attribute becomes, given its value as written (HTMLRewriter hands values over with
 * character references still encoded): null drops it, a string is written back (already escaped).
 */
function cleanAttribute(tag: string, name: string, raw: string): string | null {
  const value = decodeCharacterReferences(raw, true);
  if (URL_ATTRIBUTES.has(name)) {
    const url = safeUrl(value);
    return url === null ? null : escapeAttribute(url);
  }
  // The editor's chips carry the same word as class and data-type ("mention", "tag").
  if (name === "class" || name === "data-type") return isAllowedClass(tag, value) ? value : null;
  if (NUMBER_ATTRIBUTES.has(name)) return /^\s*\d{1,4}\s*$/.test(value) ? value.trim() : null;
  return raw;
}

/** The attributes of an issue reference (the editor's "#" chip), and no others. */
const ISSUE_REFERENCE_ATTRIBUTES = new Set(["data-type", "data-id", "href", "class", "title"]);

/**
 * Whether a link is a whole issue reference: marked as one, with an issue id and the one href
 * shape it may have. Then it keeps exactly its own attributes (the class written by us); any other
 * link is held to the ordinary rules, which drop its data-type and class.
 */
function keptAsIssueReference(element: RewriterElement): boolean {
  if (element.getAttribute("data-type") !== "issue") return false;
  if (!isIssueReferenceId(decodeCharacterReferences(element.getAttribute("data-id") ?? "", true))) return false;
  const href = issueReferenceHref(decodeCharacterReferences(element.getAttribute("href") ?? "", true));
  if (href === null) return false;
  for (const [name] of [...element.attributes]) {
    if (!ISSUE_REFERENCE_ATTRIBUTES.has(name.toLowerCase())) element.removeAttribute(name);
  }
  element.setAttribute("data-id", decodeCharacterReferences(element.getAttribute("data-id") ?? "", true).toLowerCase());
  element.setAttribute("href", href);
  element.setAttribute("class", "issue");
  return true;
}

/**
 * Markup too deep for the parser at all, kept as what a reader could see of it: its text in one
 * paragraph, escaped (nothing of the markup survives).
 */
function flattened(input: string): SanitizedHtml {
  const text = decodeCharacterReferences(input.replace(/<[^>]*>?/g, " ")).replace(/\s+/g, " ").trim();
  return { html: `<p>${text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")}</p>`, text };
}

/** Sanitised HTML and its plain text; markup nested past what can be parsed is flattened to text. */
export async function sanitizeHtml(input: string): Promise<SanitizedHtml> {
  if (!input) return { html: "", text: "" };
  const textParts: string[] = [];
  let dropDepth = 0;
  // Open elements, counted from their end tags; those past the limit are unwrapped so what is
  // stored stays shallow (an element closed implicitly keeps counting, which only flattens more).
  let depth = 0;
  const rewriter = new HTMLRewriter()
    .onDocument({
      doctype() {},
      comments(comment) {
        comment.remove();
      },
      text(chunk) {
        if (dropDepth === 0) textParts.push(chunk.text);
      },
    })
    .on("*", {
      element(domElement) {
        // The DOM lib's Element shadows workerd's HTMLRewriter Element type; this is the latter.
        const element = domElement as unknown as RewriterElement;
        const tag = element.tagName.toLowerCase();
        if (DROP_WITH_CONTENT.has(tag)) {
          element.remove();
          // Track nesting so text inside dropped elements is not counted as searchable text.
          dropDepth++;
          try {
            element.onEndTag(() => {
              dropDepth--;
            });
          } catch {
            dropDepth--; // void element: no end tag
          }
          return;
        }
        if (!VOID_TAGS.has(tag)) {
          depth++;
          try {
            element.onEndTag(() => {
              depth--;
            });
          } catch {
            depth--; // written self-closing: no end tag
          }
        }
        if (!ALLOWED_TAGS.has(tag) || depth > MAX_RICH_TEXT_DEPTH) {
          element.removeAndKeepContent();
          return;
        }
        if (tag === "a" && keptAsIssueReference(element)) return;
        const allowed = TAG_ATTRIBUTES[tag];
        for (const [name, raw] of [...element.attributes]) {
          const attribute = name.toLowerCase();
          const kept = GLOBAL_ATTRIBUTES.has(attribute) || allowed?.has(attribute) ? cleanAttribute(tag, attribute, raw) : null;
          if (kept === null) element.removeAttribute(name);
          else if (kept !== raw) element.setAttribute(name, kept);
        }
        if (tag === "a" && element.getAttribute("target") === "_blank") {
          element.setAttribute("rel", "noopener noreferrer nofollow");
        }
      },
    });
  let html: string;
  try {
    html = await rewriter.transform(new Response(input)).text();
  } catch (error) {
    // lol-html gives up on markup nested tens of thousands deep ("memory limit exceeded").
    if (error instanceof Error && /memory limit/i.test(error.message)) return flattened(input);
    throw error;
  }
  const text = decodeCharacterReferences(textParts.join(" ")).replace(/\s+/g, " ").trim();
  return { html: html.replace(/<!doctype[^>]*>/gi, ""), text };
}
