// Imports into a project (GitHub, Jira, CSV): starting one, listing the workspace's imports with
// their progress, and deleting a record. The work itself is the import job (workers/importers/).
// Importing is part of the workspace settings, so guests and viewers may not; the target project
// needs the caller as a member who may write.
import { type SQL, and, eq, sql } from "drizzle-orm";
import { type Json, importers, projects, users } from "../../drizzle/schema";
import { type ListPage, type OrderKey, type PageRequest, mapPage, orderOf, readPage } from "./list-page";
import { canReadSourceAgain, progressOf, sealImportSecrets } from "./importer-row";
import { rawStatement, runNamedBatch, sqlUuid } from "../lib/batch";
import { ROLE, projectAccess, workspaceAccess } from "./access";
import type { ActorContext } from "./context";
import { Forbidden, Invalid, NotFound } from "./errors";
import type { ImportServiceName, ImporterResponse } from "./schemas/importers";

export const IMPORTER_NOT_FOUND = "Importer not found.";
export const IMPORT_CREDENTIAL_GONE =
  "This import's token was deleted when it stopped. Start the import again: what it already brought in is not imported twice.";

export interface NewImport {
  service: ImportServiceName;
  projectId: string;
  /** Where to read (repository, Jira site and key, CSV object): secrets here never leave the server. */
  metadata: Record<string, Json>;
  config: Record<string, Json>;
  /** The person mapping and anything else the wizard chose. */
  data: Record<string, Json>;
  /** Whether people marked "invite" get a workspace invitation (on unless the wizard says not). */
  inviteUsers?: boolean;
}

/**
 * Records an import and queues its first run. The caller has already checked the source (the
 * wizard's checks) and parsed the payload; this checks the caller may write to the project.
 */
export async function startImport(ctx: ActorContext, slug: string, input: NewImport): Promise<ImporterResponse> {
  const access = await projectAccess(ctx, slug, input.projectId, ROLE.member);
  if (access.workspaceMembership.role < ROLE.member) throw new Forbidden();
  const now = new Date().toISOString();
  const invited = input.inviteUsers === false ? [] : invitedEmails(input.data);
  const metadata = await sealImportSecrets(ctx.config.secrets, input.metadata);
  const { created } = await runNamedBatch(ctx.db, {
    // People marked "invite" are invited to the workspace as members (unless they already are).
    invitations:
      invited.length > 0
        ? rawStatement(ctx.db, sql`INSERT INTO workspace_invitations (id, workspace_id, email, role, invited_by, accepted, created_at, updated_at)
            SELECT ${sqlUuid}, ${access.workspace.id}, value, ${ROLE.member}, ${ctx.actor.id}, 0, ${now}, ${now} FROM json_each(${JSON.stringify(invited)})
            WHERE NOT EXISTS (SELECT 1 FROM workspace_members wm JOIN users u ON u.id = wm.member_id WHERE wm.workspace_id = ${access.workspace.id} AND lower(u.email) = value)
            ON CONFLICT (workspace_id, email) DO NOTHING`)
        : undefined,
    created: ctx.db
      .insert(importers)
      .values({
        workspace_id: access.workspace.id,
        project_id: access.project.id,
        service: input.service,
        status: "processing",
        metadata,
        config: input.config,
        data: input.data,
        progress: null,
        progressed_at: now,
        initiated_by: ctx.actor.id,
      })
      .returning(),
  });
  const row = created[0];
  ctx.effects.enqueue({ type: "import.run", importerId: row.id });
  return importerResponseOf(row, access.project, ctx.actor);
}

function invitedEmails(data: Record<string, Json>): string[] {
  const people = Array.isArray(data.users) ? (data.users as { import?: unknown; email?: unknown }[]) : [];
  const emails = people.filter((user) => user.import === "invite" && typeof user.email === "string" && user.email).map((user) => String(user.email).trim().toLowerCase());
  return [...new Set(emails)];
}

/** Imports newest first; the id breaks ties. */
const IMPORTER_ORDER: OrderKey<{ importer: typeof importers.$inferSelect }>[] = [
  { by: importers.created_at, dir: "desc", of: (row) => row.importer.created_at },
  { by: importers.id, dir: "desc", of: (row) => row.importer.id },
];

/** The workspace's imports (those matching `where` too) with their projects and initiators, newest first. */
export const importersQuery = (ctx: ActorContext, workspaceId: string, where?: SQL) =>
  ctx.db
    .select({ importer: importers, project: projects, initiator: users })
    .from(importers)
    .innerJoin(projects, eq(projects.id, importers.project_id))
    .leftJoin(users, eq(users.id, importers.initiated_by))
    .where(and(eq(importers.workspace_id, workspaceId), where))
    .orderBy(...orderOf(IMPORTER_ORDER));

export type ImporterQueryRow = Awaited<ReturnType<typeof importersQuery>>[number];
export const importersFrom = (rows: ImporterQueryRow[]) => rows.map(({ importer, project, initiator }) => importerResponseOf(importer, project, initiator));

/** One page of the workspace's imports, newest first, with their progress (Previous Imports). */
export async function listImporters(ctx: ActorContext, slug: string, page: PageRequest): Promise<ListPage<ImporterResponse>> {
  const { workspace } = await workspaceAccess(ctx, slug, ROLE.member);
  const rows = await readPage(page, IMPORTER_ORDER, (after, _orderBy, limit) => importersQuery(ctx, workspace.id, after).limit(limit));
  return mapPage(rows, importersFrom);
}

/** Deletes an import record (a running import stops at its next page); the issues it made stay. */
export async function deleteImporter(ctx: ActorContext, slug: string, service: string, importerId: string) {
  const { workspace } = await workspaceAccess(ctx, slug, ROLE.member);
  const deleted = await ctx.db
    .delete(importers)
    .where(and(eq(importers.id, importerId), eq(importers.workspace_id, workspace.id), eq(importers.service, service as ImportServiceName)))
    .returning({ id: importers.id });
  if (deleted.length === 0) throw new NotFound(IMPORTER_NOT_FOUND);
}

/**
 * Starts a failed import again from where it stopped (its cursor is kept): after the source's
 * outage is over or a token is fixed, nothing already imported is read twice.
 */
export async function resumeImporter(ctx: ActorContext, slug: string, service: string, importerId: string): Promise<ImporterResponse> {
  const { workspace } = await workspaceAccess(ctx, slug, ROLE.member);
  const [stopped] = await ctx.db
    .select({ service: importers.service, metadata: importers.metadata })
    .from(importers)
    .where(and(eq(importers.id, importerId), eq(importers.workspace_id, workspace.id), eq(importers.service, service as ImportServiceName), eq(importers.status, "failed")));
  if (!stopped) throw new NotFound(IMPORTER_NOT_FOUND);
  // A stopped import's credential was deleted: a new import (which skips what is there) asks for one.
  if (!canReadSourceAgain(stopped)) throw new Invalid(IMPORT_CREDENTIAL_GONE);
  const now = new Date().toISOString();
  const [row] = await ctx.db
    .update(importers)
    .set({
      status: "processing",
      error: null,
      lease_until: null,
      progressed_at: now,
      progress: sql`json_set(COALESCE(${importers.progress}, '{}'), '$.attempts', 0)`,
    })
    .where(
      and(
        eq(importers.id, importerId),
        eq(importers.workspace_id, workspace.id),
        eq(importers.service, service as ImportServiceName),
        eq(importers.status, "failed"),
      ),
    )
    .returning();
  if (!row) throw new NotFound(IMPORTER_NOT_FOUND);
  ctx.effects.enqueue({ type: "import.run", importerId: row.id });
  const [names] = await ctx.db
    .select({ project: projects, initiator: users })
    .from(projects)
    .leftJoin(users, eq(users.id, row.initiated_by ?? ""))
    .where(eq(projects.id, row.project_id));
  return importerResponseOf(row, names.project, names.initiator);
}

type ProjectNames = Pick<typeof projects.$inferSelect, "id" | "name" | "identifier">;
type Initiator = Pick<typeof users.$inferSelect, "id" | "first_name" | "last_name" | "email" | "display_name"> | null;

/** Where an import reads from, in words: never a token. */
function sourceLabelOf(row: typeof importers.$inferSelect): string {
  const meta = row.metadata as Record<string, unknown>;
  if (row.service === "github") return `${meta.owner ?? ""}/${meta.name ?? ""}`;
  if (row.service === "jira") return `${meta.project_key ?? ""} on ${meta.cloud_hostname ?? ""}`;
  return String(meta.file_name ?? "CSV file");
}

export function importerResponseOf(row: typeof importers.$inferSelect, project: ProjectNames, initiator: Initiator): ImporterResponse {
  const progress = progressOf(row);
  return {
    id: row.id,
    service: row.service,
    status: row.status === "queued" ? "processing" : row.status,
    created_at: row.created_at,
    updated_at: row.updated_at,
    project_id: row.project_id,
    project_detail: { id: project.id, name: project.name, identifier: project.identifier },
    initiated_by_detail: initiator
      ? {
          id: initiator.id,
          first_name: initiator.first_name,
          last_name: initiator.last_name,
          email: initiator.email,
          display_name: initiator.display_name,
        }
      : null,
    source_label: sourceLabelOf(row),
    imported_issues: progress.imported_issues,
    total_issues: progress.total_issues,
    imported_comments: progress.imported_comments,
    rejected: progress.rejected,
    error: row.error,
    waiting_until: row.status === "processing" ? (progress.waiting_until ?? null) : null,
  };
}
