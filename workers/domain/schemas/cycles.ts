// Cycle input schemas: client-safe (zod only), shared by the API, Remix actions and forms.
// Rules that compare two fields or need today's date (both dates or neither, end after start,
// no end in the past) are checked by the domain on the merged values, so PATCH sees them too.
import { z } from "zod";
import { CYCLE_VIEWS } from "../cycle-status";

export const CYCLE_NAME_MAX = 255;
export const CYCLE_NAME_REQUIRED = "Name is required";
export const CYCLE_NAME_TOO_LONG = "Name should be less than 255 characters";
export const CYCLE_DATES_TOGETHER = "Set both the start date and the end date, or neither.";
export const CYCLE_END_BEFORE_START = "Invalid date. Please enter valid date.";
export const CYCLE_END_IN_PAST = "Unable to create cycle in past date. Please enter a valid date.";

export const entityId = z.string({ error: "Invalid id" }).min(1, "Invalid id").max(64, "Invalid id");
export const idList = z.array(entityId, { error: "Expected a list of ids" }).max(500, "Too many ids");

/** YYYY-MM-DD naming a real day (2024-02-30 is refused rather than rolled over). */
export const isoDate = z
  .string({ error: "Enter a date as YYYY-MM-DD" })
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Enter a date as YYYY-MM-DD")
  .refine((value) => {
    const time = Date.parse(`${value}T00:00:00Z`);
    return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
  }, "Enter a valid date");

export const CycleNameSchema = z
  .string({ error: CYCLE_NAME_REQUIRED })
  .trim()
  .min(1, CYCLE_NAME_REQUIRED)
  .max(CYCLE_NAME_MAX, CYCLE_NAME_TOO_LONG);

export const cycleFields = {
  name: CycleNameSchema,
  description: z.string({ error: "Description must be text" }).max(10_000, "Description is too long"),
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
  issues: idList.min(1, "Please select atleast one issue"),
});

export const TransferIssuesInput = z.object({
  new_cycle_id: z.string({ error: "New cycle is required" }).min(1, "New cycle is required").max(64, "Invalid id"),
});

export const FavoriteCycleInput = z.object({
  cycle: z.string({ error: "Cycle is required" }).min(1, "Cycle is required").max(64, "Invalid id"),
});

export const CycleViewParam = z.enum(CYCLE_VIEWS, { error: `cycle_view must be one of ${CYCLE_VIEWS.join(", ")}` }).default("all");
