// Project input schemas: client-safe (zod only), shared by the API, Remix actions and forms.
import { z } from "zod";

/** Network values (spec 002: "constant table, default 2"): 0 secret (invite only), 2 public. */
export const NETWORK = { secret: 0, public: 2 } as const;

export const hexColor = z.string().regex(/^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, "Color should be hex format");

export const ProjectNameSchema = z
  .string({ error: "Name is required" })
  .trim()
  .min(1, "Name is required")
  .max(255, "Name should be less than 255 characters");

export const IdentifierSchema = z
  .string({ error: "Identifier is required" })
  .trim()
  .min(1, "Identifier is required")
  .max(5, "Identifier must at most be of 5 characters")
  .regex(/^[A-Z]+$/, "Identifier must be uppercase text.");

export const projectFields = {
  name: ProjectNameSchema,
  identifier: IdentifierSchema,
  description: z.string({ error: "Description must be text" }).max(10_000, "Description is too long"),
  network: z.union([z.literal(NETWORK.secret), z.literal(NETWORK.public)], { error: "Network must be 0 or 2." }),
  emoji: z
    .string()
    .regex(/^\d{1,7}(-\d{1,7}){0,7}$/, "Emoji must be a code point")
    .nullable(),
  icon_prop: z.object({ name: z.string().trim().min(1).max(64), color: hexColor }).nullable(),
  cover_image: z.string().trim().max(2048, "Cover image URL is too long").nullable(),
  cycle_view: z.boolean(),
  module_view: z.boolean(),
  issue_views_view: z.boolean(),
  page_view: z.boolean(),
};

export const CreateProjectInput = z.object({
  ...projectFields,
  description: projectFields.description.default(""),
  network: projectFields.network.default(NETWORK.public),
  emoji: projectFields.emoji.optional(),
  icon_prop: projectFields.icon_prop.optional(),
  cover_image: projectFields.cover_image.optional(),
  cycle_view: projectFields.cycle_view.default(true),
  module_view: projectFields.module_view.default(true),
  issue_views_view: projectFields.issue_views_view.default(true),
  page_view: projectFields.page_view.default(true),
});

export const UpdateProjectInput = z
  .object({
    ...projectFields,
    estimate: z.string().max(64).nullable(),
    project_lead: z.string().max(64).nullable(),
    default_assignee: z.string().max(64).nullable(),
  })
  .partial();
