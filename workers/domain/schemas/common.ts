// Field schemas that several entities share: client-safe (zod only). Each rule, regex and message
// here is written once; entity schemas compose them with .extend()/.pick().
import { z } from "zod";
import { HEX_COLOR_PATTERN } from "./constants";
import { RICH_TEXT_TOO_DEEP, cleanRichJson } from "./rich-text-policy";

export const HEX_COLOR_FORMAT = "Color should be hex format";
export const hexColor = z.string({ error: HEX_COLOR_FORMAT }).regex(HEX_COLOR_PATTERN, HEX_COLOR_FORMAT);

export const INVALID_ID = "Invalid id";
/** The id of a row the caller names (a UUID in practice; bounded so a huge string is refused). */
export const entityId = z.string({ error: INVALID_ID }).min(1, INVALID_ID).max(64, INVALID_ID);
/** An id the request must carry, with its own message when it is missing. */
export const requiredId = (required: string, tooLong = INVALID_ID) =>
  z.string({ error: required }).min(1, required).max(64, tooLong);
/** A list of ids that replaces a set (assignees, labels, members, ...). */
export const idList = z.array(entityId, { error: "Expected a list of ids" }).max(500, "Too many ids");
export const SELECT_AT_LEAST_ONE_ISSUE = "Please select atleast one issue";
/** The issues a bulk action works on: at least one. */
export const issueIdList = idList.min(1, SELECT_AT_LEAST_ONE_ISSUE);

export const DATE_FORMAT = "Enter a date as YYYY-MM-DD";
/** YYYY-MM-DD naming a real day: Date.parse rolls 2024-02-30 over to March 1st, a real day reads back unchanged. */
export const isoDate = z
  .string({ error: DATE_FORMAT })
  .regex(/^\d{4}-\d{2}-\d{2}$/, DATE_FORMAT)
  .refine((value) => {
    const time = Date.parse(`${value}T00:00:00Z`);
    return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
  }, "Enter a valid date");

/** The plain-text description most entities carry. */
export const plainDescription = z.string({ error: "Description must be text" }).max(10_000, "Description is too long");

/**
 * The rules every stored ProseMirror document follows once it parsed as a JSON object: link and
 * image URLs cleaned (unsafe ones dropped) and a bounded depth, refused with a field message.
 */
export function richJsonRules<T extends Record<string, unknown> | null | undefined>(doc: T, ctx: z.RefinementCtx): T {
  if (!doc) return doc;
  const clean = cleanRichJson(doc);
  if (clean === null) {
    ctx.issues.push({ code: "custom", message: RICH_TEXT_TOO_DEEP, input: doc });
    return z.NEVER;
  }
  return clean;
}

/** ProseMirror JSON: any JSON object (or null), held to the rich-text rules; bounded in size by the body limit. */
export const richDescription = z
  .union([z.record(z.string(), z.unknown()), z.null()], { error: "Description must be a JSON object" })
  .transform(richJsonRules);
/** The sanitised HTML twin of a rich description. */
export const richDescriptionHtml = z.string({ error: "Description must be HTML text" }).max(200_000, "Description is too long");

/** A finite number for ordering (zod refuses NaN and Infinity, JSON's 1e999), so stored orders always compare. */
export const orderNumber = (message: string) => z.number({ error: message });

/** Text that must not be empty once trimmed and has a length limit, each with its own message. */
export function requiredText(messages: { required: string; tooLong: string }, max = 255) {
  return z.string({ error: messages.required }).trim().min(1, messages.required).max(max, messages.tooLong);
}

export const NAME_REQUIRED = "Name is required";
export const NAME_TOO_LONG = "Name should be less than 255 characters";
/** The "Name" field of states, estimates, cycles and projects. */
export const entityName = requiredText({ required: NAME_REQUIRED, tooLong: NAME_TOO_LONG });

export const TITLE_REQUIRED = "Title is required";
export const TITLE_TOO_LONG = "Title should be less than 255 characters";
/** The "Title" field of issues, modules, views and pages. */
export const entityTitle = requiredText({ required: TITLE_REQUIRED, tooLong: TITLE_TOO_LONG });
