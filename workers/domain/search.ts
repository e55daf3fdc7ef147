// Workspace search behind the command palette: one request answers every group (workspace,
// project, issue, cycle, module, issue_view, page) with at most `per_page` results each (10 unless
// said, at most 50).
// Issues, cycles, modules, saved views and pages are found through the full-text index
// `search_index` (FTS5, kept in step by triggers: migrations/0003, ADR 017): every word typed must
// start a word of the name or the plain-text description, accents and case ignored, best matches
// first (a name match outranks a description match). The index filters by access itself: each row
// carries a scope token (kind + project, and the creator for a private page) and a query names
// only the scopes of the caller's projects, so it reads the matches the caller may see and no
// more. Issues also match by number ("DEMO-12" or "12") through the issues' own index, ahead of
// the words; a project's key alone ("DEMO-") answers that project's newest issues. The caller's workspaces and projects, a handful, match by name anywhere (case aside). The
// queries go to D1 in one batch and none loops per project.
import { type SQL, and, desc, eq, inArray, or, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import {
  cycles,
  issueViews,
  issues,
  modules,
  pages,
  projectMembers,
  projects,
  searchDocuments,
  workspaceMembers,
  workspaces,
} from "../../drizzle/schema";
import { workspaceAccess } from "./access";
import { parseIssueKey } from "./issues/address";
import type { ActorContext } from "./context";
import { PageParams } from "./list-page";
import { parseInput } from "../lib/validation";
import { SEARCH_RESULTS } from "./schemas/list-pages";
import type { SearchResults } from "./schemas/responses";
import { z } from "zod";

export type { SearchResults };

/** How many results of each kind a caller may ask for: a page size, at most SEARCH_RESULTS.maxPerKind. */
export const SearchSize = z.object({
  per_page: PageParams.shape.per_page.refine(
    (size) => size === undefined || size <= SEARCH_RESULTS.maxPerKind,
    `per_page must be at most ${SEARCH_RESULTS.maxPerKind}`,
  ),
});
/** Longer input is cut: nobody names a thing with more than a title's worth of characters. */
const MAX_QUERY_LENGTH = 255;

export interface SearchParams {
  search?: string;
  project_id?: string;
  /** Results of each kind, SEARCH_RESULTS.perKind unless said. */
  per_page?: string;
}

const emptyResults = (): SearchResults => ({
  workspace: [],
  project: [],
  issue: [],
  cycle: [],
  module: [],
  issue_view: [],
  page: [],
});

/**
 * Whether `column` holds `query` anywhere, ASCII case ignored. The text is matched as typed: "50%"
 * and "a_b" are literal, and its length is not limited (a LIKE pattern is, to 50 bytes on D1, and
 * a longer search failed instead of finding nothing).
 */
function containsText(column: SQLiteColumn, query: string): SQL {
  return sql`instr(lower(${column}), lower(${query})) > 0`;
}

/** "DEMO-12" / "demo-12" -> {identifier: "DEMO", sequence: 12}; "12" or "#12" -> {sequence: 12}. */
export function parseIssueNumber(query: string): { identifier?: string; sequence: number } | null {
  const keyed = parseIssueKey(query);
  if (keyed) return keyed;
  const bare = query.match(/^#?(\d{1,9})$/);
  return bare ? { sequence: Number(bare[1]) } : null;
}

/** "DEMO-" (a project identifier and a hyphen, no number yet) -> "DEMO"; anything else -> null. */
export function parseIssuePrefix(query: string): string | null {
  const match = /^([a-z]{1,12})-$/i.exec(query);
  return match ? match[1].toUpperCase() : null;
}

/** How many of a word's newest matches are ranked by relevance (see `hits`). */
const RANKED_CANDIDATES = 200;
/** More words than this add nothing a person would notice and only cost index reads. */
const MAX_WORDS = 8;

/**
 * The typed words as an FTS5 query over the name and the description, every word required. A word
 * is matched as the start of a word ("onboard" finds "onboarding"): the person may still be
 * typing it. A word followed directly by punctuation was finished ("100%" finds "100", not
 * "1000"). Punctuation alone is no word, so "%" finds nothing. Null when no word is left.
 */
export function wordsQuery(query: string): string | null {
  const words: string[] = [];
  for (const match of query.matchAll(/[\p{L}\p{N}\p{M}]+/gu)) {
    const next = query[match.index + match[0].length];
    const finished = next !== undefined && !/\s/.test(next);
    words.push(`"${match[0]}"${finished ? "" : "*"}`);
    if (words.length === MAX_WORDS) break;
  }
  return words.length ? `{title body} : (${words.join(" AND ")})` : null;
}

/** The index's scope token of a project id for one kind of row: the kind and the id's hex digits. */
const scopeToken = (kind: string, projectIdColumn: SQL | SQLiteColumn) => sql`${kind} || 'p' || replace(${projectIdColumn}, '-', '')`;

export async function searchWorkspace(ctx: ActorContext, slug: string, params: SearchParams): Promise<{ results: SearchResults }> {
  const { workspace } = await workspaceAccess(ctx, slug);
  const limit = parseInput(SearchSize, { per_page: params.per_page || undefined }).per_page ?? SEARCH_RESULTS.perKind;
  const query = (params.search ?? "").trim().slice(0, MAX_QUERY_LENGTH);
  if (query === "") return { results: emptyResults() };

  const nameLike = (column: SQLiteColumn) => containsText(column, query);
  const db = ctx.db;
  const projectId = params.project_id?.trim() || undefined;
  // The caller's projects in this workspace (narrowed to project_id when given):
  // project_members_member_idx (member_id, workspace_id).
  const myMemberships = and(
    eq(projectMembers.member_id, ctx.actor.id),
    eq(projectMembers.workspace_id, workspace.id),
    projectId ? eq(projectMembers.project_id, projectId) : undefined,
  );
  const myProjects = db.select({ id: projectMembers.project_id }).from(projectMembers).where(myMemberships);

  const words = wordsQuery(query);
  /**
   * The full-text query for one kind of row: the scopes the caller may read, built from their
   * memberships inside the statement, and the words. A private page's scope also names its
   * creator, so only the creator's query names it.
   */
  const fullTextQuery = (kind: string, privateToo = false) => {
    const quoted = (token: SQL) => sql`'"' || ${token} || '"'`;
    const own = scopeToken(kind, projectMembers.project_id);
    const scopes = privateToo
      ? sql`${quoted(own)} || ' OR ' || ${quoted(sql`${own} || 'u' || ${ctx.actor.id.replaceAll("-", "")}`)}`
      : quoted(own);
    return sql`(SELECT '{scope} : (' || coalesce(group_concat(${scopes}, ' OR '), '"none"') || ') AND ' || ${words}
      FROM ${projectMembers} WHERE ${myMemberships})`;
  };
  /**
   * The best `limit` index rows for one kind, best first, as (doc, rank): the newest
   * RANKED_CANDIDATES matches (the index walks them newest first and stops) ranked by relevance.
   * A rare word is ranked among all its matches; a word in thousands of issues among the newest
   * few hundred, so its cost stays bounded.
   */
  const hits = (kind: string, privateToo = false) => {
    const candidates = db
      .select({ doc: sql<number>`rowid`.as("doc"), rank: sql<number>`rank`.as("rank") })
      .from(sql`search_index`)
      .where(sql`search_index MATCH ${fullTextQuery(kind, privateToo)}`)
      .orderBy(sql`rowid DESC`)
      .limit(words ? RANKED_CANDIDATES : 0)
      .as("candidates");
    return db.select({ doc: candidates.doc, rank: candidates.rank }).from(candidates).orderBy(sql`${candidates.rank}`).limit(limit).as("hits");
  };
  /** The rows behind one kind's best hits, with their project's identifier, best first. */
  const ranked = <T extends { id: SQLiteColumn; name: SQLiteColumn; project_id: SQLiteColumn }, Extra extends Record<string, SQLiteColumn>>(
    table: T,
    kind: string,
    options: { privateToo?: boolean; extra?: Extra } = {},
  ) => {
    const best = hits(kind, options.privateToo);
    return db
      .select({
        id: sql<string>`${table.id}`,
        name: sql<string>`${table.name}`,
        project_id: sql<string>`${table.project_id}`,
        project__identifier: projects.identifier,
        ...(options.extra as Extra),
      })
      .from(best)
      .innerJoin(searchDocuments, eq(searchDocuments.id, best.doc))
      .innerJoin(table as unknown as typeof issues, eq(table.id, searchDocuments.entity_id))
      .innerJoin(projects, eq(projects.id, table.project_id))
      .orderBy(sql`${best.rank}`);
  };

  const number = parseIssueNumber(query);
  const prefix = number ? null : parseIssuePrefix(query);
  const identifier = number?.identifier ?? prefix;
  const [workspaceRows, projectRows, numberRows, issueRows, cycleRows, moduleRows, viewRows, pageRows] = await db.batch([
    db
      .select({ id: workspaces.id, name: workspaces.name, slug: workspaces.slug })
      .from(workspaceMembers)
      .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspace_id))
      .where(and(eq(workspaceMembers.member_id, ctx.actor.id), nameLike(workspaces.name)))
      .orderBy(workspaces.name)
      .limit(limit),
    db
      .select({ id: projects.id, name: projects.name, identifier: projects.identifier })
      .from(projectMembers)
      .innerJoin(projects, eq(projects.id, projectMembers.project_id))
      .where(and(eq(projectMembers.member_id, ctx.actor.id), eq(projectMembers.workspace_id, workspace.id), or(nameLike(projects.name), nameLike(projects.identifier))))
      .orderBy(projects.name)
      .limit(limit),
    // The issue with that number in each of the caller's projects, or the newest of the project
    // whose key was typed (issues_project_sequence index).
    db
      .select({ id: issues.id, name: issues.name, project_id: issues.project_id, project__identifier: projects.identifier, sequence_id: issues.sequence_id })
      .from(issues)
      .innerJoin(projects, eq(projects.id, issues.project_id))
      .where(
        and(
          inArray(issues.project_id, myProjects),
          prefix ? undefined : eq(issues.sequence_id, number?.sequence ?? 0),
          identifier ? eq(projects.identifier, identifier) : undefined,
        ),
      )
      .orderBy(prefix ? desc(issues.sequence_id) : projects.identifier)
      .limit(number || prefix ? limit : 0),
    ranked(issues, "issue", { extra: { sequence_id: issues.sequence_id } }),
    ranked(cycles, "cycle"),
    ranked(modules, "module"),
    ranked(issueViews, "view"),
    ranked(pages, "page", { privateToo: true }),
  ]);

  // What the caller typed a number for comes first; the words' matches follow, without repeats.
  const numbered = new Set(numberRows.map((row) => row.id));
  const issueResults = [...numberRows, ...issueRows.filter((row) => !numbered.has(row.id))].slice(0, limit);
  const inWorkspace = <T>(rows: T[]) => rows.map((row) => ({ ...row, workspace__slug: workspace.slug }));
  return {
    results: {
      workspace: workspaceRows,
      project: inWorkspace(projectRows),
      issue: inWorkspace(issueResults),
      cycle: inWorkspace(cycleRows),
      module: inWorkspace(moduleRows),
      issue_view: inWorkspace(viewRows),
      page: inWorkspace(pageRows),
    },
  };
}
