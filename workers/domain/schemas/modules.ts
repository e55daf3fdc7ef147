// Module input schemas: client-safe (zod only), shared by the API, Remix actions and forms.
// The start-after-target rule compares two fields and is checked by the domain on the merged
// values, so a PATCH of one date is held to it too.
import { z } from "zod";
import { entityId, idList, isoDate } from "./cycles";

export const MODULE_STATUSES = ["backlog", "planned", "in-progress", "paused", "completed", "cancelled"] as const;
export const MODULE_NAME_MAX = 255;
export const MODULE_NAME_REQUIRED = "Title is required";
export const MODULE_NAME_TOO_LONG = "Title should be less than 255 characters";
export const MODULE_DATES_INVALID = "The date you have entered is invalid. Please check and enter a valid date.";

export const MODULE_LINK_URL_REQUIRED = "URL is required";
export const MODULE_LINK_URL_INVALID = "Enter a valid URL starting with http:// or https://";
export const MODULE_LINK_URL_TOO_LONG = "URL should be less than 2048 characters";
export const MODULE_LINK_TITLE_TOO_LONG = "Title should be less than 255 characters";
export const MODULE_LINK_URL_TAKEN = "This URL already exists for this module.";

export const ModuleNameSchema = z
  .string({ error: MODULE_NAME_REQUIRED })
  .trim()
  .min(1, MODULE_NAME_REQUIRED)
  .max(MODULE_NAME_MAX, MODULE_NAME_TOO_LONG);

export const moduleFields = {
  name: ModuleNameSchema,
  description: z.string({ error: "Description must be text" }).max(10_000, "Description is too long"),
  status: z.enum(MODULE_STATUSES, { error: `Status must be one of ${MODULE_STATUSES.join(", ")}.` }),
  lead: entityId.nullable(),
  members_list: idList,
  start_date: isoDate.nullable(),
  target_date: isoDate.nullable(),
  sort_order: z.number({ error: "Sort order must be a number" }),
};

export const CreateModuleInput = z.object({
  ...moduleFields,
  description: moduleFields.description.default(""),
  status: moduleFields.status.default("backlog"),
  lead: moduleFields.lead.optional(),
  members_list: moduleFields.members_list.optional(),
  start_date: moduleFields.start_date.optional(),
  target_date: moduleFields.target_date.optional(),
  sort_order: moduleFields.sort_order.optional(),
});

/** PATCH: any subset. */
export const PatchModuleInput = z.object(moduleFields).partial();
/** PUT: the whole form, so the name is required; omitted optional fields keep their values. */
export const PutModuleInput = PatchModuleInput.extend({ name: moduleFields.name });

export const ModuleIssuesInput = z.object({
  issues: idList.min(1, "Please select atleast one issue"),
});

function isHttpUrl(value: string) {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
}

export const CreateModuleLinkInput = z.object({
  url: z
    .string({ error: MODULE_LINK_URL_REQUIRED })
    .trim()
    .min(1, MODULE_LINK_URL_REQUIRED)
    .max(2048, MODULE_LINK_URL_TOO_LONG)
    .refine(isHttpUrl, MODULE_LINK_URL_INVALID),
  title: z
    .string({ error: "Title must be text" })
    .trim()
    .max(255, MODULE_LINK_TITLE_TOO_LONG)
    .nullish()
    .transform((title) => title ?? ""),
  metadata: z
    .record(z.string(), z.unknown(), { error: "Metadata must be a JSON object" })
    .nullish()
    .transform((metadata) => metadata ?? {}),
});

export const FavoriteModuleInput = z.object({
  module: z.string({ error: "Module is required" }).min(1, "Module is required").max(64, "Invalid id"),
});
