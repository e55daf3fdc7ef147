// Issue display properties: which fields an issue row shows, one row per user and project. Any
// project member, guests included, may change their own and nobody else's: another user's row
// answers 404 so ids do not reveal whose they are.
//
// GET answers an object, never a list. With no stored row it is the defaults with `id: null`,
// which is the client's cue to create one (POST with its properties and its own user id).
import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { issueProperties } from "../../drizzle/schema";
import { parseInput } from "../lib/validation";
import { projectAccess } from "./access";
import type { ActorContext } from "./context";
import { Forbidden, NotFound } from "./errors";
import {
  ISSUE_PROPERTY_DEFAULTS,
  ISSUE_PROPERTY_KEYS,
  type IssuePropertyKey,
  type IssuePropertyToggles,
} from "./schemas/issue-properties";

export const ISSUE_PROPERTIES_NOT_FOUND = "Issue properties not found.";
export const NOT_YOUR_PROPERTIES = "You can only change your own issue properties.";

const toggle = z.boolean({ error: "Must be true or false." });

const PropertiesSchema = z.strictObject(
  Object.fromEntries(ISSUE_PROPERTY_KEYS.map((key) => [key, toggle.optional()])) as Record<IssuePropertyKey, z.ZodOptional<typeof toggle>>,
  {
    error: (issue) =>
      issue.code === "unrecognized_keys"
        ? `Unknown issue properties: ${issue.keys.join(", ")}.`
        : "Properties must be an object of toggles.",
  },
);

export const IssuePropertiesInput = z.object({
  properties: PropertiesSchema,
  /** The client may send its own id; anyone else's is refused. */
  user: z.string({ error: "User must be a user id." }).max(64, "User must be a user id.").optional(),
});

type PropertiesRow = Pick<typeof issueProperties.$inferSelect, "properties" | "user_id" | "project_id" | "workspace_id"> & {
  id: string | null;
  created_at: string | null;
  updated_at: string | null;
};

function propertiesOf(row: PropertiesRow) {
  return {
    id: row.id,
    // Stored rows are completed with the defaults, so a toggle added later still has a value.
    properties: { ...ISSUE_PROPERTY_DEFAULTS, ...row.properties } as IssuePropertyToggles,
    user: row.user_id,
    project: row.project_id,
    workspace: row.workspace_id,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

function parseToggles(ctx: ActorContext, input: unknown) {
  const { properties, user } = parseInput(IssuePropertiesInput, input);
  if (user !== undefined && user !== ctx.actor.id) throw new Forbidden(NOT_YOUR_PROPERTIES);
  // Only the toggles actually sent: they are merged into what is stored.
  return Object.fromEntries(Object.entries(properties).filter(([, value]) => value !== undefined)) as Partial<IssuePropertyToggles>;
}

export async function getIssueProperties(ctx: ActorContext, slug: string, projectId: string) {
  const { project } = await projectAccess(ctx, slug, projectId);
  const [row] = await ctx.db
    .select()
    .from(issueProperties)
    .where(and(eq(issueProperties.user_id, ctx.actor.id), eq(issueProperties.project_id, projectId)))
    .limit(1);
  if (row) return propertiesOf(row);
  return propertiesOf({
    id: null,
    properties: {},
    user_id: ctx.actor.id,
    project_id: projectId,
    workspace_id: project.workspace_id,
    created_at: null,
    updated_at: null,
  });
}

/**
 * Creates the caller's row from the defaults and the sent toggles. If the row exists already (a
 * second tab, a retry) the sent toggles are merged into it instead, so POST never fails on a race.
 */
export async function createIssueProperties(ctx: ActorContext, slug: string, projectId: string, input: unknown) {
  const { project } = await projectAccess(ctx, slug, projectId);
  const toggles = parseToggles(ctx, input);
  const [row] = await ctx.db
    .insert(issueProperties)
    .values({
      workspace_id: project.workspace_id,
      project_id: projectId,
      user_id: ctx.actor.id,
      properties: { ...ISSUE_PROPERTY_DEFAULTS, ...toggles },
    })
    .onConflictDoUpdate({
      target: [issueProperties.user_id, issueProperties.project_id],
      set: {
        properties: sql`json_patch(${issueProperties.properties}, ${JSON.stringify(toggles)})`,
        updated_at: new Date().toISOString(),
      },
    })
    .returning();
  return propertiesOf(row);
}

/** Merges the sent toggles into the caller's own row; any other id is 404. */
export async function updateIssueProperties(
  ctx: ActorContext,
  slug: string,
  projectId: string,
  propertiesId: string,
  input: unknown,
) {
  await projectAccess(ctx, slug, projectId);
  const toggles = parseToggles(ctx, input);
  const [row] = await ctx.db
    .update(issueProperties)
    .set({
      // json_patch merges in SQL, so two tabs flipping different toggles both keep their change.
      properties: sql`json_patch(${issueProperties.properties}, ${JSON.stringify(toggles)})`,
      updated_at: new Date().toISOString(),
    })
    .where(
      and(
        eq(issueProperties.id, propertiesId),
        eq(issueProperties.user_id, ctx.actor.id),
        eq(issueProperties.project_id, projectId),
      ),
    )
    .returning();
  if (!row) throw new NotFound(ISSUE_PROPERTIES_NOT_FOUND);
  return propertiesOf(row);
}
