// Project exports: a member asks for a project's issues as CSV or JSON, a job writes the file to
// R2, and members of that project download it through the Worker (never a public bucket URL).
import { type SQL, and, eq } from "drizzle-orm";
import { projectExports, projectMembers, projects } from "../../drizzle/schema";
import { type ListPage, type OrderKey, type PageRequest, mapPage, orderOf, readPage } from "./list-page";
import { parseInput } from "../lib/validation";
import { ROLE, projectAccess, workspaceAccess } from "./access";
import type { ActorContext } from "./context";
import { Forbidden, NotFound } from "./errors";
import { ExportInput, type ProjectExportResponse } from "./schemas/csv-importer";

export const EXPORT_NOT_FOUND = "Export not found.";

type ExportRow = typeof projectExports.$inferSelect;
type ProjectNames = Pick<typeof projects.$inferSelect, "id" | "name" | "identifier">;

function exportOf(row: ExportRow, project: ProjectNames, slug: string): ProjectExportResponse {
  return {
    id: row.id,
    project_detail: { id: project.id, name: project.name, identifier: project.identifier },
    format: row.format,
    status: row.status === "queued" ? "processing" : row.status,
    issue_count: row.issue_count,
    size: row.size,
    error: row.error,
    created_at: row.created_at,
    download_url: row.status === "completed" ? `/api/workspaces/${slug}/exports/${row.id}/download` : null,
  };
}

/** Queues an export of the project's issues (members who may write the project). */
export async function startProjectExport(ctx: ActorContext, slug: string, projectId: string, input: unknown) {
  const access = await projectAccess(ctx, slug, projectId, ROLE.member);
  if (access.workspaceMembership.role < ROLE.member) throw new Forbidden();
  const { format } = parseInput(ExportInput, input);
  const [row] = await ctx.db
    .insert(projectExports)
    .values({ workspace_id: access.workspace.id, project_id: access.project.id, format, initiated_by: ctx.actor.id })
    .returning();
  ctx.effects.enqueue({ type: "export.run", exportId: row.id });
  return exportOf(row, access.project, slug);
}

/** Exports newest first; the id breaks ties. */
const EXPORT_ORDER: OrderKey<{ export: typeof projectExports.$inferSelect }>[] = [
  { by: projectExports.created_at, dir: "desc", of: (row) => row.export.created_at },
  { by: projectExports.id, dir: "desc", of: (row) => row.export.id },
];

/** Exports of projects the caller belongs to (and matching `where`), newest first. */
export const exportsQuery = (ctx: ActorContext, workspaceId: string, where?: SQL) =>
  ctx.db
    .select({ export: projectExports, project: projects })
    .from(projectExports)
    .innerJoin(projects, eq(projects.id, projectExports.project_id))
    .innerJoin(projectMembers, and(eq(projectMembers.project_id, projectExports.project_id), eq(projectMembers.member_id, ctx.actor.id)))
    .where(and(eq(projectExports.workspace_id, workspaceId), where))
    .orderBy(...orderOf(EXPORT_ORDER));

export type ExportQueryRow = Awaited<ReturnType<typeof exportsQuery>>[number];
export const exportsFrom = (rows: ExportQueryRow[], slug: string) => rows.map((row) => exportOf(row.export, row.project, slug));

/** One page of the exports of projects the caller belongs to, newest first. */
export async function listProjectExports(ctx: ActorContext, slug: string, page: PageRequest): Promise<ListPage<ProjectExportResponse>> {
  const { workspace } = await workspaceAccess(ctx, slug, ROLE.member);
  const rows = await readPage(page, EXPORT_ORDER, (after, _orderBy, limit) => exportsQuery(ctx, workspace.id, after).limit(limit));
  return mapPage(rows, (shown) => exportsFrom(shown, slug));
}

/** The export's file, for a member of its project. */
export async function downloadProjectExport(ctx: ActorContext, slug: string, exportId: string) {
  const { workspace } = await workspaceAccess(ctx, slug);
  const [row] = await ctx.db
    .select()
    .from(projectExports)
    .where(and(eq(projectExports.id, exportId), eq(projectExports.workspace_id, workspace.id)));
  if (!row) throw new NotFound(EXPORT_NOT_FOUND);
  const access = await projectAccess(ctx, slug, row.project_id, ROLE.viewer);
  if (row.status !== "completed" || !row.asset_key) throw new NotFound("The export is not ready yet.");
  const object = await ctx.env.FILES.get(row.asset_key);
  if (!object) throw new NotFound(EXPORT_NOT_FOUND);
  const day = row.created_at.slice(0, 10);
  return {
    body: object.body,
    size: object.size,
    contentType: row.format === "json" ? "application/json; charset=utf-8" : "text/csv; charset=utf-8",
    fileName: `${access.project.identifier}-issues-${day}.${row.format}`,
  };
}
