// The write rules that need no database, as the browser and the server both run them: the cycle
// and module date refinements of the shared schemas, and who may edit or delete a comment.
import { describe, expect, it } from "vitest";
import { canDeleteComment, canEditComment } from "../../workers/domain/schemas/comment-access";
import { ROLE } from "../../workers/domain/schemas/constants";
import {
  CYCLE_DATES_TOGETHER,
  CYCLE_END_BEFORE_START,
  CYCLE_END_IN_PAST,
  CreateCycleFields,
  DateCheckInput,
  createCycleInput,
  cycleDateRules,
  cycleDatesInput,
} from "../../workers/domain/schemas/cycles";
import { CreateModuleInput, MODULE_DATES_INVALID, ModuleDatesInput } from "../../workers/domain/schemas/modules";

const TODAY = "2030-06-15";

/** Each refused field with its messages, or null when the value passes. */
function refusals(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  if (result.success) return null;
  const fields: Record<string, string[]> = {};
  for (const issue of result.error?.issues ?? []) {
    const field = issue.path.join(".");
    fields[field] = [...(fields[field] ?? []), issue.message];
  }
  return fields;
}

describe("the cycle date rules", () => {
  const create = (dates: Record<string, string | null>) => refusals(createCycleInput(TODAY).safeParse({ name: "Sprint", ...dates }));

  it("takes both dates, neither, or a range that has not ended", () => {
    expect(create({})).toBeNull();
    expect(create({ start_date: null, end_date: null })).toBeNull();
    expect(create({ start_date: "2030-06-01", end_date: "2030-06-15" })).toBeNull();
    expect(create({ start_date: "2030-06-15", end_date: "2030-06-15" })).toBeNull();
  });

  it("tells the first broken rule under the field to fix", () => {
    expect(create({ start_date: "2030-06-20" })).toEqual({ end_date: [CYCLE_DATES_TOGETHER] });
    expect(create({ end_date: "2030-06-20" })).toEqual({ start_date: [CYCLE_DATES_TOGETHER] });
    expect(create({ start_date: "2030-06-20", end_date: "2030-06-19" })).toEqual({ end_date: [CYCLE_END_BEFORE_START] });
    // Backwards and past: the order is told, not both.
    expect(create({ start_date: "2030-06-10", end_date: "2030-06-01" })).toEqual({ end_date: [CYCLE_END_BEFORE_START] });
    expect(create({ start_date: "2030-06-01", end_date: "2030-06-14" })).toEqual({ end_date: [CYCLE_END_IN_PAST] });
  });

  it("lets an edit keep an end that has passed, but not move the end into the past", () => {
    const edit = (end: string) => refusals(cycleDatesInput({ today: TODAY, previousEnd: "2030-06-10" }).safeParse({ start_date: "2030-06-01", end_date: end }));
    expect(edit("2030-06-10")).toBeNull();
    expect(edit("2030-06-12")).toEqual({ end_date: [CYCLE_END_IN_PAST] });
    expect(edit("2030-06-20")).toBeNull();
  });

  it("is the same refinement in the form's picked schema and the date check", () => {
    const form = CreateCycleFields.pick({ name: true, start_date: true, end_date: true }).superRefine(cycleDateRules({ today: TODAY }));
    expect(refusals(form.safeParse({ name: "Sprint", start_date: "2030-06-01", end_date: "2030-06-14" }))).toEqual({ end_date: [CYCLE_END_IN_PAST] });
    // The date check asks about overlap only: a past range is fine, a backwards one is not.
    expect(refusals(DateCheckInput.safeParse({ start_date: "2020-01-01", end_date: "2020-01-05" }))).toBeNull();
    expect(refusals(DateCheckInput.safeParse({ start_date: "2020-01-05", end_date: "2020-01-01" }))).toEqual({ end_date: [CYCLE_END_BEFORE_START] });
  });
});

describe("the module date rule", () => {
  it("refuses a start after the target, under the target date, and takes the rest", () => {
    expect(refusals(CreateModuleInput.safeParse({ name: "M", start_date: "2030-06-02", target_date: "2030-06-01" }))).toEqual({
      target_date: [MODULE_DATES_INVALID],
    });
    expect(refusals(CreateModuleInput.safeParse({ name: "M", start_date: "2030-06-01", target_date: "2030-06-01" }))).toBeNull();
    expect(refusals(ModuleDatesInput.safeParse({ start_date: "2030-06-02", target_date: null }))).toBeNull();
    expect(refusals(ModuleDatesInput.safeParse({ start_date: "2030-06-02", target_date: "2030-06-01" }))).toEqual({
      target_date: [MODULE_DATES_INVALID],
    });
  });
});

describe("who may change a comment", () => {
  it("is its author while they may write in the project, whatever else their role", () => {
    for (const may of [canDeleteComment, canEditComment]) {
      expect(may({ role: ROLE.member, isAuthor: true })).toBe(true);
      expect(may({ role: ROLE.owner, isAuthor: true })).toBe(true);
      expect(may({ role: ROLE.owner, isAuthor: false })).toBe(false);
      expect(may({ role: ROLE.member, isAuthor: false })).toBe(false);
      expect(may({ role: ROLE.viewer, isAuthor: true })).toBe(false);
      expect(may({ role: ROLE.guest, isAuthor: true })).toBe(false);
      expect(may({ role: null, isAuthor: true })).toBe(false);
    }
  });
});
