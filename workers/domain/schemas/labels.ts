// Label input schemas and messages: client-safe (zod only). The API, the label settings form and
// the issue sidebar's quick label form all build on the same fields.
import { z } from "zod";
import { hexColor, orderNumber, plainDescription, requiredText } from "./common";

/** Colour of a new label when none is picked. */
export const DEFAULT_LABEL_COLOR = "#858E96";
/** Colour the issue sidebar's quick label form starts with. */
export const QUICK_LABEL_COLOR = "#ff0000";
/** A preset palette for the colour popover. */
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

export const LABEL_TITLE_REQUIRED = "Label title is required";
export const LABEL_TITLE_TOO_LONG = "Label title should be less than 255 characters";
/** The quick label form in the issue sidebar says only this when its title is empty. */
export const QUICK_LABEL_REQUIRED = "This is required";
export const LABEL_NAME_TAKEN = "Label with the same name already exists in the project";
export const LABEL_PARENT_NOT_FOUND = "Parent label not found in this project.";
export const LABEL_OWN_ANCESTOR = "A label cannot be its own ancestor.";
export const LABEL_NOT_FOUND = "Label not found.";
export const LABEL_DELETE_FAILED = "Label could not be deleted. Please try again.";

const labelFields = {
  name: requiredText({ required: LABEL_TITLE_REQUIRED, tooLong: LABEL_TITLE_TOO_LONG }),
  description: plainDescription,
  color: hexColor,
  parent: z.string({ error: "Parent must be a label id or null." }).max(64, "Parent must be a label id or null.").nullable(),
  sort_order: orderNumber("Sort order must be a finite number."),
};

export const CreateLabelInput = z.object({
  ...labelFields,
  description: labelFields.description.default(""),
  color: labelFields.color.default(DEFAULT_LABEL_COLOR),
  parent: labelFields.parent.default(null),
  sort_order: labelFields.sort_order.optional(),
});

export const UpdateLabelInput = z.object(labelFields).partial();

/** The label settings form: name, colour and (absent for none) the group it sits in. */
export const LabelFormSchema = CreateLabelInput.pick({ name: true, color: true }).extend({
  parent: labelFields.parent.optional(),
});
export type LabelFormValue = z.infer<typeof LabelFormSchema>;

/** The issue sidebar's quick label form: a title and a colour. */
export const QuickLabelSchema = z.object({
  name: requiredText({ required: QUICK_LABEL_REQUIRED, tooLong: LABEL_TITLE_TOO_LONG }),
  color: labelFields.color.default(QUICK_LABEL_COLOR),
});
