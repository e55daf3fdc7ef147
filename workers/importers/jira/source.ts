// The Jira import source: reads a Jira Cloud project page by page for the import job.
// Pages, in order: the project's statuses (as states, with the issue count), the site's labels,
// the epics as modules (only when epics become modules), then every issue of the project by key,
// all issue types, with their comments. The cursor says which of these comes next.
import type { Priority, StateGroup } from "../../../drizzle/schema";
import type { JiraUser } from "../../domain/schemas/jira-importer";
import {
  type ImportCursor,
  type ImportPage,
  type ImportSource,
  type SourceComment,
  type SourceContext,
  type SourceIssue,
  type SourcePage,
  SourceRefused,
} from "../source";
import { adfToHtml, adfToText } from "./adf";
import {
  type JiraIssue,
  type JiraStatus,
  allComments,
  approximateCount,
  epicCount,
  labelPage,
  projectJql,
  projectStatuses,
  searchIssues,
} from "./api";
import { JiraClient, jiraHostOf, jiraProjectKeyOf } from "./client";

type JiraCursor =
  | { phase: "labels"; startAt: number }
  | { phase: "epics"; token: string | null; epics: number }
  | { phase: "issues"; token: string | null };

/** Statuses whose category is done but whose name says the work was dropped. */
const CANCELLED_NAME = /\b(won'?t|cancel+ed|cancel|reject(ed)?|declined?|duplicate|invalid|obsolete|abandoned|not (done|doing|a bug))\b/i;

/** The state group of a Jira status: from its category, refined by its name. */
export function stateGroupOf(status: Pick<JiraStatus, "name" | "statusCategory"> | null | undefined): StateGroup {
  const name = status?.name?.trim() ?? "";
  switch (status?.statusCategory?.key) {
    case "new":
      return /^backlog$/i.test(name) ? "backlog" : "unstarted";
    case "indeterminate":
      return "started";
    case "done":
      return CANCELLED_NAME.test(name) ? "cancelled" : "completed";
    default:
      return /^backlog$/i.test(name) ? "backlog" : "unstarted";
  }
}

const PRIORITY_OF: Record<string, Priority> = {
  highest: "urgent",
  blocker: "urgent",
  critical: "urgent",
  high: "high",
  major: "high",
  medium: "medium",
  low: "low",
  lowest: "low",
  minor: "low",
  trivial: "low",
};

/** Jira's priority names to ours; an unknown or missing one is no priority. */
export function priorityOf(name: string | null | undefined): Priority {
  return PRIORITY_OF[(name ?? "").trim().toLowerCase()] ?? "none";
}

/** A Jira timestamp ("2024-01-02T10:20:30.000+0000") as ISO 8601 in UTC, or null. */
export function isoOf(value: string | null | undefined): string | null {
  if (!value) return null;
  const time = Date.parse(value.replace(/([+-]\d\d)(\d\d)$/, "$1:$2"));
  return Number.isFinite(time) ? new Date(time).toISOString() : null;
}

const dateOf = (value: string | null | undefined) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null);
const accountOf = (user: JiraUser | null | undefined) => (user?.accountId ? user.accountId : null);
const isEpic = (type: { hierarchyLevel?: number; name?: string } | null | undefined) =>
  type?.hierarchyLevel === 1 || (type?.hierarchyLevel === undefined && type?.name?.toLowerCase() === "epic");

const TITLE_MAX = 255;
const COMMENT_READS_AT_ONCE = 6;

export interface JiraSourceOptions {
  host: string;
  email: string;
  apiToken: string;
  projectKey: string;
  epicsToModules: boolean;
}

/** The options stored on an importer row, checked again: the row outlives the request that made it. */
function optionsOf(ctx: SourceContext): JiraSourceOptions {
  const meta = (ctx.importer.metadata ?? {}) as Record<string, unknown>;
  const config = (ctx.importer.config ?? {}) as Record<string, unknown>;
  const host = jiraHostOf(ctx.config, String(meta.cloud_hostname ?? ""));
  const projectKey = jiraProjectKeyOf(String(meta.project_key ?? ""));
  if (!host) throw new SourceRefused("The Jira host name of this import is not allowed.");
  if (!projectKey) throw new SourceRefused("The Jira project key of this import is not valid.");
  return {
    host,
    email: String(meta.email ?? ""),
    apiToken: String(meta.api_token ?? ""),
    projectKey,
    epicsToModules: config.epics_to_modules === true,
  };
}

function cursorOf(value: ImportCursor | null): JiraCursor | null {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return null;
  const phase = (value as Record<string, unknown>).phase;
  const token = (value as Record<string, unknown>).token;
  if (phase === "labels") return { phase, startAt: Number((value as Record<string, unknown>).startAt) || 0 };
  if (phase === "epics") return { phase, token: typeof token === "string" ? token : null, epics: Number((value as Record<string, unknown>).epics) || 0 };
  if (phase === "issues") return { phase, token: typeof token === "string" ? token : null };
  return null;
}

/** Creates the source that reads the Jira project an importer row names. */
export function createJiraSource(ctx: SourceContext): ImportSource {
  const options = optionsOf(ctx);
  const client = new JiraClient(ctx.config, { host: options.host, email: options.email, apiToken: options.apiToken }, ctx.fetch);
  const key = options.projectKey;
  const afterLabels: JiraCursor = options.epicsToModules ? { phase: "epics", token: null, epics: 0 } : { phase: "issues", token: null };

  async function firstPage(): Promise<SourcePage> {
    const [statuses, total, epics] = await Promise.all([
      projectStatuses(client, key),
      approximateCount(client, projectJql(key)),
      options.epicsToModules ? epicCount(client, key) : Promise.resolve(0),
    ]);
    return {
      page: { states: statuses.map((status) => ({ key: status.id, name: (status.name || status.id).slice(0, TITLE_MAX), group: stateGroupOf(status) })) },
      next: { phase: "labels", startAt: 0 },
      total_issues: Math.max(0, total - epics),
    };
  }

  async function labelsPage(startAt: number): Promise<SourcePage> {
    const page = await labelPage(client, startAt);
    return {
      page: { labels: page.values.map((name) => ({ key: name, name })) },
      next: page.isLast ? afterLabels : { phase: "labels", startAt: page.next },
    };
  }

  async function epicsPage(token: string | null, epicsBefore: number): Promise<SourcePage> {
    // Every issue, with few fields, keeping those one level above stories: a type named "Epic"
    // in JQL could be renamed or translated on the site, the hierarchy level cannot.
    const page = await searchIssues(client, projectJql(key), token, "summary,description,duedate,issuetype");
    const modules = page.issues.filter((issue) => issue?.id && isEpic(issue.fields?.issuetype)).map(moduleOf);
    const epics = epicsBefore + modules.length;
    if (page.nextPageToken) return { page: { modules }, next: { phase: "epics", token: page.nextPageToken, epics } };
    // Every epic is known now: the issues to come are all the others.
    const total = await approximateCount(client, projectJql(key));
    return { page: { modules }, next: { phase: "issues", token: null }, total_issues: Math.max(0, total - epics) };
  }

  function moduleOf(issue: JiraIssue) {
    return {
      key: issue.id,
      name: (issue.fields.summary || issue.key).slice(0, TITLE_MAX),
      description: adfToText(issue.fields.description),
      target_date: dateOf(issue.fields.duedate),
    };
  }

  function issueOf(issue: JiraIssue): SourceIssue {
    const f = issue.fields;
    const parent = f.parent ?? null;
    const parentIsEpic = parent ? isEpic(parent.fields?.issuetype) : false;
    const status = f.status ?? null;
    return {
      key: issue.id,
      title: (f.summary || issue.key).slice(0, TITLE_MAX),
      description_html: adfToHtml(f.description),
      state: { key: status?.id, group: stateGroupOf(status) },
      priority: priorityOf(f.priority?.name),
      labels: (f.labels ?? []).filter((label) => typeof label === "string" && label !== ""),
      assignees: f.assignee?.accountId ? [f.assignee.accountId] : [],
      author: accountOf(f.reporter) ?? accountOf(f.creator),
      created_at: isoOf(f.created),
      completed_at: isoOf(f.resolutiondate),
      target_date: dateOf(f.duedate),
      // An epic's children join its module when epics become modules, and are its children otherwise.
      parent_key: parent && !(parentIsEpic && options.epicsToModules) ? parent.id : null,
      module_key: parent && parentIsEpic && options.epicsToModules ? parent.id : null,
      url: client.browseUrl(issue.key),
      link_title: `${issue.key} in Jira`,
    };
  }

  async function commentsOf(issue: JiraIssue): Promise<SourceComment[]> {
    let comments = issue.fields.comment?.comments ?? [];
    try {
      comments = await allComments(client, issue);
    } catch (error) {
      // An issue deleted while we read keeps the comments the search brought.
      if (!(error instanceof SourceRefused)) throw error;
    }
    return comments
      .filter((comment) => comment?.id)
      .map((comment) => ({
        key: comment.id,
        issue_key: issue.id,
        html: adfToHtml(comment.body),
        author: accountOf(comment.author),
        created_at: isoOf(comment.created),
      }));
  }

  async function issuesPage(token: string | null): Promise<SourcePage> {
    const page = await searchIssues(client, projectJql(key), token);
    const out: Required<Pick<ImportPage, "issues" | "comments" | "labels">> = { issues: [], comments: [], labels: [] };
    const labelNames = new Set<string>();
    for (const issue of page.issues) {
      if (!issue?.id || !issue.fields) continue;
      // Epics were read as modules already.
      if (options.epicsToModules && isEpic(issue.fields.issuetype)) continue;
      out.issues.push(issueOf(issue));
      for (const label of issue.fields.labels ?? []) if (typeof label === "string" && label !== "") labelNames.add(label);
    }
    const imported = new Set(out.issues.map((issue) => issue.key));
    const withComments = page.issues.filter((issue) => imported.has(issue?.id));
    // A few issues at a time: most need no call, and Jira limits bursts.
    for (let i = 0; i < withComments.length; i += COMMENT_READS_AT_ONCE) {
      const comments = await Promise.all(withComments.slice(i, i + COMMENT_READS_AT_ONCE).map(commentsOf));
      out.comments.push(...comments.flat());
    }
    // Labels the site list did not have (it can lag behind) arrive with their issues.
    out.labels = [...labelNames].map((name) => ({ key: name, name }));
    return {
      page: out,
      next: page.nextPageToken ? { phase: "issues", token: page.nextPageToken } : null,
    };
  }

  return {
    async readPage(value) {
      const cursor = cursorOf(value);
      if (cursor === null) return firstPage();
      if (cursor.phase === "labels") return labelsPage(cursor.startAt);
      if (cursor.phase === "epics") return epicsPage(cursor.token, cursor.epics);
      return issuesPage(cursor.token);
    },
  };
}
