// The export job: a project's issues (every field, labels, assignees by email, cycle, module,
// parent; comments too in JSON) read in pages by sequence id and written to R2 as one file.
import { and, asc, eq, gt, inArray, lt } from "drizzle-orm";
import { cycles, issueComments, issueLinks, issues, labels, modules, projectExports, projects, states, users } from "../../drizzle/schema";
import { openDb } from "../db";
import type { AppEnv } from "../env";
import type { JobMessage } from "../jobs";
import { csvCell } from "../domain/csv-cells";
import { inList, runNamedBatch } from "../lib/batch";

const ISSUES_PER_READ = 1000;
/** Exports idle this long are given a fresh run; this long, failed. */
const RESUME_AFTER_MS = 3 * 60_000;
const STALL_AFTER_MS = 15 * 60_000;
export const EXPORT_STALLED_REASON = "The export did not finish in 15 minutes.";

/** The columns of a CSV export, in order; the CSV importer recognises each by its header. */
export const EXPORT_CSV_COLUMNS = [
  "ID",
  "Identifier",
  "Title",
  "Description",
  "State",
  "State group",
  "Priority",
  "Labels",
  "Assignees",
  "Start date",
  "Due date",
  "Cycle",
  "Module",
  "Parent",
  "Created by",
  "Created at",
  "Updated at",
  "Completed at",
] as const;

export const exportObjectKey = (exportId: string, format: "csv" | "json") => `exports/${exportId}.${format}`;

type Db = ReturnType<typeof openDb>["db"];

async function projectLookups(db: Db, projectId: string) {
  return runNamedBatch(db, {
    states: db.select({ id: states.id, name: states.name, group: states.group }).from(states).where(eq(states.project_id, projectId)),
    labels: db.select({ id: labels.id, name: labels.name }).from(labels).where(eq(labels.project_id, projectId)),
    cycles: db.select({ id: cycles.id, name: cycles.name }).from(cycles).where(eq(cycles.project_id, projectId)),
    modules: db.select({ id: modules.id, name: modules.name }).from(modules).where(eq(modules.project_id, projectId)),
    people: db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, db.select({ id: issues.created_by }).from(issues).where(eq(issues.project_id, projectId)))),
  });
}

/** Writes the export's file; the export is completed, or failed with the reason. */
export async function runExport(env: AppEnv, exportId: string) {
  const { db } = openDb(env.DB, null);
  const [record] = await db
    .select({ export: projectExports, project: projects })
    .from(projectExports)
    .innerJoin(projects, eq(projects.id, projectExports.project_id))
    .where(eq(projectExports.id, exportId));
  if (record?.export.status !== "processing") return;
  const { project } = record;
  const format = record.export.format;
  try {
    const lookups = await projectLookups(db, project.id);
    const stateOf = new Map(lookups.states.map((row) => [row.id, row]));
    const nameOf = (rows: { id: string; name: string }[]) => new Map(rows.map((row) => [row.id, row.name]));
    const labelName = nameOf(lookups.labels);
    const cycleName = nameOf(lookups.cycles);
    const moduleName = nameOf(lookups.modules);
    const email = new Map(lookups.people.map((row) => [row.id, row.email]));
    const missingPeople = new Set<string>();

    const rows: Record<string, unknown>[] = [];
    let after = 0;
    for (;;) {
      const page = await db
        .select()
        .from(issues)
        .where(and(eq(issues.project_id, project.id), gt(issues.sequence_id, after)))
        .orderBy(asc(issues.sequence_id))
        .limit(ISSUES_PER_READ);
      if (page.length === 0) break;
      after = page[page.length - 1].sequence_id;
      for (const issue of page) for (const id of issue.assignee_ids) if (!email.has(id)) missingPeople.add(id);
      if (missingPeople.size > 0) {
        const found = await db.select({ id: users.id, email: users.email }).from(users).where(inList(users.id, [...missingPeople]));
        for (const row of found) email.set(row.id, row.email);
        missingPeople.clear();
      }
      const extra = format === "json" ? await commentsAndLinks(db, page.map((issue) => issue.id)) : null;
      for (const issue of page) {
        const state = issue.state_id ? stateOf.get(issue.state_id) : undefined;
        const common = {
          id: issue.id,
          identifier: `${project.identifier}-${issue.sequence_id}`,
          title: issue.name,
          state: state?.name ?? "",
          state_group: state?.group ?? "",
          priority: issue.priority,
          labels: issue.label_ids.map((id) => labelName.get(id)).filter(Boolean) as string[],
          assignees: issue.assignee_ids.map((id) => email.get(id)).filter(Boolean) as string[],
          start_date: issue.start_date,
          due_date: issue.target_date,
          cycle: issue.cycle_id ? (cycleName.get(issue.cycle_id) ?? null) : null,
          module: issue.module_id ? (moduleName.get(issue.module_id) ?? null) : null,
          parent: issue.parent_id,
          created_by: issue.created_by ? (email.get(issue.created_by) ?? null) : null,
          created_at: issue.created_at,
          updated_at: issue.updated_at,
          completed_at: issue.completed_at,
        };
        rows.push(
          format === "json"
            ? {
                ...common,
                sequence_id: issue.sequence_id,
                description_html: issue.description_html,
                description_text: issue.description_stripped,
                estimate_point: issue.estimate_point,
                comments: extra?.comments.get(issue.id) ?? [],
                links: extra?.links.get(issue.id) ?? [],
              }
            : { ...common, description: issue.description_stripped },
        );
      }
    }

    const body = format === "json" ? JSON.stringify({ project: { id: project.id, name: project.name, identifier: project.identifier }, exported_at: new Date().toISOString(), issues: rows }, null, 2) : await toCsv(rows);
    const key = exportObjectKey(exportId, format);
    await env.FILES.put(key, body, {
      httpMetadata: { contentType: format === "json" ? "application/json; charset=utf-8" : "text/csv; charset=utf-8" },
    });
    await db
      .update(projectExports)
      .set({ status: "completed", asset_key: key, issue_count: rows.length, size: new TextEncoder().encode(body).byteLength, error: null })
      .where(eq(projectExports.id, exportId));
  } catch (error) {
    console.error("export failed", exportId, error);
    await db.update(projectExports).set({ status: "failed", error: "The export could not be written. Please try again." }).where(eq(projectExports.id, exportId));
  }
}

async function toCsv(rows: Record<string, unknown>[]) {
  const { default: Papa } = await import("papaparse");
  const data = rows.map((row) =>
    [
      row.id,
      row.identifier,
      row.title,
      row.description,
      row.state,
      row.state_group,
      row.priority,
      (row.labels as string[]).join(", "),
      (row.assignees as string[]).join(", "),
      row.start_date ?? "",
      row.due_date ?? "",
      row.cycle ?? "",
      row.module ?? "",
      row.parent ?? "",
      row.created_by ?? "",
      row.created_at,
      row.updated_at,
      row.completed_at ?? "",
    ].map(csvCell),
  );
  return Papa.unparse({ fields: [...EXPORT_CSV_COLUMNS], data });
}

async function commentsAndLinks(db: Db, issueIds: string[]) {
  const { comments, links } = await runNamedBatch(db, {
    comments: db
      .select({ issue_id: issueComments.issue_id, html: issueComments.comment_html, created_at: issueComments.created_at, author: users.email })
      .from(issueComments)
      .leftJoin(users, eq(users.id, issueComments.actor_id))
      .where(inList(issueComments.issue_id, issueIds))
      .orderBy(asc(issueComments.created_at)),
    links: db
      .select({ issue_id: issueLinks.issue_id, title: issueLinks.title, url: issueLinks.url })
      .from(issueLinks)
      .where(inList(issueLinks.issue_id, issueIds)),
  });
  const group = <T extends { issue_id: string }>(list: T[]) => {
    const map = new Map<string, Omit<T, "issue_id">[]>();
    for (const { issue_id, ...rest } of list) {
      const entry = map.get(issue_id);
      if (entry) entry.push(rest);
      else map.set(issue_id, [rest]);
    }
    return map;
  };
  return { comments: group(comments), links: group(links) };
}

/** The watchdog's part for exports: re-run idle ones, fail those stalled too long. */
export async function superviseExports(env: AppEnv, now = Date.now()) {
  const { db } = openDb(env.DB, null);
  const iso = (time: number) => new Date(time).toISOString();
  await db
    .update(projectExports)
    .set({ status: "failed", error: EXPORT_STALLED_REASON })
    .where(and(eq(projectExports.status, "processing"), lt(projectExports.created_at, iso(now - STALL_AFTER_MS))));
  const idle = await db
    .select({ id: projectExports.id })
    .from(projectExports)
    .where(and(eq(projectExports.status, "processing"), lt(projectExports.updated_at, iso(now - RESUME_AFTER_MS))));
  if (idle.length === 0) return;
  await db.update(projectExports).set({ updated_at: iso(now) }).where(inList(projectExports.id, idle.map((row) => row.id)));
  await env.JOBS.sendBatch(idle.map(({ id }) => ({ body: { type: "export.run", exportId: id } satisfies JobMessage })));
}
