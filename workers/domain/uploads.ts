// What an upload operation receives: the parts of the form, already read. Reading the body
// (multipart, streamed with a byte limit) is the transport's job (workers/api/multipart.ts); it
// happens only when the operation asks, after its access checks, so a caller who may not upload
// never gets the Worker to read a byte of their file.
import type { z } from "zod";
import { safeFileName } from "../lib/file-types";
import { fieldErrorsOf } from "../lib/validation";
import { Invalid, TooLarge } from "./errors";
import {
  MAX_UPLOAD_BYTES,
  UPLOAD_ATTRIBUTES_INVALID,
  UPLOAD_FILE_EMPTY,
  UPLOAD_FILE_REQUIRED,
  UPLOAD_TOO_LARGE,
} from "./schemas/uploads";
import { UploadAttributesInput } from "./schemas/upload-attributes";

/** A file sent in an upload: its name and type as the client declared them, its size and bytes. */
export interface UploadedFile {
  name: string;
  type: string;
  size: number;
  content: Blob;
}

/** One part of an upload form: text, or a file. */
export type UploadPart = string | UploadedFile;

/** The parts of an asset upload: the file (`asset`) and its JSON `attributes` text. */
export interface AssetUploadParts {
  asset: UploadPart | null;
  attributes: UploadPart | null;
}

/** An upload whose body is read on demand. */
export interface AssetUpload {
  /** Reads the parts, refusing with `TooLarge(tooLarge)` a body too big for a file of `maxFileBytes`. */
  read(limit: { maxFileBytes: number; tooLarge: string }): Promise<AssetUploadParts>;
}

/** The file of an upload, checked, with the attributes sent beside it. */
export interface ReceivedFile {
  file: UploadedFile;
  /**
   * The name the client gave in its attributes, else the file's own, else `fallbackName`; made
   * safe (no path separators, control characters or quotes).
   */
  name: string;
}

/** Reads the `attributes` part: absent or blank is `{}`, anything but a JSON object is refused. */
function attributesOf(raw: UploadPart | null): z.infer<typeof UploadAttributesInput> {
  if (raw === null) return {};
  if (typeof raw !== "string") throw Invalid.field("attributes", UPLOAD_ATTRIBUTES_INVALID);
  let parsed: unknown;
  try {
    parsed = raw.trim() === "" ? {} : JSON.parse(raw);
  } catch {
    throw Invalid.field("attributes", UPLOAD_ATTRIBUTES_INVALID);
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) {
    throw Invalid.field("attributes", UPLOAD_ATTRIBUTES_INVALID);
  }
  const result = UploadAttributesInput.safeParse(parsed);
  if (!result.success) {
    const fields = fieldErrorsOf(result.error);
    throw new Invalid(Object.fromEntries(Object.entries(fields).map(([key, messages]) => [`attributes.${key}`, messages])));
  }
  return result.data;
}

/**
 * Reads an upload's parts and checks its file: present, not empty, within the size limit. Call it
 * only after the caller's access is checked.
 */
export async function receiveFile(upload: AssetUpload, fallbackName: string): Promise<ReceivedFile> {
  const form = await upload.read({ maxFileBytes: MAX_UPLOAD_BYTES, tooLarge: UPLOAD_TOO_LARGE });
  const file = form.asset;
  if (file === null || typeof file === "string") throw Invalid.field("asset", UPLOAD_FILE_REQUIRED);
  if (file.size > MAX_UPLOAD_BYTES) throw new TooLarge(UPLOAD_TOO_LARGE);
  if (file.size === 0) throw Invalid.field("asset", UPLOAD_FILE_EMPTY);
  const attributes = attributesOf(form.attributes);
  return { file, name: safeFileName(attributes.name || file.name || fallbackName, fallbackName) };
}
