// A member's display preferences for a project: client-safe (zod only). view_props is how they see
// the issue list now, default_props the project defaults they can reset to; null resets a set.
import { z } from "zod";
import { ViewPropsSchema } from "./view-props";

export const DisplayPreferencesInput = z.object({
  view_props: ViewPropsSchema.nullable().optional(),
  default_props: ViewPropsSchema.nullable().optional(),
});
