// Workspace input schemas: client-safe (zod only), shared by the API, Remix actions and forms.
import { z } from "zod";
import type { Role } from "../../../drizzle/schema";
import { email } from "./accounts";
import { NAME_REQUIRED, requiredText } from "./common";
import { ROLE, ROLES } from "./constants";
import { RESERVED_SLUGS } from "./reserved-slugs";

export { ROLES };

export const SLUG_TAKEN = "The workspace URL is already taken!";

export const SLUG_FORMAT = "Slug may contain only lowercase letters, digits and dashes.";
/** A workspace slug: lowercase letters and digits in dash-separated runs. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;


export const WorkspaceNameSchema = requiredText({ required: NAME_REQUIRED, tooLong: "Name should be less than 80 characters" }, 80);

export const CreateWorkspaceInput = z.object({
  name: WorkspaceNameSchema,
  slug: z
    .string({ error: "Slug is required" })
    .trim()
    .min(1, "Slug is required")
    .max(48, "Slug should be less than 48 characters")
    .regex(SLUG_PATTERN, SLUG_FORMAT)
    .refine((slug) => !RESERVED_SLUGS.has(slug), SLUG_TAKEN),
});

export const UpdateWorkspaceInput = z
  .object({ name: WorkspaceNameSchema, logo: z.string().trim().max(1024, "Logo URL is too long") })
  .partial();

export const RoleSchema = z.union(ROLES.map((role) => z.literal(role)) as [z.ZodLiteral<Role>, ...z.ZodLiteral<Role>[]], {
  error: "Role must be one of 20, 15, 10, 5.",
});

export const UpdateMemberInput = z.object({ role: RoleSchema });

export const InviteInput = z.object({
  emails: z
    .array(
      z.object({
        email,
        role: RoleSchema.default(ROLE.viewer),
      }),
      { error: "Emails are required" },
    )
    .min(1, "Emails are required")
    .max(50, "At most 50 invitations at a time"),
});

/** Accepting an invitation: the secret of its link, which proves the invitee owns the address. */
export const AcceptInvitationInput = z.object({
  token: z.string({ error: "The invitation link is required" }).trim().min(1, "The invitation link is required").max(200, "This invitation link is not valid."),
});

/** The page where an invitation link leads: the invitee signs in (or up) there and accepts. */
export const invitationPath = (token: string) => `/invitations/${encodeURIComponent(token)}`;

/** The workspace settings' general form: the name (the logo has its own upload). */
export const WorkspaceNameFormSchema = z.object({ name: WorkspaceNameSchema });

/** The members page's invite form: one address and the role it joins with (sent as text). */
export const InviteMemberFormSchema = z.object({
  email,
  role: z.coerce.number({ error: "Role is required" }).pipe(RoleSchema),
});

/** Deleting a workspace needs its name and this phrase typed in full. */
export const DELETE_WORKSPACE_PHRASE = "delete my workspace";
