// Form schemas of the issue page, client-safe: Conform validates them in the browser and the
// route action parses the same ones before calling the domain (which validates again).
import { z } from "zod";

export const LINK_URL_REQUIRED = "URL is required";
export const LINK_TITLE_REQUIRED = "Title is required";
export const LINK_URL_EXISTS = "This URL already exists for this issue.";
export const SOMETHING_WENT_WRONG = "Something went wrong. Please try again.";

/** "example.com/a" is read as https://example.com/a; anything with a scheme is left to the server. */
export function withScheme(url: string) {
  return /^[a-z][a-z0-9+.-]*:/i.test(url) ? url : `https://${url}`;
}

export const LinkFormSchema = z.object({
  url: z.string({ error: LINK_URL_REQUIRED }).trim().min(1, LINK_URL_REQUIRED).max(2048, "URL should be less than 2048 characters"),
  title: z.string({ error: LINK_TITLE_REQUIRED }).trim().min(1, LINK_TITLE_REQUIRED).max(255, "Title should be less than 255 characters"),
});

/** The issue sidebar's quick label form (spec 000 section 5: 'This is required', colour #ff0000). */
export const QUICK_LABEL_COLOR = "#ff0000";
export const QuickLabelSchema = z.object({
  name: z.string({ error: "This is required" }).trim().min(1, "This is required").max(255, "Label title should be less than 255 characters"),
  color: z
    .string()
    .regex(/^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, "Color should be hex format")
    .default(QUICK_LABEL_COLOR),
});
