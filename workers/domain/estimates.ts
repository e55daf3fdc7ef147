// Estimates of a project: a named scale of up to eight points (keys 0-7). Issues store the key
// (issues.estimate_point), so a point's key is its identity and its value is only the label shown.
//
// Payload (Plane's shape, which its web client sends):
//   POST  {estimate: {name, description?}, estimate_points: [{key, value, description?}, ...]}
//   PATCH {estimate?: {name?, description?}, estimate_points?: [...]}  (the sent points replace the
//         set, matched by key so kept keys keep their ids)
// Response: {id, name, description, points: [{id, key, value, description}], project, workspace, ...}
import { and, eq, notInArray } from "drizzle-orm";
import { estimatePoints, estimates, projects } from "../../drizzle/schema";
import { inList, runBatch } from "../lib/batch";
import { isUniqueViolation } from "../lib/d1-errors";
import { parseInput } from "../lib/validation";
import { ROLE, projectAccess } from "./access";
import type { ActorContext } from "./context";
import { type OrderKey, type PageRequest, mapPage, readPage } from "./list-page";
import { Invalid, NotFound } from "./errors";
import { CreateEstimateInput, ESTIMATE_NAME_TAKEN, ESTIMATE_NOT_FOUND, UpdateEstimateInput } from "./schemas/estimates";

type Estimate = typeof estimates.$inferSelect;
type EstimatePoint = typeof estimatePoints.$inferSelect;

export function estimateOf(estimate: Estimate, points: EstimatePoint[]) {
  return {
    id: estimate.id,
    name: estimate.name,
    description: estimate.description,
    points: points
      .filter((point) => point.estimate_id === estimate.id)
      .sort((a, b) => a.key - b.key)
      .map((point) => ({ id: point.id, key: point.key, value: point.value, description: point.description })),
    project: estimate.project_id,
    workspace: estimate.workspace_id,
    created_by: estimate.created_by,
    created_at: estimate.created_at,
    updated_at: estimate.updated_at,
  };
}

export type EstimateView = ReturnType<typeof estimateOf>;

const ESTIMATE_ORDER: OrderKey<Estimate>[] = [
  { by: estimates.created_at, dir: "asc", of: (estimate) => estimate.created_at },
  { by: estimates.id, dir: "asc", of: (estimate) => estimate.id },
];

/** One page of a project's estimates, oldest first, each with its points (at most eight). */
export async function listEstimates(ctx: ActorContext, slug: string, projectId: string, page: PageRequest) {
  await projectAccess(ctx, slug, projectId);
  const read = await readPage(page, ESTIMATE_ORDER, (after, orderBy, limit) =>
    ctx.db
      .select()
      .from(estimates)
      .where(and(eq(estimates.project_id, projectId), after))
      .orderBy(...orderBy)
      .limit(limit),
  );
  const ids = read.rows.map((row) => row.id);
  const points = ids.length === 0 ? [] : await ctx.db.select().from(estimatePoints).where(inList(estimatePoints.estimate_id, ids));
  return mapPage(read, (rows) => rows.map((row) => estimateOf(row, points)));
}

async function loadEstimate(ctx: ActorContext, projectId: string, estimateId: string) {
  const [estimate] = await ctx.db
    .select()
    .from(estimates)
    .where(and(eq(estimates.id, estimateId), eq(estimates.project_id, projectId)))
    .limit(1);
  if (!estimate) throw new NotFound(ESTIMATE_NOT_FOUND);
  return estimate;
}

async function pointsOf(ctx: ActorContext, estimateId: string) {
  return ctx.db.select().from(estimatePoints).where(eq(estimatePoints.estimate_id, estimateId));
}

async function estimateWithPoints(ctx: ActorContext, projectId: string, estimateId: string) {
  const estimate = await loadEstimate(ctx, projectId, estimateId);
  return estimateOf(estimate, await pointsOf(ctx, estimateId));
}

export async function getEstimate(ctx: ActorContext, slug: string, projectId: string, estimateId: string) {
  await projectAccess(ctx, slug, projectId);
  return estimateWithPoints(ctx, projectId, estimateId);
}

async function assertNameFree(ctx: ActorContext, projectId: string, name: string, exceptId?: string) {
  const [row] = await ctx.db
    .select({ id: estimates.id })
    .from(estimates)
    .where(and(eq(estimates.project_id, projectId), eq(estimates.name, name)))
    .limit(1);
  if (row && row.id !== exceptId) throw Invalid.field("estimate.name", ESTIMATE_NAME_TAKEN);
}

function nameTakenError(error: unknown): never {
  if (isUniqueViolation(error, "estimates.name")) throw Invalid.field("estimate.name", ESTIMATE_NAME_TAKEN);
  throw error;
}

export async function createEstimate(ctx: ActorContext, slug: string, projectId: string, input: unknown) {
  const { project } = await projectAccess(ctx, slug, projectId, ROLE.member);
  const data = parseInput(CreateEstimateInput, input);
  await assertNameFree(ctx, projectId, data.estimate.name);
  const estimateId = crypto.randomUUID();
  try {
    const [[estimate], points] = (await runBatch(ctx.db, [
      ctx.db
        .insert(estimates)
        .values({
          ...data.estimate,
          id: estimateId,
          workspace_id: project.workspace_id,
          project_id: projectId,
          created_by: ctx.actor.id,
        })
        .returning(),
      ctx.db
        .insert(estimatePoints)
        .values(data.estimate_points.map((point) => ({ ...point, estimate_id: estimateId, project_id: projectId })))
        .returning(),
    ])) as [Estimate[], EstimatePoint[]];
    return estimateOf(estimate, points);
  } catch (error) {
    nameTakenError(error);
  }
}

export async function updateEstimate(ctx: ActorContext, slug: string, projectId: string, estimateId: string, input: unknown) {
  await projectAccess(ctx, slug, projectId, ROLE.member);
  const data = parseInput(UpdateEstimateInput, input);
  const estimate = await loadEstimate(ctx, projectId, estimateId);
  if (data.estimate?.name !== undefined && data.estimate.name !== estimate.name) {
    await assertNameFree(ctx, projectId, data.estimate.name, estimateId);
  }
  const now = new Date().toISOString();
  const statements = [
    ctx.db
      .update(estimates)
      .set({ ...data.estimate, updated_at: now })
      .where(and(eq(estimates.id, estimateId), eq(estimates.project_id, projectId)))
      .returning(),
  ];
  const points = data.estimate_points;
  try {
    if (points) {
      const keys = points.map((point) => point.key);
      await runBatch(ctx.db, [
        ...statements,
        ctx.db
          .delete(estimatePoints)
          .where(and(eq(estimatePoints.estimate_id, estimateId), notInArray(estimatePoints.key, keys))),
        ...points.map((point) =>
          ctx.db
            .insert(estimatePoints)
            .values({ ...point, estimate_id: estimateId, project_id: projectId })
            .onConflictDoUpdate({
              target: [estimatePoints.estimate_id, estimatePoints.key],
              set: { value: point.value, description: point.description, updated_at: now },
            }),
        ),
      ]);
    } else {
      await runBatch(ctx.db, statements);
    }
  } catch (error) {
    nameTakenError(error);
  }
  return estimateWithPoints(ctx, projectId, estimateId);
}

/** The points go with the estimate (ON DELETE CASCADE); a project using it is left without one. */
export async function deleteEstimate(ctx: ActorContext, slug: string, projectId: string, estimateId: string) {
  await projectAccess(ctx, slug, projectId, ROLE.member);
  await loadEstimate(ctx, projectId, estimateId);
  await runBatch(ctx.db, [
    ctx.db
      .update(projects)
      .set({ estimate_id: null })
      .where(and(eq(projects.id, projectId), eq(projects.estimate_id, estimateId))),
    ctx.db.delete(estimates).where(and(eq(estimates.id, estimateId), eq(estimates.project_id, projectId))),
  ]);
}
