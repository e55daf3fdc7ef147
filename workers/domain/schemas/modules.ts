// Module input schemas: client-safe (zod only), shared by the API, Remix actions and forms.
// The start-after-target rule compares two fields: it is one refinement, `moduleDateRules`, that
// the create schema carries, the module form runs in the browser, and an edit runs on the merged
// dates (`ModuleDatesInput`), so a PATCH of one date is held to it too.
import { z } from "zod";
import { entityId, idList, isoDate, issueIdList, plainDescription, requiredId, requiredText, TITLE_REQUIRED, TITLE_TOO_LONG } from "./common";
import { CreateLinkInput } from "./links";

export const MODULE_STATUSES = ["backlog", "planned", "in-progress", "paused", "completed", "cancelled"] as const;
export const MODULE_NAME_MAX = 255;
export const MODULE_NAME_REQUIRED = TITLE_REQUIRED;
export const MODULE_NAME_TOO_LONG = TITLE_TOO_LONG;
export const MODULE_DATES_INVALID = "The date you have entered is invalid. Please check and enter a valid date.";

export const MODULE_LINK_URL_TAKEN = "This URL already exists for this module.";

export const ModuleNameSchema = requiredText({ required: MODULE_NAME_REQUIRED, tooLong: MODULE_NAME_TOO_LONG }, MODULE_NAME_MAX);

export const moduleFields = {
  name: ModuleNameSchema,
  description: plainDescription,
  status: z.enum(MODULE_STATUSES, { error: `Status must be one of ${MODULE_STATUSES.join(", ")}.` }),
  lead: entityId.nullable(),
  members_list: idList,
  start_date: isoDate.nullable(),
  target_date: isoDate.nullable(),
  sort_order: z.number({ error: "Sort order must be a number" }),
};

type ModuleDates = { start_date?: string | null; target_date?: string | null };

/** A module may not start after its target date; told under the target date. */
export function moduleDateRules(value: ModuleDates, issues: z.RefinementCtx) {
  const { start_date: start, target_date: target } = value;
  if (start && target && start > target) issues.addIssue({ code: "custom", path: ["target_date"], message: MODULE_DATES_INVALID });
}

/** The create fields without the date rule, for forms to `.pick()` from (a refined object cannot be picked). */
export const CreateModuleFields = z.object({
  ...moduleFields,
  description: moduleFields.description.default(""),
  status: moduleFields.status.default("backlog"),
  lead: moduleFields.lead.optional(),
  members_list: moduleFields.members_list.optional(),
  start_date: moduleFields.start_date.optional(),
  target_date: moduleFields.target_date.optional(),
  sort_order: moduleFields.sort_order.optional(),
});

export const CreateModuleInput = CreateModuleFields.superRefine(moduleDateRules);

/** A module's dates after an edit (the sent ones merged over the stored ones), held to the date rule. */
export const ModuleDatesInput = z
  .object({ start_date: moduleFields.start_date, target_date: moduleFields.target_date })
  .superRefine(moduleDateRules);

/** PATCH: any subset. */
export const PatchModuleInput = z.object(moduleFields).partial();
/** PUT: the whole form, so the name is required; omitted optional fields keep their values. */
export const PutModuleInput = PatchModuleInput.extend({ name: moduleFields.name });

export const ModuleIssuesInput = z.object({
  issues: issueIdList,
});

export { CreateLinkInput as CreateModuleLinkInput };

export const FavoriteModuleInput = z.object({
  module: requiredId("Module is required"),
});
