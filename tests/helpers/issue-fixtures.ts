// Issue helpers for API tests: create issues and labels through the API, read D1 directly to check
// what a request did (or did not) write, and insert rows whose API another engineer owns.
import { env } from "cloudflare:workers";
import type { Client } from "./api";
import type { ProjectFixture } from "./project";

/** A response body; tests check it field by field. */
export type IssueBody = Record<string, any> & { id: string; name: string; sequence_id: number };

export const issuePath = (p: ProjectFixture, id: string) => `${p.base}/issues/${id}/`;

export async function newIssue(p: ProjectFixture, body: Record<string, unknown> = {}, as: Client = p.owner): Promise<IssueBody> {
  const response = await as.post(`${p.base}/issues/`, { name: "Issue", ...body });
  if (response.status !== 201) throw new Error(`create issue: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

export async function getIssue(p: ProjectFixture, id: string, as: Client = p.owner): Promise<IssueBody> {
  const response = await as.get(issuePath(p, id));
  if (response.status !== 200) throw new Error(`get issue: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

export async function patchIssue(p: ProjectFixture, id: string, body: unknown, as: Client = p.owner): Promise<IssueBody> {
  const response = await as.patch(issuePath(p, id), body);
  if (response.status !== 200) throw new Error(`patch issue: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

export async function newLabel(p: ProjectFixture, name: string, color = "#3f76ff"): Promise<string> {
  const response = await p.owner.post(`${p.base}/issue-labels/`, { name, color });
  if (response.status !== 201) throw new Error(`create label: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.id;
}

export async function rows<T = Record<string, unknown>>(query: string, ...binds: unknown[]): Promise<T[]> {
  const result = await env.DB.prepare(query)
    .bind(...binds)
    .all<T>();
  return result.results;
}

export async function workspaceIdOf(p: ProjectFixture): Promise<string> {
  const [row] = await rows<{ workspace_id: string }>("SELECT workspace_id FROM projects WHERE id = ?", p.projectId);
  return row.workspace_id;
}

/** A cycle row straight in D1 (the cycles API belongs to another engineer). */
export async function insertCycle(p: ProjectFixture, name: string, start: string | null, end: string | null) {
  const id = crypto.randomUUID();
  const now = new Date().toISOString();
  await env.DB.prepare(
    "INSERT INTO cycles (id, workspace_id, project_id, name, start_date, end_date, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
  )
    .bind(id, await workspaceIdOf(p), p.projectId, name, start, end, now, now)
    .run();
  return id;
}

/** A module row straight in D1 (the modules API belongs to another engineer). */
export async function insertModule(p: ProjectFixture, name: string) {
  const id = crypto.randomUUID();
  const now = new Date().toISOString();
  await env.DB.prepare("INSERT INTO modules (id, workspace_id, project_id, name, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)")
    .bind(id, await workspaceIdOf(p), p.projectId, name, now, now)
    .run();
  return id;
}

/** Every issue-related row, in a stable order: equal dumps mean nothing was written. */
export async function dumpIssueTables(): Promise<string> {
  const tables = [
    "SELECT * FROM issues ORDER BY id",
    "SELECT * FROM issue_assignees ORDER BY id",
    "SELECT * FROM issue_labels ORDER BY id",
    "SELECT * FROM issue_blockers ORDER BY id",
    "SELECT * FROM issue_activities ORDER BY id",
    "SELECT * FROM issue_sequences ORDER BY project_id",
    "SELECT * FROM cycle_issues ORDER BY id",
    "SELECT * FROM module_issues ORDER BY id",
  ];
  const results = await env.DB.batch(tables.map((query) => env.DB.prepare(query)));
  return JSON.stringify(results.map((result) => result.results));
}

export const today = () => new Date().toISOString().slice(0, 10);
