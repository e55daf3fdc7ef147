// What an uploaded file is, told by its bytes, and how a stored file may be served back.
//
// The client's declared type is a claim anyone can forge ("image/png" on an HTML page), so the
// type we store and serve comes from the file's first bytes (its signature). Only raster images
// are ever rendered by the browser from our origin; everything else is a download with nosniff,
// so neither an HTML page nor an SVG (which can carry scripts) can run as one of our pages.

/** Raster images: the only types served inline (shown in the browser rather than downloaded). */
export const RASTER_IMAGE_TYPES = ["image/png", "image/jpeg", "image/gif", "image/webp", "image/avif"] as const;
export type RasterImageType = (typeof RASTER_IMAGE_TYPES)[number];

/** Text has no signature: these are the text types a client may name, kept when the bytes are text. */
const TEXT_TYPES = ["text/plain", "text/csv", "text/markdown"] as const;

/** What any file whose bytes prove nothing better is stored and served as. */
export const UNKNOWN_FILE_TYPE = "application/octet-stream";

/** Every type we store: served with exactly this type; any other stored value is served as unknown. */
const KNOWN_TYPES: readonly string[] = [...RASTER_IMAGE_TYPES, "application/pdf", "application/zip", ...TEXT_TYPES];

/** How many leading bytes `fileTypeOf` reads: enough for every signature and a text sample. */
export const SNIFF_BYTES = 8192;

const ascii = (head: Uint8Array, from: number, to: number) => String.fromCharCode(...head.slice(from, to));
const startsWith = (head: Uint8Array, bytes: number[], at = 0) => bytes.every((byte, index) => head[at + index] === byte);

/** The raster image type the bytes say, from their signature, or null for anything else. */
export function rasterImageTypeOf(head: Uint8Array): RasterImageType | null {
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (startsWith(head, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (ascii(head, 0, 4) === "GIF8" && (head[4] === 0x37 || head[4] === 0x39) && head[5] === 0x61) return "image/gif";
  if (ascii(head, 0, 4) === "RIFF" && ascii(head, 8, 12) === "WEBP") return "image/webp";
  // AVIF is an ISO media file whose "ftyp" box names "avif" (a still) or "avis" (a sequence)
  // as its major brand or one of its compatible brands.
  if (ascii(head, 4, 8) === "ftyp") {
    const boxEnd = Math.min(new DataView(head.buffer, head.byteOffset, head.byteLength).getUint32(0), head.length);
    for (let at = 8; at + 4 <= boxEnd; at += at === 8 ? 8 : 4) {
      const brand = ascii(head, at, at + 4);
      if (brand === "avif" || brand === "avis") return "image/avif";
    }
  }
  return null;
}

/** Whether the sample is UTF-8 text without control characters (tabs, line and page breaks aside). */
function isPlainText(head: Uint8Array) {
  try {
    // A full sample may end in the middle of a multi-byte character: `stream` lets that pass.
    const text = new TextDecoder("utf-8", { fatal: true }).decode(head, { stream: head.length >= SNIFF_BYTES });
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the rule is about control characters
    return !/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/.test(text);
  } catch {
    return false;
  }
}

/** Text that opens with a tag (HTML, SVG, XML) is markup a browser could run, never plain text. */
const isMarkup = (head: Uint8Array) => /^\ufeff?\s*</.test(new TextDecoder().decode(head.slice(0, 1024)));

/**
 * The type to store for a file: its signature's (raster images, PDF, ZIP); for text, the client's
 * declared text type when the bytes really are plain text and not markup; else unknown
 * (`application/octet-stream`). The declared type never makes a file anything its bytes are not.
 */
export function fileTypeOf(head: Uint8Array, declared: string): string {
  const raster = rasterImageTypeOf(head);
  if (raster) return raster;
  if (ascii(head, 0, 5) === "%PDF-") return "application/pdf";
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04]) || startsWith(head, [0x50, 0x4b, 0x05, 0x06])) return "application/zip";
  const claimed = declared.split(";")[0].trim().toLowerCase();
  if ((TEXT_TYPES as readonly string[]).includes(claimed) && isPlainText(head) && !isMarkup(head)) return claimed;
  return UNKNOWN_FILE_TYPE;
}

/** Reads the first bytes of a blob, as many as `fileTypeOf` needs. */
export async function headOf(content: Blob): Promise<Uint8Array> {
  return new Uint8Array(await content.slice(0, SNIFF_BYTES).arrayBuffer());
}

export const isRasterImageType = (type: string): type is RasterImageType => (RASTER_IMAGE_TYPES as readonly string[]).includes(type);

// Path separators, control characters, quotes, and the marks that reverse the reading direction
// (which can make "gpj.exe" read as "exe.jpg").
// biome-ignore lint/suspicious/noControlCharactersInRegex: the rule is about control characters
const UNSAFE_NAME_CHARACTERS = /[/\\\u0000-\u001f\u007f-\u009f"'`\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const MAX_NAME_LENGTH = 255;

/**
 * A file name safe to store and to send in a header: no path separators, control characters,
 * quotes or direction marks (each becomes "_"), no surrounding spaces, at most 255 characters, and
 * never empty, "." or "..": those become `fallback`.
 */
export function safeFileName(name: string, fallback: string): string {
  const cleaned = [...name.replace(UNSAFE_NAME_CHARACTERS, "_").trim()].slice(0, MAX_NAME_LENGTH).join("").trim();
  return /^\.*$/.test(cleaned) ? fallback : cleaned;
}

// RFC 5987 leaves only letters, digits and !#$&+-.^_`|~ unencoded in `filename*`.
const encodeHeaderValue = (value: string) =>
  encodeURIComponent(value).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);

/** A stored file's name and type, as the serving headers need them. */
export interface ServedFile {
  name: string;
  contentType: string;
}

/**
 * The headers every stored file is served with: raster images inline, anything else as a
 * download (`attachment`); never sniffed; a type we did not prove is sent as unknown; the name
 * in an ASCII `filename` and a UTF-8 `filename*`; and a sandbox, so even a file the browser were
 * talked into rendering would get no scripts and no origin.
 */
export function servedFileHeaders(file: ServedFile, fallbackName = "file"): Record<string, string> {
  const contentType = KNOWN_TYPES.includes(file.contentType) ? file.contentType : UNKNOWN_FILE_TYPE;
  const name = safeFileName(file.name, fallbackName);
  const disposition = isRasterImageType(contentType) ? "inline" : "attachment";
  const asciiName = name.replace(/[^\x20-\x7e]/g, "_");
  return {
    "content-type": contentType,
    "content-disposition": `${disposition}; filename="${asciiName}"; filename*=UTF-8''${encodeHeaderValue(name)}`,
    "x-content-type-options": "nosniff",
    "content-security-policy": "default-src 'none'; sandbox",
  };
}
