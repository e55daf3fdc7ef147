// What the project settings' General page exchanges with the browser: its loader data, the form
// schema (built on the project schema, so every rule and message is the domain's), the JSON
// intents its switches and cover picker post, and the feature flags it lists. Client-safe.
import { z } from "zod";
import type { ProjectView } from "../../workers/domain/schemas/responses";
import { CreateProjectInput, projectFields } from "../../workers/domain/schemas/projects";

/** The form's fields: the project schema's own, empty description and network taking their defaults. */
export const ProjectGeneralFormSchema = CreateProjectInput.pick({
  name: true,
  identifier: true,
  description: true,
  network: true,
  emoji: true,
  icon_prop: true,
});

/** The features a project can switch off; their sidebar entries follow the flags. */
export const ProjectFeatureSchema = z.enum(["cycle_view", "module_view", "issue_views_view", "page_view"]);
export type ProjectFeature = z.infer<typeof ProjectFeatureSchema>;

/** How each feature's switch reads, in the order the page lists them. */
export const PROJECT_FEATURE_TEXT: Record<ProjectFeature, { label: string; description: string }> = {
  cycle_view: { label: "Cycles", description: "Plan work in time-boxed cycles." },
  module_view: { label: "Modules", description: "Group issues into larger pieces of work." },
  issue_views_view: { label: "Views", description: "Save filtered views of the project's issues." },
  page_view: { label: "Pages", description: "Write notes and turn their blocks into issues." },
};

/** The page's JSON intents; the form posts form data and the cover upload a multipart file. */
export const ProjectGeneralIntentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("toggle-feature"), feature: ProjectFeatureSchema, enabled: projectFields.cycle_view }),
  z.object({
    intent: z.literal("set-cover"),
    cover_image: projectFields.cover_image,
    cover_image_credit: projectFields.cover_image_credit.optional(),
  }),
]);
export type ProjectGeneralIntent = z.input<typeof ProjectGeneralIntentSchema>;

/** A project's own settings (name, identity, look, features), as the general page edits them. */
export type GeneralProject = Pick<
  ProjectView,
  | "id"
  | "name"
  | "identifier"
  | "description"
  | "network"
  | "emoji"
  | "icon_prop"
  | "cover_image"
  | "cover_image_credit"
  | "cycle_view"
  | "module_view"
  | "issue_views_view"
  | "page_view"
>;

export type ProjectGeneralData = { authorized: false } | { authorized: true; role: number; project: GeneralProject };
