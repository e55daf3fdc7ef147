// What stored rich text may carry, decided once for the server's sanitiser and for the browser that
// renders it: which URLs a link or image may point to, which class values markup may keep, and how
// deep it may nest. Client-safe (no imports).

/** Schemes a link or image may use; anything else (javascript:, vbscript:, data:, ...) is refused. */
const SAFE_SCHEMES = new Set(["http", "https", "mailto"]);

// Characters a browser drops from a URL or that have no business in one: C0 controls (tab and
// newline included), DEL and the C1 controls.
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/g;

/**
 * The URL a browser would follow for a link or image, cleaned, or null when it must not be kept.
 * Takes the value as the browser sees it (character references already decoded). Control
 * characters are dropped, surrounding whitespace trimmed, inner spaces percent-encoded and the
 * scheme lower-cased, so the
 * value written back is exactly the one judged. Allowed: http, https and mailto URLs, fragments,
 * queries and paths on this site; refused: every other scheme, protocol-relative `//host` and
 * `/\host` (a browser reads the backslash as a slash), and anything left empty.
 */
export function safeUrl(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const url = value.replace(CONTROL_CHARACTERS, "").trim().replace(/\s/g, "%20");
  if (url === "" || url[0] === "\\") return null;
  if (url[0] === "/") return url[1] === "/" || url[1] === "\\" ? null : url;
  const end = url.search(/[:/?#\\]/);
  // No scheme before the first path, query or fragment character: a path relative to this page.
  if (end === -1 || url[end] !== ":") return url;
  const scheme = url.slice(0, end).toLowerCase();
  return SAFE_SCHEMES.has(scheme) ? scheme + url.slice(end) : null;
}

// ---------------------------------------------------------------- issue references

/**
 * The one shape an issue reference (the editor's "#" chip) links to: this site's page of an issue
 * by its key, "/{workspace}/browse/{IDENTIFIER}-{number}". Nothing else may wear the chip.
 */
const ISSUE_REFERENCE_PATH = /^\/[a-z0-9]+(?:-[a-z0-9]+)*\/browse\/[A-Z]{1,12}-[1-9]\d{0,8}$/;

/** An issue's id as stored in a reference: a UUID. */
const ISSUE_REFERENCE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The href of an issue reference when it has exactly the allowed shape, else null. */
export function issueReferenceHref(value: unknown): string | null {
  return typeof value === "string" && ISSUE_REFERENCE_PATH.test(value) ? value : null;
}

/** Whether `value` is an issue id a reference may carry. */
export function isIssueReferenceId(value: unknown): boolean {
  return typeof value === "string" && ISSUE_REFERENCE_ID.test(value);
}

/** The path an issue reference links to, for the issue `key` ("DEMO-12") of the workspace `slug`. */
export const issueReferencePath = (slug: string, key: string) => `/${slug}/browse/${key}`;

// ---------------------------------------------------------------- character references

/** Named references a URL could hide in, and the ones HTML writes most; the rest stay as written. */
const NAMED_REFERENCES: Record<string, string> = {
  amp: "&", AMP: "&", lt: "<", LT: "<", gt: ">", GT: ">", quot: '"', QUOT: '"', apos: "'", nbsp: "\u00a0",
  colon: ":", Tab: "\t", NewLine: "\n", sol: "/", bsol: "\\", period: ".", comma: ",", excl: "!", num: "#",
  dollar: "$", percnt: "%", lpar: "(", rpar: ")", ast: "*", midast: "*", plus: "+", equals: "=", quest: "?",
  commat: "@", lowbar: "_", UnderBar: "_", lsqb: "[", rsqb: "]", lbrack: "[", rbrack: "]", lcub: "{", rcub: "}",
  lbrace: "{", rbrace: "}", verbar: "|", vert: "|", VerticalLine: "|", semi: ";", grave: "`", DiacriticalGrave: "`",
  Hat: "^", hyphen: "\u2010", dash: "\u2010", shy: "\u00ad", ZeroWidthSpace: "\u200b", NoBreak: "\u2060",
  copy: "\u00a9", COPY: "\u00a9", reg: "\u00ae", REG: "\u00ae", hellip: "\u2026", mdash: "\u2014", ndash: "\u2013",
};

/** Names a browser also accepts without the closing semicolon (the legacy ones that matter here). */
const WITHOUT_SEMICOLON = ["amp", "AMP", "lt", "LT", "gt", "GT", "quot", "QUOT", "nbsp", "copy", "COPY", "reg", "REG"];

/** What a browser makes of numeric references 0x80-0x9F: the Windows-1252 characters, in order. */
const WINDOWS_1252 =
  "\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f" +
  "\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178";

function numericReference(digits: string, hex: boolean): string {
  const code = Number.parseInt(digits, hex ? 16 : 10);
  if (!Number.isFinite(code) || code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return "\ufffd";
  return code >= 0x80 && code <= 0x9f ? WINDOWS_1252[code - 0x80] : String.fromCodePoint(code);
}

/**
 * Decodes character references the way a browser does: decimal and hex references with or without
 * leading zeros and the semicolon, named references (the legacy few also without the semicolon,
 * except inside an attribute when a letter, digit or "=" follows). Unknown names stay as written.
 */
export function decodeCharacterReferences(text: string, inAttribute = false): string {
  if (!text.includes("&")) return text;
  return text.replace(/&(?:#([xX][0-9a-fA-F]+|[0-9]+);?|([A-Za-z][A-Za-z0-9]*)(;?))/g, (whole, numeric: string | undefined, name: string | undefined, semicolon: string, offset: number) => {
    if (numeric !== undefined) {
      const hex = numeric[0] === "x" || numeric[0] === "X";
      return numericReference(hex ? numeric.slice(1) : numeric, hex);
    }
    if (!name) return whole;
    if (semicolon && Object.hasOwn(NAMED_REFERENCES, name)) return NAMED_REFERENCES[name];
    const legacy = WITHOUT_SEMICOLON.filter((candidate) => name.startsWith(candidate)).sort((a, b) => b.length - a.length)[0];
    if (!legacy) return whole;
    const rest = whole.slice(1 + legacy.length);
    if (inAttribute && rest !== "" && /^[A-Za-z0-9=]/.test(rest)) return whole;
    if (inAttribute && rest === "" && /^[=]/.test(text.slice(offset + whole.length))) return whole;
    return NAMED_REFERENCES[legacy] + rest;
  });
}

/** A value made safe to write inside a double-quoted attribute, decoding back to itself. */
export function escapeAttribute(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

// ---------------------------------------------------------------- classes and nesting

/**
 * The only class values rich text keeps, per element, exactly as the editor writes them (its
 * @mention and #tag chips, and the issue reference's link). Nothing else: user markup must not
 * borrow the app's own utility classes to lay itself over the page. `style` is never kept. The
 * sanitiser keeps the link's value only on a whole issue reference.
 */
export const ALLOWED_CLASSES: Readonly<Record<string, readonly string[]>> = { span: ["mention", "tag"], a: ["issue"] };

/** Whether `value` is exactly one of the class values the editor writes on `tag`. */
export function isAllowedClass(tag: string, value: string): boolean {
  return ALLOWED_CLASSES[tag.toLowerCase()]?.includes(value) ?? false;
}

/**
 * How deep stored rich text may nest. The editor's documents stay under a dozen levels and a
 * browser's HTML parser stops nesting at 512; deeper markup is flattened when stored (HTML) or
 * refused (ProseMirror JSON), so no reader recurses without bound.
 */
export const MAX_RICH_TEXT_DEPTH = 100;

export const RICH_TEXT_TOO_DEEP = `Rich text may nest at most ${MAX_RICH_TEXT_DEPTH} levels deep.`;

// ---------------------------------------------------------------- stored HTML, when rendered

/** Attributes whose value a browser loads or follows as a URL. */
const URL_ATTRIBUTES = new Set(["href", "src", "action", "formaction", "poster", "background", "cite", "data", "xlink:href"]);

/** Elements whose content a browser does not read as markup; stored HTML never has them. */
const NOT_MARKUP = new Set(["script", "style", "xmp", "iframe", "noembed", "noframes", "noscript", "textarea", "title", "plaintext", "svg", "math"]);

const isSpace = (char: string | undefined) => char === " " || char === "\t" || char === "\n" || char === "\r" || char === "\f";
const isAsciiLetter = (char: string | undefined) => char !== undefined && /^[A-Za-z]$/.test(char);

/** The whole text shown as text: the answer for markup the reader below does not model. */
const asText = (html: string) => html.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/**
 * Stored HTML made safe to hand to the browser as markup, whatever was stored (rows written
 * before a rule existed included): every URL attribute is judged by `safeUrl` and written back
 * cleaned or dropped, `class` keeps only the editor's own values and `style` goes. It reads tags
 * the way a browser's tokenizer does (quoted values, `/` and missing spaces between attributes);
 * markup it does not model (comments, doctype, script-like elements), which the sanitiser never
 * stores, makes it answer the whole text escaped.
 */
export function safeStoredHtml(html: string): string {
  const out: string[] = [];
  let copied = 0;
  let at = 0;
  const length = html.length;
  while (true) {
    const open = html.indexOf("<", at);
    if (open === -1) break;
    const next = html[open + 1];
    const closing = next === "/";
    if (next === "!" || next === "?" || (closing && !isAsciiLetter(html[open + 2]))) {
      if (closing && html[open + 2] === ">") {
        at = open + 3;
        continue;
      }
      return asText(html);
    }
    if (!isAsciiLetter(closing ? html[open + 2] : next)) {
      at = open + 1;
      continue;
    }
    let i = open + (closing ? 2 : 1);
    const nameStart = i;
    while (i < length && !isSpace(html[i]) && html[i] !== "/" && html[i] !== ">") i++;
    const tag = html.slice(nameStart, i).toLowerCase();
    if (!closing && NOT_MARKUP.has(tag)) return asText(html);
    // Attributes, until the tag's ">".
    let ended = false;
    while (i < length) {
      while (i < length && (isSpace(html[i]) || html[i] === "/")) i++;
      if (i >= length) break;
      if (html[i] === ">") {
        ended = true;
        i++;
        break;
      }
      const attributeStart = i;
      i++; // the first character belongs to the name, even "="
      while (i < length && !isSpace(html[i]) && html[i] !== "/" && html[i] !== ">" && html[i] !== "=") i++;
      const name = html.slice(attributeStart, i).toLowerCase();
      let j = i;
      while (j < length && isSpace(html[j])) j++;
      let raw: string | null = null;
      if (html[j] === "=") {
        j++;
        while (j < length && isSpace(html[j])) j++;
        const quote = html[j];
        if (quote === '"' || quote === "'") {
          const close = html.indexOf(quote, j + 1);
          if (close === -1) return asText(html);
          raw = html.slice(j + 1, close);
          i = close + 1;
        } else {
          let k = j;
          while (k < length && !isSpace(html[k]) && html[k] !== ">") k++;
          raw = html.slice(j, k);
          i = k;
        }
      }
      if (closing) continue;
      const replacement = attributeReplacement(tag, name, raw);
      if (replacement === undefined) continue;
      out.push(html.slice(copied, attributeStart), replacement);
      copied = i;
    }
    if (!ended) return asText(html);
    at = i;
  }
  out.push(html.slice(copied));
  return out.join("");
}

/** What replaces one attribute of a stored tag: undefined keeps it as written, "" drops it. */
function attributeReplacement(tag: string, name: string, raw: string | null): string | undefined {
  if (name === "style") return "";
  if (name === "class") return raw !== null && isAllowedClass(tag, decodeCharacterReferences(raw, true)) ? undefined : "";
  if (!URL_ATTRIBUTES.has(name)) return undefined;
  const url = safeUrl(decodeCharacterReferences(raw ?? "", true));
  return url === null ? "" : `${name}="${escapeAttribute(url)}"`;
}

// ---------------------------------------------------------------- ProseMirror JSON

/**
 * How deep a stored ProseMirror document may nest as JSON: each node holds its children in a
 * `content` array (two levels per node), and marks and attributes add a few at the leaves.
 */
export const MAX_RICH_JSON_DEPTH = 2 * MAX_RICH_TEXT_DEPTH + 4;

type JsonObject = Record<string, unknown>;
const isObject = (value: unknown): value is JsonObject => typeof value === "object" && value !== null && !Array.isArray(value);

/** Keeps a link mark only with a safe href (written back cleaned); other marks stay. */
function keepMark(mark: unknown): boolean {
  if (!isObject(mark) || mark.type !== "link") return true;
  const attrs = isObject(mark.attrs) ? mark.attrs : {};
  const href = safeUrl(attrs.href);
  if (href === null) return false;
  mark.attrs = { ...attrs, href };
  return true;
}

/**
 * Keeps an image node only with a safe src (written back cleaned) and an issue reference only with
 * an issue id and the one href shape it may link to; other nodes stay.
 */
function keepNode(node: unknown): boolean {
  if (!isObject(node)) return true;
  if (node.type === "issue") {
    const attrs = isObject(node.attrs) ? node.attrs : {};
    return isIssueReferenceId(attrs.id) && issueReferenceHref(attrs.href) !== null;
  }
  if (node.type !== "image") return true;
  const attrs = isObject(node.attrs) ? node.attrs : {};
  const src = safeUrl(attrs.src);
  if (src === null) return false;
  node.attrs = { ...attrs, src };
  return true;
}

/**
 * A ProseMirror document as it may be stored: link marks and images keep only safe URLs, written
 * back cleaned (the editor renders this JSON), and unsafe ones are dropped, as are issue
 * references of another shape. Cleans in place and
 * answers the document, or null when it nests deeper than MAX_RICH_JSON_DEPTH. Walks with its own
 * stack, so no depth of input can exhaust the call stack.
 */
export function cleanRichJson<T extends JsonObject>(doc: T): T | null {
  const stack: [unknown, number][] = [[doc, 1]];
  while (stack.length > 0) {
    const [value, depth] = stack.pop() as [unknown, number];
    if (typeof value !== "object" || value === null) continue;
    if (depth > MAX_RICH_JSON_DEPTH) return null;
    if (Array.isArray(value)) {
      for (const item of value) stack.push([item, depth + 1]);
      continue;
    }
    const node = value as JsonObject;
    if (Array.isArray(node.marks)) node.marks = node.marks.filter(keepMark);
    if (Array.isArray(node.content)) node.content = node.content.filter(keepNode);
    for (const child of Object.values(node)) stack.push([child, depth + 1]);
  }
  return doc;
}
