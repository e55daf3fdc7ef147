// Project input schemas: client-safe (zod only), shared by the API, Remix actions and forms.
import { z } from "zod";
import { hexColor, NAME_REQUIRED, NAME_TOO_LONG, plainDescription, requiredId, requiredText } from "./common";
import { RoleSchema } from "./workspaces";

/** Network values (default 2): 0 secret (invite only), 2 public. */
export const NETWORK = { secret: 0, public: 2 } as const;


export const ProjectNameSchema = requiredText({ required: NAME_REQUIRED, tooLong: NAME_TOO_LONG });

export const IdentifierSchema = z
  .string({ error: "Identifier is required" })
  .trim()
  .min(1, "Identifier is required")
  .max(5, "Identifier must at most be of 5 characters")
  .regex(/^[A-Z]+$/, "Identifier must be uppercase text.");

const CREDIT_NAME = "Photographer's name is required";
const CREDIT_PROFILE_URL = "Photographer's profile must be an http(s) URL";

/**
 * Who took a cover photo picked from image search, shown with the cover as the photo service's
 * terms ask. Null for built-in and uploaded covers.
 */
export const coverImageCredit = z
  .object(
    {
      name: z.string({ error: CREDIT_NAME }).trim().min(1, CREDIT_NAME).max(255, "Photographer's name is too long"),
      profile_url: z.url({ protocol: /^https?$/, error: CREDIT_PROFILE_URL }).max(2048, CREDIT_PROFILE_URL),
    },
    { error: "Cover image credit must have a name and a profile URL" },
  )
  .nullable();
export type CoverImageCredit = NonNullable<z.infer<typeof coverImageCredit>>;

export const projectFields = {
  name: ProjectNameSchema,
  identifier: IdentifierSchema,
  description: plainDescription,
  network: z.union([z.literal(NETWORK.secret), z.literal(NETWORK.public)], { error: "Network must be 0 or 2." }),
  emoji: z
    .string()
    .regex(/^\d{1,7}(-\d{1,7}){0,7}$/, "Emoji must be a code point")
    .nullable(),
  icon_prop: z.object({ name: z.string().trim().min(1).max(64), color: hexColor }).nullable(),
  cover_image: z.string().trim().max(2048, "Cover image URL is too long").nullable(),
  cover_image_credit: coverImageCredit,
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
  cover_image_credit: projectFields.cover_image_credit.optional(),
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

export const AddProjectMembersInput = z.object({
  members: z
    .array(z.object({ member_id: requiredId("Member is required"), role: RoleSchema }), {
      error: "Members are required",
    })
    .min(1, "Members are required")
    .max(100, "At most 100 members at a time"),
});

export const UpdateProjectMemberInput = z.object({ role: RoleSchema });

export const JoinProjectsInput = z.object({
  project_ids: z
    .array(z.string().max(64), { error: "Projects are required" })
    .min(1, "Projects are required")
    .max(100, "At most 100 projects at a time"),
});

export const AddFavoriteProjectInput = z.object({
  project: requiredId("Project is required", "Project not found."),
});
