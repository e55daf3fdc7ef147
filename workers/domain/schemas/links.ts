// Link input schemas: client-safe (zod only). Issues and modules both carry links (a URL with an
// optional title, unique per issue or module); the API and the issue page's link form share them.
import { z } from "zod";
import { TITLE_REQUIRED, TITLE_TOO_LONG, requiredText } from "./common";

export const LINK_URL_MAX = 2048;
export const LINK_TITLE_MAX = 255;
export const LINK_URL_REQUIRED = "URL is required";
export const LINK_URL_INVALID = "Enter a valid URL starting with http:// or https://";
export const LINK_URL_TOO_LONG = "URL should be less than 2048 characters";
export const LINK_NOT_FOUND = "Link not found.";
export const LINK_URL_TAKEN = "This URL already exists for this issue.";

/** An absolute http(s) URL with a host (links, webhooks). */
export function isHttpUrl(value: string) {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
}

/** "example.com/a" is read as https://example.com/a; anything with a scheme is left as it is. */
export function withScheme(url: string) {
  return /^[a-z][a-z0-9+.-]*:/i.test(url) ? url : `https://${url}`;
}

const linkUrl = z
  .string({ error: LINK_URL_REQUIRED })
  .trim()
  .min(1, LINK_URL_REQUIRED)
  .max(LINK_URL_MAX, LINK_URL_TOO_LONG)
  .refine(isHttpUrl, LINK_URL_INVALID);

const linkFields = {
  url: linkUrl,
  title: z
    .string({ error: "Title must be text" })
    .trim()
    .max(LINK_TITLE_MAX, TITLE_TOO_LONG)
    .nullish()
    .transform((title) => title ?? ""),
  metadata: z
    .record(z.string(), z.unknown(), { error: "Metadata must be a JSON object" })
    .nullish()
    .transform((metadata) => metadata ?? {}),
};

export const CreateLinkInput = z.object(linkFields);
export const UpdateLinkInput = z.object(linkFields).partial();

/**
 * The issue page's link form: both fields required, and a URL typed without a scheme is read as
 * https (the form shows the field's own message before the server is asked).
 */
export const LinkFormSchema = z.object({
  url: z
    .string({ error: LINK_URL_REQUIRED })
    .trim()
    .min(1, LINK_URL_REQUIRED)
    .transform(withScheme)
    .pipe(linkUrl),
  title: requiredText({ required: TITLE_REQUIRED, tooLong: TITLE_TOO_LONG }, LINK_TITLE_MAX),
});
