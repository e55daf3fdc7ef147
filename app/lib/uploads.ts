// The browser's side of an upload: what it checks before sending a file, and the multipart body
// every file-assets endpoint reads (`asset` plus `attributes` {name, size}).
import {
  IMAGE_UPLOAD_TYPE_INVALID,
  IMAGE_UPLOAD_TYPES,
  MAX_UPLOAD_BYTES,
  UPLOAD_FAILED,
  UPLOAD_TOO_LARGE,
} from "../../workers/domain/schemas/uploads";
import { type ActionFailure, failureMessage } from "./action-answer";

/** What is wrong with a file before anything is sent, or null: any non-empty file up to 5 MB. */
export function fileProblem(file: File) {
  return file.size === 0 || file.size > MAX_UPLOAD_BYTES ? UPLOAD_TOO_LARGE : null;
}

/** The same for an image (logos, avatars, covers): one of the image types as well. */
export function imageFileProblem(file: File) {
  if (!(IMAGE_UPLOAD_TYPES as readonly string[]).includes(file.type)) return IMAGE_UPLOAD_TYPE_INVALID;
  return fileProblem(file);
}

/** The multipart body of a file-assets upload. */
export function assetFormData(file: File) {
  const body = new FormData();
  body.append("asset", file);
  body.append("attributes", JSON.stringify({ name: file.name, size: file.size }));
  return body;
}

/** The file input's `accept` for an image. */
export const IMAGE_ACCEPT = IMAGE_UPLOAD_TYPES.join(",");

/** What a refused upload says: a refusal of the role in the server's words, any refused file the upload message. */
export function uploadRefusalMessage(failure: ActionFailure) {
  return failure.kind === "Forbidden" ? failureMessage(failure, UPLOAD_FAILED) : UPLOAD_FAILED;
}
