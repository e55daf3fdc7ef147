// Label forms of project settings (spec 000 section 5), client-safe: the same schema validates in
// the browser (Conform) and in the settings action before the domain call.
import { z } from "zod";

/** Default colour of a new label (spec 000 section 5). */
export const DEFAULT_LABEL_COLOR = "#858E96";
export const LABEL_TITLE_REQUIRED = "Label title is required";
export const LABEL_DELETE_FAILED = "Label could not be deleted. Please try again.";

export const LabelFormSchema = z.object({
  name: z.string({ error: LABEL_TITLE_REQUIRED }).trim().min(1, LABEL_TITLE_REQUIRED).max(255, "Label title should be less than 255 characters"),
  color: z
    .string({ error: "Color is required" })
    .regex(/^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, "Color should be hex format")
    .default(DEFAULT_LABEL_COLOR),
  /** Absent: no group. */
  parent: z.string().max(64).optional(),
});

export type LabelFormValue = z.infer<typeof LabelFormSchema>;

/** A preset palette for the colour popover, as in the tracker class. */
export const LABEL_COLORS = [
  "#858E96",
  "#FF6B00",
  "#8CC1FF",
  "#FCBE1D",
  "#18904F",
  "#ADF672",
  "#05C3FF",
  "#5C5EF6",
  "#ff0000",
  "#B2456E",
  "#F47C7C",
  "#4B5563",
];
