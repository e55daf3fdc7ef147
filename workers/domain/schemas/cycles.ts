// Cycle input schemas: client-safe (zod only), shared by the API, Remix actions and forms.
// The rules that compare the two dates or need today's date (both dates or neither, end not
// before start, a new end not in the past) are one refinement, `cycleDateRules`: the create
// schema carries it, the cycle form runs it in the browser, and an edit runs it on the merged
// dates (`cycleDatesInput`), so a PATCH of one date is held to it too.
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

/** What the date rules need beyond the two dates: today, and the end the cycle had (an unchanged end may be past). */
export type CycleDatesContext = { today: string; previousEnd?: string | null };

type CycleDates = { start_date?: string | null; end_date?: string | null };

/**
 * A cycle has both dates or neither, and its end is not before its start. With `when`, an end that
 * is new (not the cycle's previous end) may not lie before today. The first broken rule is told,
 * under the field the person must fix.
 */
export function cycleDateRules(when?: CycleDatesContext) {
  return (value: CycleDates, issues: z.RefinementCtx) => {
    const start = value.start_date ?? null;
    const end = value.end_date ?? null;
    const refuse = (field: keyof CycleDates, message: string) => issues.addIssue({ code: "custom", path: [field], message });
    if ((start === null) !== (end === null)) return refuse(start === null ? "start_date" : "end_date", CYCLE_DATES_TOGETHER);
    if (start === null || end === null) return;
    if (end < start) return refuse("end_date", CYCLE_END_BEFORE_START);
    if (when && end !== when.previousEnd && end < when.today) refuse("end_date", CYCLE_END_IN_PAST);
  };
}

/** The create fields without the date rules, for forms to `.pick()` from (a refined object cannot be picked). */
export const CreateCycleFields = z.object({
  ...cycleFields,
  description: cycleFields.description.default(""),
  start_date: cycleFields.start_date.optional(),
  end_date: cycleFields.end_date.optional(),
  owned_by: cycleFields.owned_by.optional(),
  sort_order: cycleFields.sort_order.optional(),
});

/** A new cycle, its dates held to the rules as of `today`. */
export const createCycleInput = (today: string) => CreateCycleFields.superRefine(cycleDateRules({ today }));

/** A cycle's dates after an edit (the sent ones merged over the stored ones), held to the date rules. */
export const cycleDatesInput = (when?: CycleDatesContext) =>
  z.object({ start_date: cycleFields.start_date, end_date: cycleFields.end_date }).superRefine(cycleDateRules(when));

/** PATCH: any subset. */
export const PatchCycleInput = z.object(cycleFields).partial();
/** PUT: the whole form, so the name is required; omitted optional fields keep their values. */
export const PutCycleInput = PatchCycleInput.extend({ name: cycleFields.name });

export const DateCheckInput = z
  .object({
    start_date: isoDate,
    end_date: isoDate,
    cycle_id: entityId.nullish(),
  })
  .superRefine(cycleDateRules());

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
