// Issue input schemas: client-safe (zod only), shared by the API, Remix actions and forms.
import { z } from "zod";
import { entityId, idList, isoDate, issueIdList, richDescription, richDescriptionHtml, TITLE_REQUIRED, TITLE_TOO_LONG, requiredText } from "./common";
import { BULK_EDIT_MAX, ESTIMATE_KEY_MAX, FIRST_SORT_ORDER, PRIORITIES, SORT_STEP } from "./constants";

export { BULK_EDIT_MAX, FIRST_SORT_ORDER, PRIORITIES, SORT_STEP };
export const ISSUE_TITLE_MAX = 255;
const ESTIMATE_OUT_OF_RANGE = `Estimate must be a number from 0 to ${ESTIMATE_KEY_MAX}`;

export const IssueTitleSchema = requiredText({ required: TITLE_REQUIRED, tooLong: TITLE_TOO_LONG }, ISSUE_TITLE_MAX);

export const issueFields = {
  name: IssueTitleSchema,
  description: richDescription,
  description_html: richDescriptionHtml,
  priority: z.enum(PRIORITIES, { error: "Priority must be one of urgent, high, medium, low, none." }),
  state: entityId.nullable(),
  parent: entityId.nullable(),
  estimate_point: z
    .number({ error: ESTIMATE_OUT_OF_RANGE })
    .int(ESTIMATE_OUT_OF_RANGE)
    .min(0, ESTIMATE_OUT_OF_RANGE)
    .max(ESTIMATE_KEY_MAX, ESTIMATE_OUT_OF_RANGE)
    .nullable(),
  start_date: isoDate.nullable(),
  target_date: isoDate.nullable(),
  sort_order: z.number({ error: "Sort order must be a number" }).finite("Sort order must be a number"),
  assignees_list: idList,
  labels_list: idList,
  blockers_list: idList,
  blocks_list: idList,
  cycle: entityId.nullable(),
  module: entityId.nullable(),
};

export const ISSUE_ID_INVALID = "Issue id must be a UUID.";
export const ISSUE_ID_TAKEN = "An issue with this id already exists.";

/**
 * A new issue may bring its own id, a UUID made by the client (as Linear's API allows): the
 * browser shows the issue under that id the moment it is sent, and the server's row replaces it
 * without a flash. Without one the server makes it.
 */
export const CreateIssueInput = z
  .object({ ...issueFields, id: z.uuid({ error: ISSUE_ID_INVALID }).transform((id) => id.toLowerCase()), name: issueFields.name })
  .partial()
  .required({ name: true });
export const UpdateIssueInput = z.object(issueFields).partial();
export type IssueWrite = z.infer<typeof UpdateIssueInput>;

export const BulkDeleteIssuesInput = z.object({
  issue_ids: issueIdList,
});

export const BULK_EDIT_TOO_MANY = `Change at most ${BULK_EDIT_MAX} issues at a time.`;
export const BULK_EDIT_NOTHING = "Choose at least one property to change.";

/**
 * A bulk edit: the chosen issues and what to change on each. State, priority, cycle and module are
 * set (null takes the issue out of its cycle or module); assignees and labels are added to what
 * each issue has.
 */
export const BulkUpdateIssuesInput = z.object({
  issue_ids: issueIdList.max(BULK_EDIT_MAX, BULK_EDIT_TOO_MANY),
  properties: z
    .object({
      state: issueFields.state,
      priority: issueFields.priority,
      assignees_list: issueFields.assignees_list,
      labels_list: issueFields.labels_list,
      cycle: issueFields.cycle,
      module: issueFields.module,
    })
    .partial()
    .strict()
    .refine((properties) => Object.values(properties).some((value) => value !== undefined), BULK_EDIT_NOTHING),
});
export type BulkIssueProperties = z.infer<typeof BulkUpdateIssuesInput>["properties"];

export const AddSubIssuesInput = z.object({
  sub_issue_ids: issueIdList,
});
