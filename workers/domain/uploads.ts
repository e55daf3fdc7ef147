// What an upload operation receives: the parts of the form, already read. Reading the body
// (multipart, streamed with a byte limit) is the transport's job (workers/api/multipart.ts); it
// happens only when the operation asks, after its access checks, so a caller who may not upload
// never gets the Worker to read a byte of their file.

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
