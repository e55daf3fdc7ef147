// Cycle input schemas: client-safe (zod only), shared by the API, Remix actions and forms.
// Rules that compare two fields or need today's date (both dates or neither, end after start,
// no end in the past) are checked by the domain on the merged values, so PATCH sees them too.
import { z } from "zod";
import { CYCLE_VIEWS } from "../cycle-status";

/** Today in a time zone, as the cycle status rule counts it, for the browser's own checks. */
export { todayIn } from "../cycle-status";
import { entityId, isoDate, issueIdList, NAME_REQUIRED, requiredId, NAME_TOO_LONG, plainDescription, requiredText } from "./common";

export const CYCLE_NAME_MAX = 255;
export const CYCLE_NAME_REQUIRED = NAME_REQUIRED;
export const CYCLE_NAME_TOO_LONG = NAME_TOO_LONG;
export const CYCLE_DATES_TOGETHER = "Set both the start date and the end date, or neither.";
export const CYCLE_END_BEFORE_START = "Invalid date. Please enter valid date.";
export const CYCLE_END_IN_PAST = "Unable to create cycle in past date. Please enter a valid date.";
/** A create or edit whose dates overlap another cycle's (or whose date check failed) is refused with this. */
export const CYCLE_DATES_TAKEN =
  "You have a cycle already on the given dates, if you want to create your draft cycle you can do that by removing dates";

export const CycleNameSchema = requiredText({ required: CYCLE_NAME_REQUIRED, tooLong: CYCLE_NAME_TOO_LONG }, CYCLE_NAME_MAX);

export const cycleFields = {
  name: CycleNameSchema,
  description: plainDescription,
  start_date: isoDate.nullable(),
  end_date: isoDate.nullable(),
  owned_by: entityId.nullable(),
  sort_order: z.number({ error: "Sort order must be a number" }),
};

export const CreateCycleInput = z.object({
  ...cycleFields,
  description: cycleFields.description.default(""),
  start_date: cycleFields.start_date.optional(),
  end_date: cycleFields.end_date.optional(),
  owned_by: cycleFields.owned_by.optional(),
  sort_order: cycleFields.sort_order.optional(),
});

/** PATCH: any subset. */
export const PatchCycleInput = z.object(cycleFields).partial();
/** PUT: the whole form, so the name is required; omitted optional fields keep their values. */
export const PutCycleInput = PatchCycleInput.extend({ name: cycleFields.name });

export const DateCheckInput = z.object({
  start_date: isoDate,
  end_date: isoDate,
  cycle_id: entityId.nullish(),
});

export const CycleIssuesInput = z.object({
  issues: issueIdList,
});

export const TransferIssuesInput = z.object({
  new_cycle_id: requiredId("New cycle is required"),
});

export const FavoriteCycleInput = z.object({
  cycle: requiredId("Cycle is required"),
});

export const CycleViewParam = z.enum(CYCLE_VIEWS, { error: `cycle_view must be one of ${CYCLE_VIEWS.join(", ")}` }).default("all");
