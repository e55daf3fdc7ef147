// What the repository sync reads of GitHub's webhook payloads (`issues`, `issue_comment`), and
// the trimming that keeps only that: a payload carries the whole repository, both users and more,
// and only the fields below are stored with the delivery until its job has applied it.
import type { Json } from "../../drizzle/schema";

export interface GithubUserRef {
  login: string;
  id: number;
  type?: string;
}

export interface GithubLabelRef {
  name: string;
  color?: string;
}

export interface GithubIssuePayload {
  id: number;
  number: number;
  title: string;
  body: string | null;
  state: "open" | "closed";
  state_reason?: string | null;
  html_url: string;
  labels: GithubLabelRef[];
  assignees: GithubUserRef[];
  /** GitHub lists pull requests among issues; their comments come as issue_comment too. */
  pull_request?: boolean;
  performed_via_github_app?: { id: number } | null;
}

export interface GithubCommentPayload {
  id: number;
  body: string;
  html_url: string;
  user: GithubUserRef | null;
  performed_via_github_app?: { id: number } | null;
}

/** The trimmed payload of an `issues` or `issue_comment` delivery. */
export interface GithubEventPayload {
  action: string;
  repository: { id: number; full_name: string };
  installation?: { id: number } | null;
  sender: GithubUserRef | null;
  issue: GithubIssuePayload;
  comment?: GithubCommentPayload;
  /** labeled / unlabeled */
  label?: GithubLabelRef | null;
  /** assigned / unassigned */
  assignee?: GithubUserRef | null;
  /** edited: which fields changed (`title`, `body`), with the old title. */
  changes?: { title?: { from: string }; body?: { from: string } };
}

/** The `issues` actions the sync applies; other actions (pinned, milestoned, ...) are ignored. */
export const ISSUE_ACTIONS = new Set(["opened", "edited", "closed", "reopened", "labeled", "unlabeled", "assigned", "unassigned"]);
export const COMMENT_ACTIONS = new Set(["created", "edited", "deleted"]);

type Obj = Record<string, unknown>;

const isObj = (value: unknown): value is Obj => typeof value === "object" && value !== null && !Array.isArray(value);
const str = (value: unknown) => (typeof value === "string" ? value : null);
const num = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : null);

function userOf(value: unknown): GithubUserRef | null {
  if (!isObj(value)) return null;
  const login = str(value.login);
  const id = num(value.id);
  if (login === null || id === null) return null;
  return { login, id, ...(str(value.type) ? { type: str(value.type) as string } : {}) };
}

function labelOf(value: unknown): GithubLabelRef | null {
  if (!isObj(value) || str(value.name) === null) return null;
  return { name: str(value.name) as string, ...(str(value.color) ? { color: str(value.color) as string } : {}) };
}

const appOf = (value: unknown) => (isObj(value) && num(value.id) !== null ? { id: num(value.id) as number } : null);

function issueOf(value: unknown): GithubIssuePayload | null {
  if (!isObj(value)) return null;
  const id = num(value.id);
  const number = num(value.number);
  const title = str(value.title);
  if (id === null || number === null || title === null) return null;
  return {
    id,
    number,
    title,
    body: str(value.body),
    state: value.state === "closed" ? "closed" : "open",
    state_reason: str(value.state_reason),
    html_url: str(value.html_url) ?? "",
    labels: (Array.isArray(value.labels) ? value.labels : []).map(labelOf).filter((label): label is GithubLabelRef => label !== null),
    assignees: (Array.isArray(value.assignees) ? value.assignees : []).map(userOf).filter((user): user is GithubUserRef => user !== null),
    ...(value.pull_request ? { pull_request: true } : {}),
    performed_via_github_app: appOf(value.performed_via_github_app),
  };
}

function commentOf(value: unknown): GithubCommentPayload | null {
  if (!isObj(value)) return null;
  const id = num(value.id);
  if (id === null) return null;
  return {
    id,
    body: str(value.body) ?? "",
    html_url: str(value.html_url) ?? "",
    user: userOf(value.user),
    performed_via_github_app: appOf(value.performed_via_github_app),
  };
}

function changesOf(value: unknown): GithubEventPayload["changes"] {
  if (!isObj(value)) return undefined;
  const changes: NonNullable<GithubEventPayload["changes"]> = {};
  for (const field of ["title", "body"] as const) {
    const change = value[field];
    // The old body is not kept (it may be long): that it changed is all the sync needs.
    if (isObj(change)) changes[field] = { from: field === "title" ? (str(change.from) ?? "") : "" };
  }
  return changes;
}

/**
 * The payload of an `issues` or `issue_comment` delivery as the sync reads it, or null when it is
 * not one (a field the sync needs is missing or of the wrong type).
 */
export function trimPayload(event: string, raw: unknown): GithubEventPayload | null {
  if (!isObj(raw)) return null;
  const action = str(raw.action);
  const repository = isObj(raw.repository) ? { id: num(raw.repository.id), full_name: str(raw.repository.full_name) ?? "" } : null;
  const issue = issueOf(raw.issue);
  if (action === null || !repository || repository.id === null || !issue) return null;
  const payload: GithubEventPayload = {
    action,
    repository: { id: repository.id, full_name: repository.full_name },
    installation: isObj(raw.installation) && num(raw.installation.id) !== null ? { id: num(raw.installation.id) as number } : null,
    sender: userOf(raw.sender),
    issue,
  };
  if (event === "issue_comment") {
    const comment = commentOf(raw.comment);
    if (!comment) return null;
    payload.comment = comment;
  }
  if (raw.label !== undefined) payload.label = labelOf(raw.label);
  if (raw.assignee !== undefined) payload.assignee = userOf(raw.assignee);
  const changes = changesOf(raw.changes);
  if (changes) payload.changes = changes;
  return payload;
}

export const payloadJson = (payload: GithubEventPayload) => payload as unknown as Record<string, Json>;
