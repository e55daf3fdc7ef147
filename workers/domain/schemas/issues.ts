// Issue input schemas: client-safe (zod only), shared by the API, Remix actions and forms.
import { z } from "zod";

export const PRIORITIES = ["urgent", "high", "medium", "low", "none"] as const;
export const STATE_GROUPS = ["backlog", "unstarted", "started", "completed", "cancelled"] as const;
export const ISSUE_TITLE_MAX = 255;
export const SORT_STEP = 10000;
export const FIRST_SORT_ORDER = 65535;

const id = z.string().max(64, "Invalid id");
const idList = z.array(id, { error: "Expected a list of ids" }).max(500, "Too many ids");
const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Enter a date as YYYY-MM-DD")
  // Date.parse rolls 2024-02-30 over to March 1st; a real day reads back unchanged.
  .refine((value) => {
    const time = Date.parse(`${value}T00:00:00Z`);
    return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
  }, "Enter a valid date");

export const IssueTitleSchema = z
  .string({ error: "Title is required" })
  .trim()
  .min(1, "Title is required")
  .max(ISSUE_TITLE_MAX, "Title should be less than 255 characters");

/** ProseMirror JSON: any JSON object (or null); bounded in size by the body limit. */
const richJson = z.union([z.record(z.string(), z.unknown()), z.null()], { error: "Description must be a JSON object" });

export const issueFields = {
  name: IssueTitleSchema,
  description: richJson,
  description_html: z.string({ error: "Description must be HTML text" }).max(200_000, "Description is too long"),
  priority: z.enum(PRIORITIES, { error: "Priority must be one of urgent, high, medium, low, none." }),
  state: id.nullable(),
  parent: id.nullable(),
  estimate_point: z
    .number({ error: "Estimate must be a number from 0 to 7" })
    .int("Estimate must be a number from 0 to 7")
    .min(0, "Estimate must be a number from 0 to 7")
    .max(7, "Estimate must be a number from 0 to 7")
    .nullable(),
  start_date: isoDate.nullable(),
  target_date: isoDate.nullable(),
  sort_order: z.number({ error: "Sort order must be a number" }).finite("Sort order must be a number"),
  assignees_list: idList,
  labels_list: idList,
  blockers_list: idList,
  blocks_list: idList,
  cycle: id.nullable(),
  module: id.nullable(),
};

export const CreateIssueInput = z.object({ ...issueFields, name: issueFields.name }).partial().required({ name: true });
export const UpdateIssueInput = z.object(issueFields).partial();
export type IssueWrite = z.infer<typeof UpdateIssueInput>;

export const BulkDeleteIssuesInput = z.object({
  issue_ids: idList.min(1, "Please select atleast one issue"),
});

export const AddSubIssuesInput = z.object({
  sub_issue_ids: idList.min(1, "Please select atleast one issue"),
});
