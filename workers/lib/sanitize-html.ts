// Allow-list HTML sanitiser for rich text (issue descriptions, comments, page blocks), built on
// workerd's HTMLRewriter (lol-html, an HTML5-conformant tokenizer), so what we keep is parsed
// the way a browser parses it. Anything not on the lists is dropped; <script>, <style> and
// friends go with their content, other unknown tags are unwrapped and keep their text.

const ALLOWED_TAGS = new Set([
  "p", "br", "hr", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "li", "strong", "b", "em", "i", "u", "s",
  "del", "code", "pre", "blockquote", "a", "img", "span", "div", "table", "thead", "tbody", "tr", "th", "td",
  "sup", "sub", "mark",
]);

/** Elements dropped together with everything inside them. */
const DROP_WITH_CONTENT = new Set([
  "script", "style", "iframe", "object", "embed", "noscript", "template", "svg", "math", "textarea", "select",
  "form", "input", "button", "link", "meta", "base", "title", "head", "frame", "frameset", "applet", "xmp",
  "noembed", "noframes", "plaintext",
]);

const GLOBAL_ATTRIBUTES = new Set(["class", "data-id", "data-type", "data-label", "data-checked"]);
const TAG_ATTRIBUTES: Record<string, Set<string>> = {
  a: new Set(["href", "title", "target", "rel"]),
  img: new Set(["src", "alt", "title", "width", "height"]),
  td: new Set(["colspan", "rowspan"]),
  th: new Set(["colspan", "rowspan"]),
  ol: new Set(["start"]),
};
const URL_ATTRIBUTES = new Set(["href", "src"]);

function isSafeUrl(value: string): boolean {
  // Browsers ignore whitespace and control characters inside a scheme ("java\tscript:").
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
  const compact = value.replace(/[\u0000-\u0020\u007f-\u009f]+/g, "").toLowerCase();
  if (compact.startsWith("/") || compact.startsWith("#") || compact.startsWith("?")) return true;
  const scheme = compact.match(/^([a-z][a-z0-9+.-]*):/);
  if (!scheme) return !compact.includes(":"); // a relative path such as "image.png"
  return scheme[1] === "http" || scheme[1] === "https" || scheme[1] === "mailto";
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === "#") {
      const code = name[1] === "x" || name[1] === "X" ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : "";
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

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

export async function sanitizeHtml(input: string): Promise<SanitizedHtml> {
  if (!input) return { html: "", text: "" };
  const textParts: string[] = [];
  let dropDepth = 0;
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
        if (!ALLOWED_TAGS.has(tag)) {
          element.removeAndKeepContent();
          return;
        }
        const allowed = TAG_ATTRIBUTES[tag];
        for (const [name, value] of [...element.attributes]) {
          const attribute = name.toLowerCase();
          const keep =
            (GLOBAL_ATTRIBUTES.has(attribute) || allowed?.has(attribute)) &&
            (!URL_ATTRIBUTES.has(attribute) || isSafeUrl(value));
          if (!keep) element.removeAttribute(name);
        }
        if (tag === "a" && element.getAttribute("target") === "_blank") {
          element.setAttribute("rel", "noopener noreferrer nofollow");
        }
      },
    });
  const html = await rewriter.transform(new Response(input)).text();
  const text = decodeEntities(textParts.join(" ")).replace(/\s+/g, " ").trim();
  return { html, text };
}
