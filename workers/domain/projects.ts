// Projects: creation with default states, settings, membership, joining and favourites.
import { type OrderKey, type PageRequest, mapPage, readPage } from "./list-page";
import { and, eq, inArray, ne, or, sql } from "drizzle-orm";
import {
  AddFavoriteProjectInput,
  AddProjectMembersInput,
  CreateProjectInput,
  JoinProjectsInput,
  NETWORK,
  UpdateProjectInput,
  UpdateProjectMemberInput,
} from "./schemas/projects";
import {
  estimates,
  issueSequences,
  issues,
  projectMembers,
  projects,
  states,
  userFavorites,
  users,
  workspaceMembers,
  type Project,
  type Role,
  type StateGroup,
  type Workspace,
} from "../../drizzle/schema";
import { refreshEventSinks } from "./integration-events";
import { chunks, runBatch } from "../lib/batch";
import { isUniqueViolation } from "../lib/d1-errors";
import { pick } from "../lib/pick";
import { preparedRead } from "../lib/prepared-reads";
import { parseInput } from "../lib/validation";
import { ROLE, assertCanGrant, projectAccess, workspaceAccess } from "./access";
import type { ActorContext } from "./context";
import { emitEntityEvent, projectEventData } from "./entity-events";
import { Conflict, Forbidden, Invalid, NotFound } from "./errors";
import { announceToFavoriteOwners, dropFavorites } from "./favorites";
import { assetIdInUrl, deleteWorkspaceAsset, uploadWorkspaceAsset, workspaceAssetUrl } from "./file-assets";
import type { AssetUpload } from "./uploads";
import type { ProjectView } from "./schemas/responses";
import { INTEGRATION_BOT_MEMBER, LAST_PROJECT_OWNER } from "./schemas/constants";
import { memberDetailOf } from "./serializers";

export { NETWORK } from "./schemas/projects";

export const IDENTIFIER_TAKEN = "Project identifier is already taken";
export const NO_CREATE_PERMISSION = "You don't have permission to create project.";

export const STATE_SEQUENCE_STEP = 15000;

/** The five states every new project starts with; Backlog is the default. */
export const DEFAULT_STATES: { name: string; group: StateGroup; color: string; default: boolean }[] = [
  { name: "Backlog", group: "backlog", color: "#3f76ff", default: true },
  { name: "Todo", group: "unstarted", color: "#ff9e9e", default: false },
  { name: "In Progress", group: "started", color: "#d687ff", default: false },
  { name: "Done", group: "completed", color: "#096e8d", default: false },
  { name: "Cancelled", group: "cancelled", color: "#ff5353", default: false },
];

type ProjectExtras = {
  workspace: Pick<Workspace, "id" | "slug" | "name">;
  member_role: number | null;
  is_favorite: boolean;
};

export function projectOf(project: Project, extras: ProjectExtras): ProjectView {
  return {
    ...pick(project, ["id", "name", "identifier", "description", "network", "emoji", "icon_prop", "cover_image"]),
    cover_image_credit: project.cover_image_credit ?? null,
    ...pick(project, ["cycle_view", "module_view", "issue_views_view", "page_view"]),
    estimate: project.estimate_id,
    project_lead: project.project_lead,
    default_assignee: project.default_assignee,
    workspace: project.workspace_id,
    workspace_detail: { id: extras.workspace.id, slug: extras.workspace.slug, name: extras.workspace.name },
    is_member: extras.member_role !== null,
    member_role: extras.member_role,
    is_favorite: extras.is_favorite,
    created_by: project.created_by,
    created_at: project.created_at,
    updated_at: project.updated_at,
  };
}

export type { ProjectView };

const favoriteJoin = (userId: string) =>
  and(
    eq(userFavorites.entity_type, "project"),
    eq(userFavorites.entity_id, projects.id),
    eq(userFavorites.user_id, userId),
  );

/**
 * Every project the actor can see in the workspace: public projects (for viewers and up) and
 * the ones they belong to. Favourites come first, then by name.
 */
export async function listProjects(ctx: ActorContext, slug: string, page: PageRequest) {
  const { workspace, membership } = await workspaceAccess(ctx, slug);
  const visible =
    membership.role >= ROLE.viewer
      ? or(eq(projects.network, NETWORK.public), sql`${projectMembers.id} IS NOT NULL`)
      : sql`${projectMembers.id} IS NOT NULL`;
  const order: OrderKey<{ project: typeof projects.$inferSelect; favoriteId: string | null }>[] = [
    { by: sql`${userFavorites.id} IS NOT NULL`, dir: "desc", of: (row) => (row.favoriteId !== null ? 1 : 0) },
    { by: projects.name, dir: "asc", of: (row) => row.project.name },
    { by: projects.id, dir: "asc", of: (row) => row.project.id },
  ];
  const rows = await readPage(page, order, (after, orderBy, limit) =>
    ctx.db
      .select({ project: projects, role: projectMembers.role, favoriteId: userFavorites.id })
      .from(projects)
      .leftJoin(projectMembers, and(eq(projectMembers.project_id, projects.id), eq(projectMembers.member_id, ctx.actor.id)))
      .leftJoin(userFavorites, favoriteJoin(ctx.actor.id))
      .where(and(eq(projects.workspace_id, workspace.id), visible, after))
      .orderBy(...orderBy)
      .limit(limit),
  );
  return mapPage(rows, (shown) =>
    shown.map((row) => projectOf(row.project, { workspace, member_role: row.role, is_favorite: row.favoriteId !== null })),
  );
}

export async function createProject(ctx: ActorContext, slug: string, input: unknown) {
  const { workspace, membership } = await workspaceAccess(ctx, slug);
  if (membership.role < ROLE.member) throw new Forbidden(NO_CREATE_PERMISSION);
  const parsed = parseInput(CreateProjectInput, input);
  // A credit belongs to the cover it names: none without a cover.
  const data = { ...parsed, cover_image_credit: parsed.cover_image ? (parsed.cover_image_credit ?? null) : null };
  const projectId = crypto.randomUUID();
  const base = { workspace_id: workspace.id, project_id: projectId };
  try {
    const results = await ctx.db.batch([
      ctx.db
        .insert(projects)
        .values({ ...data, id: projectId, workspace_id: workspace.id, created_by: ctx.actor.id, project_lead: ctx.actor.id }),
      ctx.db.insert(projectMembers).values({ ...base, member_id: ctx.actor.id, role: ROLE.owner }),
      ctx.db.insert(states).values(
        DEFAULT_STATES.map((state, index) => ({
          ...base,
          ...state,
          sequence: STATE_SEQUENCE_STEP + index * 10000,
          created_by: ctx.actor.id,
        })),
      ),
      ctx.db.insert(issueSequences).values({ project_id: projectId, last_sequence_id: 0 }),
      // The workspace's integrations (its webhooks) hear about the project from its first write on.
      refreshEventSinks(ctx.db, workspace.id, projectId),
      ctx.db.select().from(projects).where(eq(projects.id, projectId)),
    ]);
    const created = results[results.length - 1] as Project[];
    ctx.effects.projectsChanged(workspace.id);
    emitEntityEvent(ctx, created[0], "project", "created", projectEventData(created[0], workspace));
    return projectOf(created[0], { workspace, member_role: ROLE.owner, is_favorite: false });
  } catch (error) {
    if (isUniqueViolation(error, "projects.workspace_id, projects.identifier")) {
      throw Invalid.field("identifier", IDENTIFIER_TAKEN);
    }
    throw error;
  }
}

/** Whether a person starred a project: every project page reads it, so it is built once per isolate. */
const projectFavorite = preparedRead((db) =>
  db
    .select({ id: userFavorites.id })
    .from(userFavorites)
    .where(
      and(
        eq(userFavorites.user_id, sql.placeholder("userId")),
        eq(userFavorites.entity_type, "project"),
        eq(userFavorites.entity_id, sql.placeholder("projectId")),
      ),
    )
    .limit(1)
    .prepare(),
);

async function isFavorite(ctx: ActorContext, projectId: string) {
  const [row] = await projectFavorite(ctx.db, { userId: ctx.actor.id, projectId });
  return Boolean(row);
}

export async function getProject(ctx: ActorContext, slug: string, projectId: string) {
  return (await projectShellOf(ctx, slug, projectId)).project;
}

/**
 * The project pages' frame: the project, and the live board's clock read with the access check,
 * before any row a page shows (its socket connects from it: ADR 062).
 */
export async function projectShellOf(ctx: ActorContext, slug: string, projectId: string) {
  const { workspace, project, membership } = await projectAccess(ctx, slug, projectId);
  const view = projectOf(project, { workspace, member_role: membership.role, is_favorite: await isFavorite(ctx, projectId) });
  return { project: view, boardClock: project.live_clock };
}

async function assertProjectMember(ctx: ActorContext, projectId: string, userId: string, field: string) {
  const [row] = await ctx.db
    .select({ id: projectMembers.id })
    .from(projectMembers)
    .where(and(eq(projectMembers.project_id, projectId), eq(projectMembers.member_id, userId)))
    .limit(1);
  if (!row) throw Invalid.field(field, "Must be a member of the project.");
}

export async function updateProject(ctx: ActorContext, slug: string, projectId: string, input: unknown) {
  const { workspace, project, membership } = await projectAccess(ctx, slug, projectId, ROLE.owner);
  const { estimate, ...data } = parseInput(UpdateProjectInput, input);
  // A new cover sent without its credit is not the photo the old credit named: the credit goes.
  if (data.cover_image !== undefined && data.cover_image_credit === undefined) data.cover_image_credit = null;
  if (data.cover_image === null) data.cover_image_credit = null;
  if (data.project_lead) await assertProjectMember(ctx, projectId, data.project_lead, "project_lead");
  if (data.default_assignee) await assertProjectMember(ctx, projectId, data.default_assignee, "default_assignee");
  if (estimate) {
    const [row] = await ctx.db
      .select({ id: estimates.id })
      .from(estimates)
      .where(and(eq(estimates.id, estimate), eq(estimates.project_id, projectId)))
      .limit(1);
    if (!row) throw Invalid.field("estimate", "Estimate not found in this project.");
  }
  const values = { ...data, ...(estimate !== undefined ? { estimate_id: estimate } : {}) };
  let updated = project;
  if (Object.keys(values).length > 0) {
    try {
      [updated] = await ctx.db.update(projects).set(values).where(eq(projects.id, projectId)).returning();
    } catch (error) {
      if (isUniqueViolation(error, "projects.workspace_id, projects.identifier")) {
        throw Invalid.field("identifier", IDENTIFIER_TAKEN);
      }
      throw error;
    }
  }
  if (project.cover_image && updated.cover_image !== project.cover_image) {
    await dropReplacedCover(ctx, workspace, projectId, project.cover_image);
  }
  const view = projectOf(updated, { workspace, member_role: membership.role, is_favorite: await isFavorite(ctx, projectId) });
  ctx.effects.publish(projectId, { kind: "project", op: "upsert", id: projectId, row: view });
  ctx.effects.projectsChanged(workspace.id);
  emitEntityEvent(ctx, updated, "project", "updated", projectEventData(updated, workspace), projectEventData(project, workspace));
  return view;
}

/**
 * Deletes the uploaded file behind a cover the project no longer shows. Built-in covers and
 * outside URLs are not files of ours, and a file another project of the workspace still shows
 * stays. The file-asset rules still hold (its uploader or a workspace owner): a cover pointed at
 * someone else's file must not become a way to delete it, so such a file is left alone, as is
 * one already gone.
 */
async function dropReplacedCover(ctx: ActorContext, workspace: Pick<Workspace, "id" | "slug">, projectId: string, previous: string) {
  const assetId = assetIdInUrl(previous, (id) => workspaceAssetUrl(workspace.slug, id));
  if (!assetId) return;
  const [shared] = await ctx.db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.workspace_id, workspace.id), eq(projects.cover_image, previous), ne(projects.id, projectId)))
    .limit(1);
  if (shared) return;
  try {
    await deleteWorkspaceAsset(ctx, workspace.slug, assetId);
  } catch (error) {
    if (!(error instanceof NotFound || error instanceof Forbidden)) throw error;
  }
}

/**
 * Uploads a new cover (an image of at most 5 MB, stored as a workspace file asset), points the
 * project at it and deletes the previous cover's file if it was an upload. Project owners only:
 * the role is checked before a byte of the upload is read, and a refused or failed upload leaves
 * the old cover in place.
 */
export async function replaceProjectCover(ctx: ActorContext, slug: string, projectId: string, upload: AssetUpload) {
  await projectAccess(ctx, slug, projectId, ROLE.owner);
  const asset = await uploadWorkspaceAsset(ctx, slug, upload);
  try {
    return await updateProject(ctx, slug, projectId, { cover_image: asset.asset });
  } catch (error) {
    await deleteWorkspaceAsset(ctx, slug, asset.id);
    throw error;
  }
}

export async function deleteProject(ctx: ActorContext, slug: string, projectId: string) {
  const { workspace, project } = await projectAccess(ctx, slug, projectId, ROLE.owner);
  const [dropped] = await ctx.db.batch([
    dropFavorites(ctx, eq(userFavorites.project_id, projectId)),
    // issues.state_id is ON DELETE RESTRICT: the issues must go before the cascade reaches states.
    ctx.db.delete(issues).where(eq(issues.project_id, projectId)),
    ctx.db.delete(projects).where(eq(projects.id, projectId)),
  ]);
  // An uploaded cover goes with its project.
  if (project.cover_image) await dropReplacedCover(ctx, workspace, projectId, project.cover_image);
  ctx.effects.publish(projectId, { kind: "project", op: "delete", id: projectId });
  ctx.effects.projectsChanged(workspace.id);
  announceToFavoriteOwners(ctx, dropped);
  emitEntityEvent(ctx, project, "project", "deleted", projectEventData(project, workspace));
}

// ---------------------------------------------------------------- members

type MemberRow = { membership: typeof projectMembers.$inferSelect; user: typeof users.$inferSelect };

export function projectMemberOf({ membership, user }: MemberRow) {
  return {
    id: membership.id,
    member: memberDetailOf(user),
    role: membership.role,
    project: membership.project_id,
    workspace: membership.workspace_id,
    created_at: membership.created_at,
  };
}

function memberRows(ctx: ActorContext) {
  return ctx.db
    .select({ membership: projectMembers, user: users })
    .from(projectMembers)
    .innerJoin(users, eq(users.id, projectMembers.member_id));
}

const PROJECT_MEMBER_ORDER: OrderKey<{ membership: typeof projectMembers.$inferSelect; user: typeof users.$inferSelect }>[] = [
  { by: users.email, dir: "asc", of: (row) => row.user.email },
  { by: projectMembers.id, dir: "asc", of: (row) => row.membership.id },
];

/** One page of a project's members, by email. */
export async function listProjectMembers(ctx: ActorContext, slug: string, projectId: string, page: PageRequest) {
  await projectAccess(ctx, slug, projectId);
  const rows = await readPage(page, PROJECT_MEMBER_ORDER, (after, orderBy, limit) =>
    memberRows(ctx)
      .where(and(eq(projectMembers.project_id, projectId), after))
      .orderBy(...orderBy)
      .limit(limit),
  );
  return mapPage(rows, (shown) => shown.map(projectMemberOf));
}

export async function myProjectMembership(ctx: ActorContext, slug: string, projectId: string) {
  const { membership } = await projectAccess(ctx, slug, projectId);
  return {
    id: membership.id,
    role: membership.role,
    view_props: membership.view_props ?? null,
    default_props: membership.default_props ?? null,
    member: memberDetailOf(ctx.actor),
    project: membership.project_id,
    workspace: membership.workspace_id,
  };
}

/** Project roles never exceed the member's workspace role nor the granting owner's role. */
export async function addProjectMembers(ctx: ActorContext, slug: string, projectId: string, input: unknown) {
  const { workspace, membership } = await projectAccess(ctx, slug, projectId, ROLE.owner);
  const { members } = parseInput(AddProjectMembersInput, input);
  const ids = [...new Set(members.map((m) => m.member_id))];
  const workspaceRoles = new Map<string, Role>();
  for (const part of chunks(ids)) {
    const rows = await ctx.db
      .select({ member_id: workspaceMembers.member_id, role: workspaceMembers.role })
      .from(workspaceMembers)
      .where(and(eq(workspaceMembers.workspace_id, workspace.id), inArray(workspaceMembers.member_id, part)));
    for (const row of rows) workspaceRoles.set(row.member_id, row.role);
  }
  for (const { member_id, role } of members) {
    const workspaceRole = workspaceRoles.get(member_id);
    if (workspaceRole === undefined) throw Invalid.field("members", "Every member must belong to the workspace.");
    assertCanGrant(membership.role, role);
    if (role > workspaceRole) throw Invalid.field("members", "A project role cannot exceed the workspace role.");
  }
  // Adding an existing member updates their role: that must not demote the last owner.
  const finalRoles = new Map(members.map(({ member_id, role }) => [member_id, role]));
  const owners = await ctx.db
    .select({ member_id: projectMembers.member_id })
    .from(projectMembers)
    .where(and(eq(projectMembers.project_id, projectId), eq(projectMembers.role, ROLE.owner)));
  const ownersAfter =
    owners.filter((owner) => !finalRoles.has(owner.member_id)).length +
    [...finalRoles.values()].filter((role) => role === ROLE.owner).length;
  if (ownersAfter === 0) throw new Invalid(LAST_PROJECT_OWNER);
  await runBatch(
    ctx.db,
    members.map(({ member_id, role }) =>
      ctx.db
        .insert(projectMembers)
        .values({ workspace_id: workspace.id, project_id: projectId, member_id, role })
        .onConflictDoUpdate({ target: [projectMembers.project_id, projectMembers.member_id], set: { role } }),
    ),
  );
  const added = [];
  for (const part of chunks(ids)) {
    const rows = await memberRows(ctx).where(and(eq(projectMembers.project_id, projectId), inArray(projectMembers.member_id, part)));
    added.push(...rows.map(projectMemberOf));
  }
  for (const member of added) ctx.effects.publish(projectId, { kind: "member", op: "upsert", id: member.member.id, row: member });
  ctx.effects.projectsChanged(workspace.id);
  return added;
}

async function loadProjectMember(ctx: ActorContext, projectId: string, membershipId: string) {
  const [row] = await memberRows(ctx)
    .where(and(eq(projectMembers.id, membershipId), eq(projectMembers.project_id, projectId)))
    .limit(1);
  if (!row) throw new NotFound("Project member not found.");
  return row;
}

async function projectOwnerCount(ctx: ActorContext, projectId: string) {
  const [{ total }] = await ctx.db
    .select({ total: sql<number>`count(*)` })
    .from(projectMembers)
    .where(and(eq(projectMembers.project_id, projectId), eq(projectMembers.role, ROLE.owner)));
  return total;
}

export async function updateProjectMember(
  ctx: ActorContext,
  slug: string,
  projectId: string,
  membershipId: string,
  input: unknown,
) {
  const { workspace, membership } = await projectAccess(ctx, slug, projectId, ROLE.owner);
  const { role } = parseInput(UpdateProjectMemberInput, input);
  assertCanGrant(membership.role, role);
  const target = await loadProjectMember(ctx, projectId, membershipId);
  if (target.user.is_bot) throw new Conflict(INTEGRATION_BOT_MEMBER);
  const [workspaceRow] = await ctx.db
    .select({ role: workspaceMembers.role })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspace_id, workspace.id), eq(workspaceMembers.member_id, target.user.id)))
    .limit(1);
  if (!workspaceRow || role > workspaceRow.role) {
    throw Invalid.field("role", "A project role cannot exceed the workspace role.");
  }
  if (target.membership.role === ROLE.owner && role !== ROLE.owner && (await projectOwnerCount(ctx, projectId)) <= 1) {
    throw new Invalid(LAST_PROJECT_OWNER);
  }
  const [updated] = await ctx.db
    .update(projectMembers)
    .set({ role })
    .where(eq(projectMembers.id, target.membership.id))
    .returning();
  const view = projectMemberOf({ membership: updated, user: target.user });
  ctx.effects.publish(projectId, { kind: "member", op: "upsert", id: target.user.id, row: view });
  ctx.effects.projectsChanged(workspace.id);
  return view;
}

/** Owners remove anyone; any member may leave. The last owner stays. */
export async function removeProjectMember(ctx: ActorContext, slug: string, projectId: string, membershipId: string) {
  const { workspace, membership } = await projectAccess(ctx, slug, projectId);
  const target = await loadProjectMember(ctx, projectId, membershipId);
  if (target.user.is_bot) throw new Conflict(INTEGRATION_BOT_MEMBER);
  const leaving = target.user.id === ctx.actor.id;
  if (!leaving && membership.role < ROLE.owner) throw new Forbidden();
  if (target.membership.role === ROLE.owner && (await projectOwnerCount(ctx, projectId)) <= 1) {
    throw new Invalid(LAST_PROJECT_OWNER);
  }
  await ctx.db.delete(projectMembers).where(eq(projectMembers.id, target.membership.id));
  ctx.effects.publish(projectId, { kind: "member", op: "delete", id: target.user.id });
  ctx.effects.revokeBoardAccess(projectId, target.user.id);
  ctx.effects.projectsChanged(workspace.id);
}

/**
 * A workspace member joins public projects with their workspace role; a workspace owner may also
 * join secret ones. Guests see only the projects they were added to, so they join none. Unknown
 * or barred ids fail the whole request (nothing is joined).
 */
export async function joinProjects(ctx: ActorContext, slug: string, input: unknown) {
  const { workspace, membership } = await workspaceAccess(ctx, slug, ROLE.viewer);
  const { project_ids } = parseInput(JoinProjectsInput, input);
  const ids = [...new Set(project_ids)];
  const found: Project[] = [];
  for (const part of chunks(ids)) {
    found.push(
      ...(await ctx.db
        .select()
        .from(projects)
        .where(and(eq(projects.workspace_id, workspace.id), inArray(projects.id, part)))),
    );
  }
  if (found.length !== ids.length) throw new NotFound("Project not found.");
  if (membership.role < ROLE.owner && found.some((project) => project.network !== NETWORK.public)) {
    throw new Forbidden("You can only join public projects.");
  }
  const role = membership.role as Role;
  await runBatch(
    ctx.db,
    found.map((project) =>
      ctx.db
        .insert(projectMembers)
        .values({ workspace_id: workspace.id, project_id: project.id, member_id: ctx.actor.id, role })
        .onConflictDoNothing(),
    ),
  );
  const rows = [];
  for (const part of chunks(ids)) {
    rows.push(...(await memberRows(ctx).where(and(eq(projectMembers.member_id, ctx.actor.id), inArray(projectMembers.project_id, part)))));
  }
  for (const row of rows) {
    ctx.effects.publish(row.membership.project_id, {
      kind: "member",
      op: "upsert",
      id: ctx.actor.id,
      row: projectMemberOf(row),
    });
  }
  ctx.effects.projectsChanged(workspace.id);
  return { message: "Projects joined successfully", projects: found.map((project) => project.id) };
}

// ---------------------------------------------------------------- favourites

/** Favourites of projects the actor still belongs to: leaving a project hides it here too. */
type FavoriteProjectRow = { favorite: typeof userFavorites.$inferSelect; project: typeof projects.$inferSelect; role: number };

const FAVORITE_PROJECT_ORDER: OrderKey<FavoriteProjectRow>[] = [
  { by: projects.name, dir: "asc", of: (row) => row.project.name },
  { by: userFavorites.id, dir: "asc", of: (row) => row.favorite.id },
];

/** One page of the actor's favourite projects in the workspace (those they still belong to), by name. */
export async function listFavoriteProjects(ctx: ActorContext, slug: string, page: PageRequest) {
  const { workspace } = await workspaceAccess(ctx, slug);
  const rows = await readPage(page, FAVORITE_PROJECT_ORDER, (after, orderBy, limit) =>
    ctx.db
      .select({ favorite: userFavorites, project: projects, role: projectMembers.role })
      .from(userFavorites)
      .innerJoin(projects, eq(projects.id, userFavorites.entity_id))
      .innerJoin(projectMembers, and(eq(projectMembers.project_id, projects.id), eq(projectMembers.member_id, ctx.actor.id)))
      .where(
        and(
          eq(userFavorites.user_id, ctx.actor.id),
          eq(userFavorites.workspace_id, workspace.id),
          eq(userFavorites.entity_type, "project"),
          after,
        ),
      )
      .orderBy(...orderBy)
      .limit(limit),
  );
  return mapPage(rows, (shown) =>
    shown.map(({ favorite, project, role }) => ({
      id: favorite.id,
      project: project.id,
      project_detail: projectOf(project, { workspace, member_role: role, is_favorite: true }),
      created_at: favorite.created_at,
    })),
  );
}

export async function addFavoriteProject(ctx: ActorContext, slug: string, input: unknown) {
  const { project: projectId } = parseInput(AddFavoriteProjectInput, input);
  const { workspace, project, membership } = await projectAccess(ctx, slug, projectId);
  await ctx.db
    .insert(userFavorites)
    .values({
      user_id: ctx.actor.id,
      workspace_id: workspace.id,
      project_id: project.id,
      entity_type: "project",
      entity_id: project.id,
    })
    .onConflictDoNothing();
  ctx.effects.favoritesChanged(workspace.id, ctx.actor.id);
  const [favorite] = await ctx.db
    .select()
    .from(userFavorites)
    .where(and(eq(userFavorites.user_id, ctx.actor.id), eq(userFavorites.entity_type, "project"), eq(userFavorites.entity_id, project.id)));
  return {
    id: favorite.id,
    project: project.id,
    project_detail: projectOf(project, { workspace, member_role: membership.role, is_favorite: true }),
    created_at: favorite.created_at,
  };
}

export async function removeFavoriteProject(ctx: ActorContext, slug: string, projectId: string) {
  const { workspace } = await workspaceAccess(ctx, slug);
  const deleted = await ctx.db
    .delete(userFavorites)
    .where(
      and(
        eq(userFavorites.user_id, ctx.actor.id),
        eq(userFavorites.workspace_id, workspace.id),
        eq(userFavorites.entity_type, "project"),
        eq(userFavorites.entity_id, projectId),
      ),
    )
    .returning({ id: userFavorites.id });
  if (deleted.length === 0) throw new NotFound("Favorite not found.");
  ctx.effects.favoritesChanged(workspace.id, ctx.actor.id);
}
