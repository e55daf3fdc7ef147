// URLs as an attacker writes them into stored rich text: script schemes (javascript:, vbscript:,
// data:text/html) spelled with character references (decimal and hex, leading zeros, with and
// without the semicolon, &colon; &Tab; &NewLine;), control characters and whitespace anywhere in
// the scheme, mixed case and leading whitespace; and safe URLs spelled the same ways, whose clean
// form must be what is stored.
import fc from "fast-check";

/** One character as HTML may spell it inside an attribute value. */
function spelled(char: string): fc.Arbitrary<string> {
  const code = char.codePointAt(0) as number;
  const zeros = fc.nat({ max: 7 }).map((n) => "0".repeat(n));
  const semicolon = fc.constantFrom(";", "");
  const variants: fc.Arbitrary<string>[] = [
    fc.constant(char),
    fc.constant(char.toUpperCase()),
    fc.tuple(zeros, semicolon).map(([z, s]) => `&#${z}${code}${s}`),
    fc.tuple(fc.constantFrom("x", "X"), zeros, fc.boolean(), semicolon).map(([x, z, upper, s]) => {
      const hex = code.toString(16);
      return `&#${x}${z}${upper ? hex.toUpperCase() : hex}${s}`;
    }),
  ];
  if (char === ":") variants.push(fc.constant("&colon;"));
  return fc.oneof(...variants);
}

/** What a browser ignores inside or before a scheme: control characters, whitespace, their references. */
const IGNORED = ["\t", "\n", "\r", "\u0001", "\u001f", "\u007f", " ", "&Tab;", "&NewLine;", "&#9;", "&#x0A;", "&#13;"];
/** For script URLs also NUL and its reference, which a browser turns into U+FFFD. */
const scriptFiller = fc.constantFrom(...IGNORED, "\u0000", "&#0;", "&#x0000");
const safeLeading = fc.constantFrom(...IGNORED);
/** Inside a safe scheme only what a browser removes (a space there would make it another URL). */
const safeInner = fc.constantFrom(...IGNORED.filter((fill) => fill !== " "));

/**
 * `text` spelled piece by piece, with fillers inserted between the pieces of its first `spelledUpTo`
 * characters (the scheme). A reference without its semicolon gets one when a letter or digit
 * follows, since it would take that character in (and be another reference).
 */
function encoded(text: string, spelledUpTo: number, leadingFiller: fc.Arbitrary<string>, filler = leadingFiller): fc.Arbitrary<string> {
  const head = [...text.slice(0, spelledUpTo)];
  return fc
    .tuple(
      fc.array(leadingFiller, { maxLength: 3 }),
      fc.tuple(...head.map((char) => fc.tuple(spelled(char), fc.array(filler, { maxLength: 2 })))),
    )
    .map(([leading, pieces]) => {
      const parts = [...leading, ...pieces.flatMap(([piece, fill]) => [piece, ...fill]), text.slice(spelledUpTo)];
      return parts
        .map((part, index) => {
          const next = parts.slice(index + 1).join("")[0] ?? "";
          return /^&#[xX]?\d*[0-9a-fA-F]*$/.test(part) && /[0-9A-Za-z]/.test(next) ? `${part};` : part;
        })
        .join("");
    });
}

const scriptTargets = [
  "javascript:alert(document.cookie)",
  "javascript://%0aalert(1)",
  "vbscript:msgbox(1)",
  "data:text/html,<script>alert(1)</script>",
  "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
];

/** A script URL as written into an attribute value (still HTML-encoded). */
export const encodedScriptUrl: fc.Arbitrary<string> = fc
  .constantFrom(...scriptTargets)
  .chain((url) => encoded(url, url.indexOf(":") + 1, scriptFiller));

/** A script URL as a JSON string may carry it (no character references: JSON is not HTML). */
export const rawScriptUrl: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom(...scriptTargets), fc.array(fc.constantFrom("\t", "\n", "\r", "\u0000", "\u001f", "\u007f", " "), { maxLength: 3 }), fc.nat(), fc.boolean())
  .map(([url, fill, at, upper]) => {
    const cut = at % (url.indexOf(":") + 1);
    const scheme = upper ? url.slice(0, cut).toUpperCase() : url.slice(0, cut);
    return `${fill.join("")}${scheme}${fill.join("")}${url.slice(cut)}`;
  });

const safeTargets = ["https://example.com/a/b?c=1#d", "http://example.com/", "mailto:someone@example.com", "/acme/projects/x/issues/1", "#section-2"];

/** A safe URL spelled with references and fillers, and the clean URL a browser would follow. */
export const encodedSafeUrl: fc.Arbitrary<{ written: string; clean: string }> = fc
  .constantFrom(...safeTargets)
  .chain((clean) => encoded(clean, Math.max(1, clean.indexOf(":") + 1), safeLeading, safeInner).map((written) => ({ written, clean })));

/** An attribute written with double, single or no quotes (when the value allows none). */
export const attribute = (name: string, value: string): fc.Arbitrary<string> =>
  fc.constantFrom('"', "'", "").map((quote) => {
    if (quote === "" && /[\s"'=<>`]/.test(value)) return `${name}="${value.replace(/"/g, "&quot;")}"`;
    if (quote === "'" ) return `${name}='${value.replace(/'/g, "&#39;")}'`;
    return `${name}=${quote}${quote === '"' ? value.replace(/"/g, "&quot;") : value}${quote}`;
  });

/** A link and an image carrying `url` (still HTML-encoded), in a paragraph. */
export const htmlCarrying = (url: string): fc.Arbitrary<string> =>
  fc.tuple(attribute("href", url), attribute("src", url), fc.constantFrom("a", "A")).map(
    ([href, src, a]) => `<p>before <${a} ${href} target="_blank">link</${a}> <img ${src} alt="i"> after</p>`,
  );

/** A ProseMirror document with a link mark and an image holding `url`. */
export const docCarrying = (url: string) => ({
  type: "doc",
  content: [
    {
      type: "paragraph",
      content: [
        { type: "text", text: "link", marks: [{ type: "bold" }, { type: "link", attrs: { href: url, title: null } }] },
        { type: "image", attrs: { src: url, alt: null, title: null } },
      ],
    },
  ],
});

/**
 * An attribute value as a browser decodes it, written here apart from the code under test:
 * numeric references (semicolon optional) and the named ones a URL could hide in.
 */
function browserDecoded(value: string): string {
  const named: Record<string, string> = { amp: "&", quot: '"', lt: "<", gt: ">", colon: ":", Tab: "\t", NewLine: "\n", apos: "'" };
  return value.replace(/&(?:#[xX]([0-9a-fA-F]+);?|#([0-9]+);?|([A-Za-z]+);)/g, (whole, hex?: string, dec?: string, name?: string) => {
    if (name !== undefined) return named[name] ?? whole;
    const code = hex !== undefined ? Number.parseInt(hex, 16) : Number(dec);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : "\ufffd";
  });
}

/** The URL values of every href and src a piece of stored HTML holds, as a browser decodes them. */
export function urlsIn(html: string): string[] {
  const found: string[] = [];
  const tags = html.match(/<[a-zA-Z][^>]*>/g) ?? [];
  for (const tag of tags) {
    for (const match of tag.matchAll(/\s(href|src)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi)) {
      found.push(browserDecoded(match[2] ?? match[3] ?? match[4]));
    }
  }
  return found;
}

/**
 * Whether a stored URL is one a browser would run or render as a document: any scheme but http,
 * https and mailto once the characters a browser skips are gone.
 */
export function isDangerousStoredUrl(url: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: a browser skips these inside a scheme
  const compact = url.replace(/[\u0000-\u0020\u007f-\u009f]/g, "");
  const scheme = /^([^:/?#]*):/.exec(compact);
  return scheme !== null && !["http", "https", "mailto"].includes(scheme[1].toLowerCase());
}
