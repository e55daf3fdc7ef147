// Reads an asset upload (a multipart body with an `asset` file and `attributes` JSON text) for the
// domain's upload operations. Nothing is read until the operation asks, after its access checks.
// The body is streamed with a byte limit: one announced or arriving bigger than the file limit
// plus the multipart framing is refused with 413 while it streams, so a chunked upload without
// Content-Length cannot make the Worker buffer an unbounded body.
import { Invalid } from "../domain/errors";
import { MULTIPART_OVERHEAD_BYTES, readBodyWithin } from "../lib/body-limit";
import type { AssetUpload, UploadPart } from "../domain/uploads";

export const NOT_MULTIPART = "Send the file as multipart/form-data with an asset field.";

/** The upload in a request's body, read when the domain asks for it. */
export function assetUpload(request: Request): AssetUpload {
  return {
    async read({ maxFileBytes, tooLarge }) {
      // A refused upload is read on up to three times the limit, so the client sees the 413.
      const bytes = await readBodyWithin(request, maxFileBytes + MULTIPART_OVERHEAD_BYTES, { drainFactor: 3, tooLarge });
      const form = await formOf(bytes, request.headers.get("content-type") ?? "");
      return { asset: partOf(form.get("asset")), attributes: partOf(form.get("attributes")) };
    },
  };
}

function partOf(entry: FormDataEntryValue | null): UploadPart | null {
  if (entry === null || typeof entry === "string") return entry;
  return { name: entry.name, type: entry.type, size: entry.size, content: entry };
}

/** The multipart form in `bytes`; anything else is refused as not an upload. */
async function formOf(bytes: ArrayBuffer, contentType: string): Promise<FormData> {
  try {
    return await new Response(bytes, { headers: { "content-type": contentType } }).formData();
  } catch {
    throw Invalid.field("asset", NOT_MULTIPART);
  }
}
