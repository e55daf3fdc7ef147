// Saved-view input schemas: client-safe (zod only), shared by the
// API, Remix actions and forms. The filters schema is also the `filters` of display props.
import { z } from "zod";
import type { IssueFilters } from "../../../drizzle/schema";
import { requiredId, requiredText, TITLE_REQUIRED, TITLE_TOO_LONG } from "./common";
import { PRIORITIES } from "./constants";

export const VIEW_TITLE_MAX = 255;
export const ISSUE_FILTER_TYPES = ["all", "active", "backlog"] as const;
/** The keys a stored filter set may hold: the list query's filter parameters. */
export const ISSUE_FILTER_KEYS = [
  "type",
  "state",
  "priority",
  "assignees",
  "labels",
  "created_by",
  "issue__assignees__id",
  "issue__labels__id",
  "target_date",
] as const satisfies readonly (keyof IssueFilters)[];

export const ViewTitleSchema = requiredText({ required: TITLE_REQUIRED, tooLong: TITLE_TOO_LONG }, VIEW_TITLE_MAX);

// The same bounds as the list query string (workers/domain/issues/list-query.ts): at most 500
// ids of at most 64 characters. A stored list is later joined with commas, so an id may not hold
// one.
const filterId = z
  .string({ error: "Expected a list of ids" })
  .max(64, "Invalid id")
  .refine((value) => !value.includes(","), "Invalid id");
const list = <T extends z.ZodType>(item: T) =>
  z.array(item, { error: "Expected a list or null" }).max(500, "Too many values").nullable().optional();

const targetDate = z
  .string({ error: "Use YYYY-MM-DD, optionally ;after or ;before" })
  .regex(/^\d{4}-\d{2}-\d{2}(;(after|before))?$/, "Use YYYY-MM-DD, optionally ;after or ;before");

/** An empty list means "no filter" and is stored as null. */
function normaliseFilters(filters: Record<string, unknown>): IssueFilters {
  return Object.fromEntries(
    Object.entries(filters)
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => [key, Array.isArray(value) && value.length === 0 ? null : value]),
  ) as IssueFilters;
}

/** A stored filter set; unknown keys are refused so a typo never silently widens a view. */
export const IssueFiltersSchema = z
  .strictObject(
    {
      type: z.enum(ISSUE_FILTER_TYPES, { error: "type must be one of all, active, backlog" }).nullable().optional(),
      state: list(filterId),
      priority: list(z.enum(PRIORITIES, { error: "Unknown priority" })),
      assignees: list(filterId),
      labels: list(filterId),
      created_by: list(filterId),
      issue__assignees__id: list(filterId),
      issue__labels__id: list(filterId),
      target_date: z
        .array(targetDate, { error: "Expected a list or null" })
        .max(10, "Too many values")
        .nullable()
        .optional(),
    },
    {
      error: (issue) =>
        issue.code === "unrecognized_keys"
          ? `Unknown filters: ${issue.keys.join(", ")}. Allowed: ${ISSUE_FILTER_KEYS.join(", ")}.`
          : "Filters must be an object.",
    },
  )
  .transform(normaliseFilters);

const viewFields = {
  name: ViewTitleSchema,
  description: z
    .string({ error: "Description must be text" })
    .max(10_000, "Description should be less than 10000 characters")
    .nullable()
    .transform((value) => value ?? ""),
  query_data: IssueFiltersSchema.nullable(),
};

export const CreateViewInput = z.object({
  name: viewFields.name,
  description: viewFields.description.optional(),
  query_data: viewFields.query_data.optional(),
});
/** PATCH: any subset. */
export const PatchViewInput = z.object(viewFields).partial();
/** PUT: the whole form, so the title is required; omitted optional fields keep their values. */
export const PutViewInput = PatchViewInput.extend({ name: viewFields.name });

export const FavoriteViewInput = z.object({
  view: requiredId("View is required", "View not found."),
});
