// The caller's display preferences for a project: view_props (how they see the issue list now)
// and default_props (the project defaults they can reset to), kept on their project_members row.
// They are personal, so any project member, guests included, may change their own and nobody
// else's.
//
// The path is GET/POST projects/{projectId}/project-views/ (PATCH is accepted as a synonym).
// A write merges the sent props over the stored ones (null resets that set to the defaults);
// answers always carry complete props, completed with the defaults.
import { eq } from "drizzle-orm";
import { projectMembers, type ProjectMember } from "../../drizzle/schema";
import { parseInput } from "../lib/validation";
import { projectAccess } from "./access";
import type { ActorContext } from "./context";
import { Invalid } from "./errors";
import { DisplayPreferencesInput } from "./schemas/display-preferences";
import { mergeViewProps, withViewPropsDefaults } from "./schemas/view-props";

export const NOTHING_TO_SAVE = "Send view_props or default_props.";


function preferencesOf(membership: ProjectMember) {
  return {
    id: membership.id,
    member: membership.member_id,
    project: membership.project_id,
    workspace: membership.workspace_id,
    view_props: withViewPropsDefaults(membership.view_props),
    default_props: withViewPropsDefaults(membership.default_props),
    updated_at: membership.updated_at,
  };
}

export async function getDisplayPreferences(ctx: ActorContext, slug: string, projectId: string) {
  const { membership } = await projectAccess(ctx, slug, projectId);
  return preferencesOf(membership);
}

export async function saveDisplayPreferences(ctx: ActorContext, slug: string, projectId: string, input: unknown) {
  const { membership } = await projectAccess(ctx, slug, projectId);
  const data = parseInput(DisplayPreferencesInput, input);
  if (data.view_props === undefined && data.default_props === undefined) throw new Invalid(NOTHING_TO_SAVE);
  const values: Partial<ProjectMember> = { updated_at: new Date().toISOString() };
  if (data.view_props !== undefined) {
    values.view_props = data.view_props === null ? null : mergeViewProps(membership.view_props, data.view_props);
  }
  if (data.default_props !== undefined) {
    values.default_props = data.default_props === null ? null : mergeViewProps(membership.default_props, data.default_props);
  }
  const [updated] = await ctx.db.update(projectMembers).set(values).where(eq(projectMembers.id, membership.id)).returning();
  return preferencesOf(updated ?? membership);
}
