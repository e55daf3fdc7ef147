// Estimate input schemas: client-safe (zod only). An estimate is a named scale of up to eight
// points keyed 0..7; the sent points replace the set, matched by key.
import { z } from "zod";
import { entityName, plainDescription } from "./common";
import { ESTIMATE_KEY_MAX } from "./constants";

export const ESTIMATE_NAME_TAKEN = "An estimate with this name already exists in the project.";
export const ESTIMATE_NOT_FOUND = "Estimate not found.";
const KEY_OUT_OF_RANGE = `Key must be an integer from 0 to ${ESTIMATE_KEY_MAX}.`;

/** What a point reads as on issues (its key is its identity). */
const pointValue = z
  .string({ error: "Value is required" })
  .trim()
  .min(1, "Value is required")
  .max(20, "Value should be at most 20 characters");

const estimateFields = {
  name: entityName,
  description: plainDescription,
};

const EstimatePointInput = z.object(
  {
    key: z
      .number({ error: KEY_OUT_OF_RANGE })
      .int(KEY_OUT_OF_RANGE)
      .min(0, KEY_OUT_OF_RANGE)
      .max(ESTIMATE_KEY_MAX, KEY_OUT_OF_RANGE),
    value: pointValue,
    description: plainDescription.default(""),
  },
  { error: "Each estimate point needs a key and a value." },
);

const POINTS_REQUIRED = "Estimate points are required";
const TOO_MANY_POINTS = `At most ${ESTIMATE_KEY_MAX + 1} estimate points`;

const EstimatePointsInput = z
  .array(EstimatePointInput, { error: POINTS_REQUIRED })
  .min(1, POINTS_REQUIRED)
  .max(ESTIMATE_KEY_MAX + 1, TOO_MANY_POINTS)
  .refine((points) => new Set(points.map((point) => point.key)).size === points.length, "Estimate point keys must be unique.");

export const CreateEstimateInput = z.object({
  estimate: z.object(
    { name: estimateFields.name, description: estimateFields.description.default("") },
    { error: "Estimate is required" },
  ),
  estimate_points: EstimatePointsInput,
});

export const UpdateEstimateInput = z.object({
  estimate: z.object(estimateFields, { error: "Estimate must be an object" }).partial().optional(),
  estimate_points: EstimatePointsInput.optional(),
});


/**
 * The settings page's estimate form: a name, a description and the points' values in order; the
 * page gives each point its position as its key (0, 1, 2, ...).
 */
export const EstimateFormSchema = z.object({
  name: estimateFields.name,
  description: estimateFields.description.default(""),
  points: z
    .array(z.object({ value: pointValue }), { error: POINTS_REQUIRED })
    .min(1, POINTS_REQUIRED)
    .max(ESTIMATE_KEY_MAX + 1, TOO_MANY_POINTS),
});
