// Workspace input schemas: client-safe (zod only), shared by the API, Remix actions and forms.
import { z } from "zod";
import type { Role } from "../../../drizzle/schema";

export const ROLES: readonly Role[] = [20, 15, 10, 5];

export const SLUG_TAKEN = "The workspace URL is already taken!";

export const SLUG_FORMAT = "Slug may contain only lowercase letters, digits and dashes.";

export const RESERVED_SLUGS = new Set([
  "api", "assets", "build", "create-workspace", "invitations", "sign-in", "sign-up", "sign-out",
  "onboarding", "settings", "profile", "favicon.ico", "robots.txt", "god-mode", "admin", "health",
]);

export const WorkspaceNameSchema = z
  .string({ error: "Name is required" })
  .trim()
  .min(1, "Name is required")
  .max(80, "Name should be less than 80 characters");

export const CreateWorkspaceInput = z.object({
  name: WorkspaceNameSchema,
  slug: z
    .string({ error: "Slug is required" })
    .trim()
    .min(1, "Slug is required")
    .max(48, "Slug should be less than 48 characters")
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, SLUG_FORMAT)
    .refine((slug) => !RESERVED_SLUGS.has(slug), SLUG_TAKEN),
});

export const UpdateWorkspaceInput = z
  .object({ name: WorkspaceNameSchema, logo: z.string().trim().max(1024, "Logo URL is too long") })
  .partial();

export const RoleSchema = z.union(ROLES.map((role) => z.literal(role)) as [z.ZodLiteral<Role>, ...z.ZodLiteral<Role>[]], {
  error: "Role must be one of 20, 15, 10, 5.",
});

export const UpdateMemberInput = z.object({ role: RoleSchema });
