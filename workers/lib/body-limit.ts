// How much of a request body the Worker reads: each kind of body has a limit, enforced while it
// is read. A body announced larger than its limit (Content-Length) is refused before a byte is
// read; one that arrives without a length, or lies about it, is counted as it streams and the
// reading stops at the first byte past the limit. Either way the refusal costs milliseconds, not
// the time it would take to receive the whole body.
import { TooLarge } from "../domain/errors";
import { MAX_UPLOAD_BYTES } from "../domain/schemas/uploads";

/** Room for the multipart boundaries, part headers and the attributes field around an uploaded file. */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/** The most each kind of body may hold, in bytes. */
export const BODY_LIMITS = {
  /** Sign-in and sign-up: an email, a password and a name or two. */
  account: 16 * 1024,
  /** Any other JSON body; the largest are descriptions (HTML plus the editor's JSON). */
  json: 1_048_576,
  /** A multipart file upload, through the API or a page's form. */
  upload: MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD_BYTES,
  /** A page's form or JSON intent that carries no file. */
  pageForm: 1_048_576,
} as const;

/**
 * No body the Worker accepts is larger (a CSV import, whose file limit loads with the importer,
 * is as large as an upload): a bigger announced one is refused before anything else runs.
 */
export const LARGEST_BODY = Math.max(...Object.values(BODY_LIMITS));

/**
 * Where the API stops listening before anything runs: twice the largest limit, so a body just over
 * its route's limit still gets that route's own refusal (an upload's names the file limit).
 */
export const EARLY_REFUSAL_BYTES = 2 * LARGEST_BODY;

export const BODY_TOO_LARGE = "Request body is too large.";

/** The length a request announces (Content-Length), or null when it names none or nonsense. */
export function declaredLength(request: Request): number | null {
  const header = request.headers.get("content-length");
  return header !== null && /^\d{1,16}$/.test(header.trim()) ? Number(header.trim()) : null;
}

/** Refuses a request that announces a body larger than `maxBytes`, without reading any of it. */
export function refuseDeclaredOver(request: Request, maxBytes: number): void {
  const declared = declaredLength(request);
  if (declared !== null && declared > maxBytes) throw new TooLarge(BODY_TOO_LARGE);
}

/**
 * Reads what is left of a refused body and drops it, up to `cap` bytes in all, so a client still
 * sending gets to read the 413 instead of a reset connection; past the cap the body is cancelled.
 */
async function drainUpTo(reader: ReadableStreamDefaultReader<Uint8Array>, received: number, cap: number) {
  let total = received;
  while (total <= cap) {
    const { done, value } = await reader.read();
    if (done) return;
    total += value.byteLength;
  }
  await reader.cancel().catch(() => {});
}

/**
 * Reads and drops the body of a request that was answered without reading it (a 404 for an id
 * of another project, a refusal before parsing): a connection closed on a body still arriving is
 * reset, and the client loses the answer with it. Bodies announced past the early-refusal cap are
 * left to be cut.
 */
export async function dropUnreadBody(request: Request): Promise<void> {
  if (!request.body || request.bodyUsed) return;
  const declared = declaredLength(request);
  if (declared !== null && declared > EARLY_REFUSAL_BYTES) return;
  await drainUpTo(request.body.getReader(), 0, EARLY_REFUSAL_BYTES).catch(() => {});
}

/**
 * The body of `request`, at most `maxBytes` of it: refused with `TooLarge` when it announces more,
 * or as soon as more arrives. `drainFactor` lets a refused upload be read on (and dropped) up to
 * that many times the limit before the connection is cut; by default reading stops at the limit.
 */
export async function readBodyWithin(
  request: Request,
  maxBytes: number,
  options: { drainFactor?: number; tooLarge?: string } = {},
): Promise<ArrayBuffer> {
  const tooLarge = options.tooLarge ?? BODY_TOO_LARGE;
  const declared = declaredLength(request);
  if (declared !== null && declared > maxBytes) throw new TooLarge(tooLarge);
  if (!request.body) return new ArrayBuffer(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    received += value.byteLength;
    if (received > maxBytes) {
      if (options.drainFactor) await drainUpTo(reader, received, maxBytes * options.drainFactor);
      else await reader.cancel().catch(() => {});
      throw new TooLarge(tooLarge);
    }
    chunks.push(value);
  }
  const body = new Uint8Array(received);
  let at = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.byteLength;
  }
  return body.buffer;
}

/** A page post's limit: a multipart form may carry a file, any other form or intent may not. */
export function pageBodyLimitOf(request: Request): number {
  const type = request.headers.get("content-type") ?? "";
  return type.toLowerCase().startsWith("multipart/form-data") ? BODY_LIMITS.upload : BODY_LIMITS.pageForm;
}

/**
 * The same request with its body read within the page limit, for the Remix handler: the actions
 * read their forms in full, so the limit is applied here, before any of them runs.
 */
export async function withPageBodyWithin(request: Request): Promise<Request> {
  if (request.method === "GET" || request.method === "HEAD" || !request.body) return request;
  const body = await readBodyWithin(request, pageBodyLimitOf(request));
  return new Request(request, { body });
}
