// Reads an asset upload (a multipart body with an `asset` file and `attributes` JSON text) for the
// domain's upload operations. Nothing is read until the operation asks, after its access checks.
// The body is streamed with a byte limit: one announced or arriving bigger than the file limit
// plus the multipart framing is refused with 413 while it streams, so a chunked upload without
// Content-Length cannot make the Worker buffer an unbounded body.
import { Invalid, TooLarge } from "../domain/errors";
import type { AssetUpload, UploadPart } from "../domain/uploads";

/** Room for the multipart boundaries, part headers and the attributes field around the file. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
export const NOT_MULTIPART = "Send the file as multipart/form-data with an asset field.";

/** The upload in a request's body, read when the domain asks for it. */
export function assetUpload(request: Request): AssetUpload {
  return {
    async read({ maxFileBytes, tooLarge }) {
      const maxBytes = maxFileBytes + MULTIPART_OVERHEAD_BYTES;
      // Refuse a body announced as too large before reading a byte of it.
      const declared = request.headers.get("content-length");
      if (declared && /^\d+$/.test(declared) && Number(declared) > maxBytes) throw new TooLarge(tooLarge);
      const form = await readLimitedForm(request, maxBytes, tooLarge);
      return { asset: partOf(form.get("asset")), attributes: partOf(form.get("attributes")) };
    },
  };
}

function partOf(entry: FormDataEntryValue | null): UploadPart | null {
  if (entry === null || typeof entry === "string") return entry;
  return { name: entry.name, type: entry.type, size: entry.size, content: entry };
}

/**
 * Reads and drops what is left of a refused body, up to `cap` bytes in all, so the client gets to
 * read the 413 instead of a connection reset mid-upload; past the cap the body is cancelled.
 */
async function discardRest(reader: ReadableStreamDefaultReader<Uint8Array>, received: number, cap: number) {
  let total = received;
  while (total <= cap) {
    const { done, value } = await reader.read();
    if (done) return;
    total += value.byteLength;
  }
  await reader.cancel().catch(() => {});
}

/** Reads a multipart body, stopping with 413 as soon as more than `maxBytes` have arrived. */
async function readLimitedForm(request: Request, maxBytes: number, tooLarge: string): Promise<FormData> {
  const chunks: Uint8Array[] = [];
  if (request.body) {
    const reader = request.body.getReader();
    let received = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      received += value.byteLength;
      if (received > maxBytes) {
        await discardRest(reader, received, maxBytes * 3);
        throw new TooLarge(tooLarge);
      }
      chunks.push(value);
    }
  }
  try {
    return await new Response(new Blob(chunks as BlobPart[]), { headers: { "content-type": request.headers.get("content-type") ?? "" } }).formData();
  } catch {
    throw Invalid.field("asset", NOT_MULTIPART);
  }
}
