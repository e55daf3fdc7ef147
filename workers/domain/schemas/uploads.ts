// Upload limits and messages: client-safe and zod-free (the issue page checks a file before it
// sends it). Issue attachments, images in descriptions, covers and avatars share one size limit.

/** Every uploaded file may be at most 5 MB. */
export const MAX_UPLOAD_BYTES = 5_242_880;
export const UPLOAD_TOO_LARGE = "Invalid file type or size (max 5 MB)";
/** What the browser says when an upload it sent was refused. */
export const UPLOAD_FAILED = "Something went wrong. please check file type & size (max 5 MB)";
export const UPLOAD_FILE_REQUIRED = "Please choose a file to upload.";
export const UPLOAD_FILE_EMPTY = "The file is empty.";
export const UPLOAD_ATTRIBUTES_INVALID = "Attributes must be a JSON object with name and size.";
export const UPLOAD_DELETE_FAILED = "Something went wrong please try again.";

/** The image types covers, avatars and editor images may be. */
export const IMAGE_UPLOAD_TYPES = ["image/png", "image/jpeg", "image/gif", "image/webp"] as const;
export const IMAGE_UPLOAD_TYPE_INVALID = "Only PNG, JPEG, GIF and WebP images can be uploaded.";
