// Issue labels of a project: a label with no parent can become a group when
// labels are placed under it. Names are unique per project and the parent chain never loops.
// The schema has no unique index on label names, so the writes carry the rules as SQL guards:
// a request that raced another one is refused instead of leaving a duplicate or a cycle.
import { and, eq, getTableColumns, ne, sql } from "drizzle-orm";
import type { z } from "zod";
import { labels } from "../../drizzle/schema";
import { runBatch } from "../lib/batch";
import { parseInput } from "../lib/validation";
import { ROLE, type ProjectAccess, projectAccess } from "./access";
import type { ActorContext } from "./context";
import { type OrderKey, type PageRequest, mapPage, readPage } from "./list-page";
import { Conflict, Invalid, NotFound } from "./errors";
import {
  CreateLabelInput,
  LABEL_NAME_TAKEN,
  LABEL_NOT_FOUND,
  LABEL_OWN_ANCESTOR,
  LABEL_PARENT_NOT_FOUND,
  UpdateLabelInput,
} from "./schemas/labels";
import { FIRST_SORT_ORDER, SORT_STEP } from "./schemas/constants";

export type Label = typeof labels.$inferSelect;
type CreateLabelData = z.output<typeof CreateLabelInput>;

export function labelOf(label: Label, { workspace, project }: Pick<ProjectAccess, "workspace" | "project">) {
  return {
    id: label.id,
    name: label.name,
    description: label.description,
    color: label.color,
    parent: label.parent,
    sort_order: label.sort_order,
    project: label.project_id,
    workspace: label.workspace_id,
    project_detail: { id: project.id, identifier: project.identifier, name: project.name },
    workspace_detail: { id: workspace.id, slug: workspace.slug, name: workspace.name },
    created_by: label.created_by,
    created_at: label.created_at,
    updated_at: label.updated_at,
  };
}

export type LabelView = ReturnType<typeof labelOf>;

const LABEL_ORDER: OrderKey<Label>[] = [
  { by: labels.sort_order, dir: "asc", of: (label) => label.sort_order },
  { by: labels.created_at, dir: "asc", of: (label) => label.created_at },
  { by: labels.id, dir: "asc", of: (label) => label.id },
];

/** One page of a project's labels, by sort order then age. */
export async function listLabels(ctx: ActorContext, slug: string, projectId: string, page: PageRequest) {
  const access = await projectAccess(ctx, slug, projectId);
  const read = await readPage(page, LABEL_ORDER, (after, orderBy, limit) =>
    ctx.db
      .select()
      .from(labels)
      .where(and(eq(labels.project_id, projectId), after))
      .orderBy(...orderBy)
      .limit(limit),
  );
  return mapPage(read, (rows) => rows.map((row) => labelOf(row, access)));
}

async function loadLabel(ctx: ActorContext, projectId: string, labelId: string) {
  const [label] = await ctx.db
    .select()
    .from(labels)
    .where(and(eq(labels.id, labelId), eq(labels.project_id, projectId)))
    .limit(1);
  if (!label) throw new NotFound(LABEL_NOT_FOUND);
  return label;
}

export async function getLabel(ctx: ActorContext, slug: string, projectId: string, labelId: string) {
  const access = await projectAccess(ctx, slug, projectId);
  return labelOf(await loadLabel(ctx, projectId, labelId), access);
}

/**
 * Checks a label's name and parent against the project's labels (one query: a project has tens of
 * labels, not thousands). `labelId` is the label being changed, absent on create.
 */
export async function assertValidPlacement(
  ctx: ActorContext,
  projectId: string,
  change: { name?: string; parent?: string | null },
  labelId?: string,
) {
  const rows = await ctx.db
    .select({ id: labels.id, name: labels.name, parent: labels.parent })
    .from(labels)
    .where(eq(labels.project_id, projectId));
  if (change.name !== undefined && rows.some((row) => row.name === change.name && row.id !== labelId)) {
    throw Invalid.field("name", LABEL_NAME_TAKEN);
  }
  if (change.parent) {
    const parentOf = new Map(rows.map((row) => [row.id, row.parent]));
    if (!parentOf.has(change.parent)) throw Invalid.field("parent", LABEL_PARENT_NOT_FOUND);
    // Walk up from the new parent; meeting the label itself means the change would close a loop.
    const seen = new Set<string>();
    for (let at: string | null | undefined = change.parent; at && !seen.has(at); at = parentOf.get(at)) {
      if (at === labelId) throw Invalid.field("parent", LABEL_OWN_ANCESTOR);
      seen.add(at);
    }
  }
}

/** SQL guard: no other label of the project has this name. */
const nameFree = (projectId: string, name: string, exceptId: string) =>
  sql`NOT EXISTS (SELECT 1 FROM ${labels} AS other WHERE other.project_id = ${projectId} AND other.name = ${name} AND other.id <> ${exceptId})`;

/** SQL guard: the parent is a label of the project and `labelId` is not among its ancestors. */
const parentAllowed = (projectId: string, parent: string, labelId: string) => sql`(
  EXISTS (SELECT 1 FROM ${labels} AS p WHERE p.id = ${parent} AND p.project_id = ${projectId})
  AND NOT EXISTS (
    WITH RECURSIVE ancestors(id) AS (
      SELECT ${parent}
      UNION
      SELECT up.parent FROM ${labels} AS up JOIN ancestors ON up.id = ancestors.id WHERE up.parent IS NOT NULL
    )
    SELECT 1 FROM ancestors WHERE ancestors.id = ${labelId}
  )
)`;

/**
 * The insert of a new label, guarded: INSERT ... SELECT ... WHERE <guards> inserts nothing when a
 * racing request took the name or removed the parent since the caller checked them. Built with
 * the query builder so it can run inside a batch (drizzle cannot batch a raw `db.all(sql)`).
 */
export function labelInsert(
  ctx: ActorContext,
  access: Pick<ProjectAccess, "workspace" | "project">,
  data: CreateLabelData,
  id: string,
  now: string,
) {
  const projectId = access.project.id;
  const sortOrder =
    data.sort_order ??
    sql`(SELECT coalesce(max(last.sort_order) + ${SORT_STEP}, ${FIRST_SORT_ORDER}) FROM ${labels} AS last WHERE last.project_id = ${projectId})`;
  const values: Record<keyof Label, unknown> = {
    id,
    workspace_id: access.workspace.id,
    project_id: projectId,
    name: data.name,
    description: data.description,
    color: data.color,
    parent: data.parent,
    sort_order: sortOrder,
    external_source: null,
    external_id: null,
    created_by: ctx.actor.id,
    created_at: now,
    updated_at: now,
  };
  // INSERT ... SELECT names every column in the table's order.
  const selected = sql.join(
    Object.keys(getTableColumns(labels)).map((key) => sql`${values[key as keyof Label]}`),
    sql`, `,
  );
  const guards = sql`${nameFree(projectId, data.name, id)} ${data.parent ? sql`AND ${parentAllowed(projectId, data.parent, id)}` : sql``}`;
  return ctx.db
    .insert(labels)
    .select(sql`SELECT ${selected} WHERE ${guards}`)
    .returning();
}

export async function createLabel(ctx: ActorContext, slug: string, projectId: string, input: unknown) {
  const access = await projectAccess(ctx, slug, projectId, ROLE.member);
  const data = parseInput(CreateLabelInput, input);
  await assertValidPlacement(ctx, projectId, data);
  const id = crypto.randomUUID();
  const inserted = await labelInsert(ctx, access, data, id, new Date().toISOString());
  if (inserted.length === 0) {
    await assertValidPlacement(ctx, projectId, data);
    throw new Conflict("The labels changed while this one was being saved. Please try again.");
  }
  const view = labelOf(inserted[0], access);
  ctx.effects.publish(projectId, { kind: "label", op: "upsert", id, row: view });
  return view;
}

export async function updateLabel(ctx: ActorContext, slug: string, projectId: string, labelId: string, input: unknown) {
  const access = await projectAccess(ctx, slug, projectId, ROLE.member);
  const data = parseInput(UpdateLabelInput, input);
  await loadLabel(ctx, projectId, labelId);
  if (data.parent === labelId) throw Invalid.field("parent", LABEL_OWN_ANCESTOR);
  await assertValidPlacement(ctx, projectId, data, labelId);
  const [updated] = await ctx.db
    .update(labels)
    .set({ ...data, updated_at: new Date().toISOString() })
    .where(
      and(
        eq(labels.id, labelId),
        eq(labels.project_id, projectId),
        data.name !== undefined ? nameFree(projectId, data.name, labelId) : undefined,
        data.parent ? parentAllowed(projectId, data.parent, labelId) : undefined,
      ),
    )
    .returning();
  if (!updated) {
    await loadLabel(ctx, projectId, labelId);
    await assertValidPlacement(ctx, projectId, data, labelId);
    throw new Conflict("The labels changed while this one was being saved. Please try again.");
  }
  const view = labelOf(updated, access);
  ctx.effects.publish(projectId, { kind: "label", op: "upsert", id: labelId, row: view });
  return view;
}

/**
 * Deleting a group label keeps its children: they leave the group (parent set to null, just as
 * when a label is removed from its group) in the same batch as the delete. The label's
 * issue and page links go with it (ON DELETE CASCADE).
 */
export async function deleteLabel(ctx: ActorContext, slug: string, projectId: string, labelId: string) {
  const access = await projectAccess(ctx, slug, projectId, ROLE.member);
  await loadLabel(ctx, projectId, labelId);
  const now = new Date().toISOString();
  const [children, deleted] = (await runBatch(ctx.db, [
    ctx.db
      .update(labels)
      .set({ parent: null, updated_at: now })
      .where(and(eq(labels.project_id, projectId), eq(labels.parent, labelId), ne(labels.id, labelId)))
      .returning(),
    ctx.db
      .delete(labels)
      .where(and(eq(labels.id, labelId), eq(labels.project_id, projectId)))
      .returning({ id: labels.id }),
  ])) as [Label[], { id: string }[]];
  if (deleted.length === 0) throw new NotFound(LABEL_NOT_FOUND);
  for (const child of children) {
    ctx.effects.publish(projectId, { kind: "label", op: "upsert", id: child.id, row: labelOf(child, access) });
  }
  ctx.effects.publish(projectId, { kind: "label", op: "delete", id: labelId });
}
