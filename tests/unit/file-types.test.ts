// workers/lib/file-types.ts: a file's type comes from its bytes, names are made safe, and only
// raster images are served inline.
import { describe, expect, it } from "vitest";
import { SNIFF_BYTES, fileTypeOf, rasterImageTypeOf, safeFileName, servedFileHeaders } from "../../workers/lib/file-types";

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(parts.flatMap((part) => (typeof part === "string" ? [...part].map((ch) => ch.charCodeAt(0)) : part)));
const utf8 = (text: string) => new TextEncoder().encode(text);

/** An ISO media "ftyp" box with a major brand and compatible brands. */
const ftyp = (major: string, ...compatible: string[]) => {
  const size = 16 + 4 * compatible.length;
  return bytes([0, 0, 0, size], "ftyp", major, [0, 0, 0, 0], ...compatible, "rest of the file");
};

describe("the type told by the bytes", () => {
  it.each([
    ["image/png", bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], "IHDR")],
    ["image/jpeg", bytes([0xff, 0xd8, 0xff, 0xe0], "JFIF")],
    ["image/gif", bytes("GIF87a", "...")],
    ["image/gif", bytes("GIF89a", "...")],
    ["image/webp", bytes("RIFF", [0x10, 0, 0, 0], "WEBPVP8 ")],
    ["image/avif", ftyp("avif", "mif1", "miaf")],
    ["image/avif", ftyp("avis", "msf1")],
    ["image/avif", ftyp("mif1", "miaf", "avif")],
  ])("recognises %s by its signature", (type, head) => {
    expect(rasterImageTypeOf(head)).toBe(type);
    // Whatever the client said.
    expect(fileTypeOf(head, "text/html")).toBe(type);
    expect(fileTypeOf(head, "")).toBe(type);
  });

  it("is not fooled by near misses: HEIC, a WebP without its tag, GIF without a version, too few bytes", () => {
    expect(rasterImageTypeOf(ftyp("heic", "mif1", "heix"))).toBeNull();
    expect(rasterImageTypeOf(bytes("RIFF", [0x10, 0, 0, 0], "WAVEfmt "))).toBeNull();
    expect(rasterImageTypeOf(bytes("GIF8", "0a"))).toBeNull();
    expect(rasterImageTypeOf(bytes([0x89, 0x50, 0x4e]))).toBeNull();
    expect(rasterImageTypeOf(new Uint8Array())).toBeNull();
  });

  it("knows PDF and ZIP whatever they claim", () => {
    expect(fileTypeOf(utf8("%PDF-1.7\n%binary"), "image/png")).toBe("application/pdf");
    expect(fileTypeOf(bytes("PK", [3, 4], "word/document.xml"), "application/vnd.openxmlformats-officedocument.wordprocessingml.document")).toBe(
      "application/zip",
    );
    expect(fileTypeOf(bytes("PK", [5, 6], [0, 0, 0, 0]), "")).toBe("application/zip");
  });

  it("keeps a text type the client named only when the bytes are plain text, not markup", () => {
    expect(fileTypeOf(utf8("delivery 1 ok\n\tretry\r\n"), "text/plain")).toBe("text/plain");
    expect(fileTypeOf(utf8("a,b\n1,2\n"), "text/csv; charset=utf-8")).toBe("text/csv");
    expect(fileTypeOf(utf8("# Notes\n- é ü 漢字 😀\n"), "text/markdown")).toBe("text/markdown");
    // Text nobody called text proves nothing: it is unknown.
    expect(fileTypeOf(utf8("abc"), "")).toBe("application/octet-stream");
    // A text claim on markup, on control characters or on bytes that are not UTF-8.
    expect(fileTypeOf(utf8("<!doctype html><script>alert(1)</script>"), "text/plain")).toBe("application/octet-stream");
    expect(fileTypeOf(utf8('\ufeff  \n<svg xmlns="http://www.w3.org/2000/svg"/>'), "text/plain")).toBe("application/octet-stream");
    expect(fileTypeOf(utf8("<?xml version='1.0'?><x/>"), "text/plain")).toBe("application/octet-stream");
    expect(fileTypeOf(bytes("text", [0], "more"), "text/plain")).toBe("application/octet-stream");
    expect(fileTypeOf(bytes("caf", [0xe9], " au lait"), "text/plain")).toBe("application/octet-stream");
    expect(fileTypeOf(bytes("caf", [0xe9]), "text/plain")).toBe("application/octet-stream");
    // HTML and SVG are never a type we store, whatever they claim.
    expect(fileTypeOf(utf8("<html></html>"), "text/html")).toBe("application/octet-stream");
    expect(fileTypeOf(utf8("<svg/>"), "image/svg+xml")).toBe("application/octet-stream");
    expect(fileTypeOf(utf8("<svg/>"), "image/png")).toBe("application/octet-stream");
  });

  it("accepts a sample that ends in the middle of a multi-byte character", () => {
    const sample = utf8(`${"a".repeat(SNIFF_BYTES - 1)}é`).slice(0, SNIFF_BYTES);
    expect(sample[SNIFF_BYTES - 1]).toBe(0xc3);
    expect(fileTypeOf(sample, "text/plain")).toBe("text/plain");
  });
});

describe("safe file names", () => {
  it.each([
    ["report.pdf", "report.pdf"],
    ["../../etc/passwd", ".._.._etc_passwd"],
    ["..\\..\\boot.ini", ".._.._boot.ini"],
    ['say "hi" it\'s `me`.txt', "say _hi_ it_s _me_.txt"],
    ["line\r\nSet-Cookie: a=b.txt", "line__Set-Cookie: a=b.txt"],
    ["tab\there\u0000.txt", "tab_here_.txt"],
    ["invoice\u202Efdp.exe", "invoice_fdp.exe"],
    ["  spaced  ", "spaced"],
    ["évil page.html", "évil page.html"],
    ["漢字😀.png", "漢字😀.png"],
  ])("%j becomes %j", (name, safe) => {
    expect(safeFileName(name, "file")).toBe(safe);
  });

  it("never leaves an empty name, '.' or '..'", () => {
    for (const name of ["", "   ", ".", "..", "..."]) expect(safeFileName(name, "file"), JSON.stringify(name)).toBe("file");
  });

  it("keeps at most 255 characters without splitting one", () => {
    const name = "😀".repeat(300);
    expect([...safeFileName(name, "file")]).toHaveLength(255);
    expect(safeFileName("a".repeat(300), "file")).toHaveLength(255);
  });
});

describe("serving headers", () => {
  it("shows raster images inline and downloads everything else, never sniffed and sandboxed", () => {
    for (const type of ["image/png", "image/jpeg", "image/gif", "image/webp", "image/avif"]) {
      const headers = servedFileHeaders({ name: "pic.png", contentType: type });
      expect(headers["content-type"]).toBe(type);
      expect(headers["content-disposition"]).toBe(`inline; filename="pic.png"; filename*=UTF-8''pic.png`);
    }
    for (const type of ["application/pdf", "application/zip", "text/plain", "text/csv", "application/octet-stream"]) {
      const headers = servedFileHeaders({ name: "doc", contentType: type });
      expect(headers["content-type"]).toBe(type);
      expect(headers["content-disposition"]).toBe(`attachment; filename="doc"; filename*=UTF-8''doc`);
      expect(headers["x-content-type-options"]).toBe("nosniff");
      expect(headers["content-security-policy"]).toBe("default-src 'none'; sandbox");
    }
  });

  it("serves a type it never stores (a row from before, HTML, SVG) as an unknown download", () => {
    for (const type of ["text/html", "image/svg+xml", "application/xhtml+xml", "text/xml", "image/png; charset=x"]) {
      const headers = servedFileHeaders({ name: "page.html", contentType: type });
      expect(headers["content-type"]).toBe("application/octet-stream");
      expect(headers["content-disposition"]).toMatch(/^attachment; /);
    }
  });

  it("writes an ASCII filename and a UTF-8 filename* that cannot break the header", () => {
    const headers = servedFileHeaders({ name: 'r\u00e9sum\u00e9 "final" (v2)\r\n*.txt', contentType: "text/plain" });
    expect(headers["content-disposition"]).toBe(
      `attachment; filename="r_sum_ _final_ (v2)__*.txt"; filename*=UTF-8''r%C3%A9sum%C3%A9%20_final_%20%28v2%29__%2A.txt`,
    );
    expect(servedFileHeaders({ name: "..", contentType: "text/plain" })["content-disposition"]).toContain('filename="file"');
  });
});
