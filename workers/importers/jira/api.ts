// The Jira Cloud REST v3 calls the importer makes, with the parts of their answers it reads.
import type { JiraUser } from "../../domain/schemas/jira-importer";
import { SourceRefused } from "../source";
import type { JiraClient } from "./client";

export interface JiraStatus {
  id: string;
  name: string;
  statusCategory?: { key?: string; name?: string; colorName?: string };
}

export interface JiraIssueType {
  id?: string;
  name?: string;
  subtask?: boolean;
  hierarchyLevel?: number;
}

export interface JiraComment {
  id: string;
  author?: JiraUser | null;
  body?: unknown;
  created?: string;
}

export interface JiraIssue {
  id: string;
  key: string;
  fields: {
    summary?: string | null;
    description?: unknown;
    issuetype?: JiraIssueType | null;
    status?: JiraStatus | null;
    priority?: { name?: string } | null;
    labels?: string[] | null;
    assignee?: JiraUser | null;
    reporter?: JiraUser | null;
    creator?: JiraUser | null;
    created?: string | null;
    resolutiondate?: string | null;
    duedate?: string | null;
    parent?: { id: string; key: string; fields?: { issuetype?: JiraIssueType | null } } | null;
    comment?: { comments?: JiraComment[]; total?: number; startAt?: number; maxResults?: number } | null;
  };
}

/** The fields every issue page asks for (the enhanced search returns only ids otherwise). */
export const ISSUE_FIELDS = [
  "summary",
  "description",
  "issuetype",
  "status",
  "priority",
  "labels",
  "assignee",
  "reporter",
  "creator",
  "created",
  "resolutiondate",
  "duedate",
  "parent",
  "comment",
].join(",");

/** Jira's maximum page of issues when fields are named. */
export const ISSUE_PAGE_SIZE = 100;
const COMMENT_PAGE_SIZE = 100;
const LABEL_PAGE_SIZE = 1000;
const USER_PAGE_SIZE = 100;
/** No project has more people who can be assigned than this; the loop stops here regardless. */
const MAX_USERS = 5000;

const noProject = (key: string) => `Jira has no project ${key}, or this account cannot see it.`;

/** The JQL of every issue of a project, oldest key first; `and` narrows it. */
export const projectJql = (key: string, and?: string) => `project = "${key}"${and ? ` AND ${and}` : ""} ORDER BY key ASC`;

export const myself = (client: JiraClient) => client.get<JiraUser>("/rest/api/3/myself");

export const getProject = (client: JiraClient, key: string) =>
  client.get<{ id: string; key: string; name: string }>(`/rest/api/3/project/${encodeURIComponent(key)}`, {}, { notFound: noProject(key) });

/** The project's statuses, each once (Jira lists them per issue type). */
export async function projectStatuses(client: JiraClient, key: string): Promise<JiraStatus[]> {
  const types = await client.get<{ statuses?: JiraStatus[] }[]>(`/rest/api/3/project/${encodeURIComponent(key)}/statuses`, {}, { notFound: noProject(key) });
  const byId = new Map<string, JiraStatus>();
  for (const type of Array.isArray(types) ? types : []) for (const status of type.statuses ?? []) if (status?.id && !byId.has(status.id)) byId.set(status.id, status);
  return [...byId.values()];
}

/** The JQL of a project's epics. Jira resolves the type by name, which a site may have renamed. */
export const epicsJql = (key: string) => projectJql(key, "issuetype = Epic");

/**
 * How many epics the project has; 0 when Jira does not know an issue type named Epic (a renamed
 * or translated type), since the count only informs and the import finds epics by their level.
 */
export async function epicCount(client: JiraClient, key: string): Promise<number> {
  try {
    return await approximateCount(client, epicsJql(key));
  } catch (error) {
    if (error instanceof SourceRefused) return 0;
    throw error;
  }
}

export async function approximateCount(client: JiraClient, jql: string): Promise<number> {
  const { count } = await client.post<{ count?: number }>("/rest/api/3/search/approximate-count", { jql: jql.replace(/\s+ORDER BY.*$/i, "") });
  return typeof count === "number" && count >= 0 ? count : 0;
}

export interface LabelPage {
  values: string[];
  isLast: boolean;
  next: number;
}

export async function labelPage(client: JiraClient, startAt: number): Promise<LabelPage> {
  const page = await client.get<{ values?: string[]; isLast?: boolean; startAt?: number; total?: number }>("/rest/api/3/label", { startAt, maxResults: LABEL_PAGE_SIZE });
  const values = (page.values ?? []).filter((v) => typeof v === "string" && v !== "");
  const next = startAt + (page.values?.length ?? 0);
  // An empty page ends the list even if isLast is missing, so the loop cannot spin.
  const isLast = page.isLast ?? (values.length === 0 || (typeof page.total === "number" && next >= page.total));
  return { values, isLast: isLast || (page.values?.length ?? 0) === 0, next };
}

/** Every label name of the site (Jira's labels are not per project). */
export async function allLabels(client: JiraClient): Promise<string[]> {
  const names: string[] = [];
  let startAt = 0;
  for (;;) {
    const page = await labelPage(client, startAt);
    names.push(...page.values);
    if (page.isLast) return names;
    startAt = page.next;
  }
}

/** The people who can be assigned the project's issues. */
export async function assignableUsers(client: JiraClient, key: string): Promise<JiraUser[]> {
  const users: JiraUser[] = [];
  for (let startAt = 0; startAt < MAX_USERS; startAt += USER_PAGE_SIZE) {
    const page = await client.get<JiraUser[]>("/rest/api/3/user/assignable/search", { project: key, startAt, maxResults: USER_PAGE_SIZE }, { notFound: noProject(key) });
    const list = Array.isArray(page) ? page : [];
    users.push(...list);
    if (list.length < USER_PAGE_SIZE) break;
  }
  return users;
}

export interface IssuePage {
  issues: JiraIssue[];
  nextPageToken: string | null;
}

/** One page of the enhanced JQL search; a missing token means the last page. */
export async function searchIssues(client: JiraClient, jql: string, nextPageToken: string | null, fields = ISSUE_FIELDS): Promise<IssuePage> {
  const page = await client.get<{ issues?: JiraIssue[]; nextPageToken?: string | null; isLast?: boolean }>("/rest/api/3/search/jql", {
    jql,
    nextPageToken: nextPageToken ?? undefined,
    maxResults: ISSUE_PAGE_SIZE,
    fields,
  });
  const issues = Array.isArray(page.issues) ? page.issues : [];
  const more = page.isLast !== true && typeof page.nextPageToken === "string" && page.nextPageToken !== "" && issues.length > 0;
  return { issues, nextPageToken: more ? (page.nextPageToken as string) : null };
}

/** Every comment of an issue, when the search result carried only the first ones. */
export async function allComments(client: JiraClient, issue: JiraIssue): Promise<JiraComment[]> {
  const first = issue.fields.comment;
  const known = first?.comments ?? [];
  if (first && typeof first.total === "number" && first.total <= known.length) return known;
  if (first && first.total === undefined) return known;
  const comments: JiraComment[] = [];
  for (let startAt = 0; ; ) {
    const page = await client.get<{ comments?: JiraComment[]; total?: number }>(
      `/rest/api/3/issue/${encodeURIComponent(issue.id)}/comment`,
      { startAt, maxResults: COMMENT_PAGE_SIZE },
      { notFound: `Jira issue ${issue.key} disappeared while it was being imported.` },
    );
    const list = Array.isArray(page.comments) ? page.comments : [];
    comments.push(...list);
    startAt += list.length;
    if (list.length === 0 || (typeof page.total === "number" && startAt >= page.total)) return comments;
  }
}
