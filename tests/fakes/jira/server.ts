// A fake Jira Cloud REST v3 API speaking the real shapes: Basic auth with an email and an API
// token, projects and their statuses per issue type, the enhanced JQL search (nextPageToken) and
// the older one (startAt/maxResults/total), the approximate count, labels (isLast paging),
// assignable users, comments in Atlassian Document Format, 429 with Retry-After and 5xx bursts.
//
// Tests configure it over HTTP, since workerd tests cannot import Node code:
// - `POST /_fake/projects` with a ProjectSpec creates (or replaces) a project from a deterministic
//   generator and answers what it holds (FakeProjectSummary);
// - `POST /_fake/faults` {email, status, count, retry_after?} makes the next `count` calls made
//   with that email answer `status` (429 carries Retry-After);
// - `GET /_fake/log?email=` lists the calls made with that email (method, path, status).
// Every credential is its own Jira site: it sees only the projects registered with it, so test
// files running side by side never see each other's data.
import { type FetchHandler, json } from "../http";

type Category = "new" | "indeterminate" | "done";

export interface ProjectSpec {
  key: string;
  name?: string;
  email: string;
  api_token: string;
  epics?: number;
  /** Stories, tasks and bugs (in turn); every (epics + 1)th has no epic. */
  stories?: number;
  /** Each sub-task's parent is story (n mod stories). */
  subtasks?: number;
  users?: number;
  labels?: number;
  /** Issue n gets (n mod (comments + 1)) comments. */
  comments?: number;
  statuses?: { name: string; category: Category }[];
  /** At most this many comments ride along in a search result's `comment` field. */
  search_comment_limit?: number;
  /** What the site calls its epics (a renamed or translated type); JQL knows only this name. */
  epic_type_name?: string;
}

export interface FakeProjectSummary {
  key: string;
  id: string;
  issues: number;
  epics: number;
  stories: number;
  subtasks: number;
  comments: number;
  labels: string[];
  users: { accountId: string; displayName: string; emailAddress?: string }[];
  /** Issues per status name (epics included). */
  by_status: Record<string, number>;
  /** Non-epic issues per status name. */
  by_status_without_epics: Record<string, number>;
  /** Issue key -> parent issue key (stories under epics, sub-tasks under their issue). */
  parents: Record<string, string>;
  /** Issues per assignee accountId (epics included), and per assignee without the epics. */
  assigned: Record<string, number>;
  assigned_without_epics: Record<string, number>;
}

const DEFAULT_STATUSES: { name: string; category: Category }[] = [
  { name: "Backlog", category: "new" },
  { name: "To Do", category: "new" },
  { name: "In Progress", category: "indeterminate" },
  { name: "In Review", category: "indeterminate" },
  { name: "Done", category: "done" },
  { name: "Won't Do", category: "done" },
];

const CATEGORY = {
  new: { id: 2, key: "new", colorName: "blue-gray", name: "To Do" },
  indeterminate: { id: 4, key: "indeterminate", colorName: "yellow", name: "In Progress" },
  done: { id: 3, key: "done", colorName: "green", name: "Done" },
} as const;

const PRIORITIES = ["Highest", "High", "Medium", "Low", "Lowest"];
const LABEL_NAMES = ["frontend", "backend", "customer", "tech-debt", "docs", "infra", "ux", "security", "perf", "qa"];
const PEOPLE = ["Ada Lovelace", "Grace Hopper", "Alan Turing", "Edsger Dijkstra", "Barbara Liskov", "Ken Thompson", "Frances Allen", "Donald Knuth"];

interface FakeUser {
  accountId: string;
  displayName: string;
  emailAddress?: string;
}

interface FakeComment {
  id: string;
  author: FakeUser;
  body: unknown;
  created: string;
}

interface FakeIssue {
  id: string;
  key: string;
  number: number;
  type: "Epic" | "Story" | "Task" | "Bug" | "Sub-task";
  summary: string;
  description: unknown;
  status: { id: string; name: string; category: Category };
  priority: string;
  labels: string[];
  assignee: FakeUser | null;
  reporter: FakeUser;
  created: string;
  resolutiondate: string | null;
  duedate: string | null;
  parent: FakeIssue | null;
  comments: FakeComment[];
}

interface FakeProject {
  id: string;
  key: string;
  name: string;
  email: string;
  token: string;
  statuses: { id: string; name: string; category: Category }[];
  labels: string[];
  users: FakeUser[];
  issues: FakeIssue[];
  searchCommentLimit: number;
  epicTypeName: string;
}

interface Fault {
  status: number;
  remaining: number;
  retryAfter: number;
}

const ISSUE_TYPES = {
  Epic: { id: "10000", hierarchyLevel: 1, subtask: false, description: "A big user story that needs to be broken down." },
  Story: { id: "10001", hierarchyLevel: 0, subtask: false, description: "Functionality or a feature expressed as a user goal." },
  Task: { id: "10002", hierarchyLevel: 0, subtask: false, description: "A small, distinct piece of work." },
  Bug: { id: "10003", hierarchyLevel: 0, subtask: false, description: "A problem or error." },
  "Sub-task": { id: "10004", hierarchyLevel: -1, subtask: true, description: "A small piece of work that's part of a larger task." },
} as const;

const jiraTime = (hours: number) => new Date(Date.UTC(2024, 0, 1) + hours * 3_600_000).toISOString().replace("Z", "+0000");

function adfText(text: string, marks?: unknown[]) {
  return marks ? { type: "text", text, marks } : { type: "text", text };
}

/** A description that uses the common node and mark types, varied by issue number. */
function descriptionOf(n: number, key: string, mentioned: FakeUser | null): unknown {
  if (n % 7 === 6) return null;
  const content: unknown[] = [
    {
      type: "paragraph",
      content: [
        adfText("Work for "),
        adfText(key, [{ type: "strong" }]),
        adfText(", see "),
        adfText("the notes", [{ type: "link", attrs: { href: `https://notes.example.com/${key}` } }]),
        adfText("."),
      ],
    },
  ];
  if (n % 2 === 0) {
    content.push({
      type: "bulletList",
      content: ["first step", "second step"].map((text) => ({ type: "listItem", content: [{ type: "paragraph", content: [adfText(text)] }] })),
    });
  }
  if (n % 3 === 0) content.push({ type: "codeBlock", attrs: { language: "ts" }, content: [adfText("if (a < b) return;")] });
  if (mentioned && n % 4 === 1) {
    content.push({
      type: "paragraph",
      content: [adfText("Ask "), { type: "mention", attrs: { id: mentioned.accountId, text: `@${mentioned.displayName}`, accessLevel: "" } }],
    });
  }
  return { type: "doc", version: 1, content };
}

let nextProjectId = 10_000;

function generate(spec: ProjectSpec): FakeProject {
  const key = spec.key.toUpperCase();
  const projectId = String(nextProjectId++);
  // Issue ids are unique across the fake, as they are across a Jira site.
  const idBase = Number(projectId) * 10_000;
  const statuses = (spec.statuses ?? DEFAULT_STATUSES).map((status, i) => ({ id: String(idBase + i + 1), ...status }));
  const labels = LABEL_NAMES.slice(0, Math.min(spec.labels ?? 4, LABEL_NAMES.length));
  const userCount = Math.max(1, spec.users ?? 3);
  const users: FakeUser[] = Array.from({ length: userCount }, (_, i) => {
    const displayName = `${PEOPLE[i % PEOPLE.length]}${i >= PEOPLE.length ? ` ${i}` : ""}`;
    const user: FakeUser = { accountId: `712020:${key.toLowerCase()}-${String(i).padStart(4, "0")}`, displayName };
    // Jira hides the address of people who chose to; the odd ones here did.
    if (i % 2 === 0) user.emailAddress = `${displayName.toLowerCase().replace(/[^a-z0-9]+/g, ".")}@${key.toLowerCase()}.example.com`;
    return user;
  });
  const epicCount = spec.epics ?? 0;
  const storyCount = spec.stories ?? 0;
  const subtaskCount = storyCount > 0 ? (spec.subtasks ?? 0) : 0;
  const commentsMax = spec.comments ?? 0;

  // Creation order: stories, with epics created among them (so some stories come before their
  // epic), then the sub-tasks.
  const order: ({ kind: "epic"; index: number } | { kind: "story"; index: number } | { kind: "subtask"; index: number })[] = [];
  let epicsPlaced = 0;
  for (let s = 0; s < storyCount; s++) {
    while (epicsPlaced < epicCount && Math.floor(((epicsPlaced + 1) * storyCount) / (epicCount + 1)) <= s) order.push({ kind: "epic", index: epicsPlaced++ });
    order.push({ kind: "story", index: s });
  }
  while (epicsPlaced < epicCount) order.push({ kind: "epic", index: epicsPlaced++ });
  for (let t = 0; t < subtaskCount; t++) order.push({ kind: "subtask", index: t });

  const epics: FakeIssue[] = [];
  const stories: FakeIssue[] = [];
  const issues: FakeIssue[] = order.map((slot, i) => {
    const n = i + 1;
    const issueKey = `${key}-${n}`;
    const status = statuses[i % statuses.length];
    const done = status.category === "done";
    const type = slot.kind === "epic" ? "Epic" : slot.kind === "subtask" ? "Sub-task" : (["Story", "Task", "Bug"] as const)[slot.index % 3];
    const issueLabels = i % 5 === 4 || labels.length === 0 ? [] : i % 3 === 0 ? [labels[i % labels.length], labels[(i + 1) % labels.length]] : [labels[i % labels.length]];
    const commentCount = commentsMax > 0 ? n % (commentsMax + 1) : 0;
    const issue: FakeIssue = {
      id: String(idBase + 1000 + n),
      key: issueKey,
      number: n,
      type,
      summary: `${type} ${n} of ${key}`,
      description: descriptionOf(n, issueKey, users[(i + 1) % users.length]),
      status,
      priority: PRIORITIES[i % PRIORITIES.length],
      labels: [...new Set(issueLabels)],
      assignee: i % (userCount + 1) === userCount ? null : users[i % (userCount + 1)],
      reporter: users[i % userCount],
      created: jiraTime(n),
      resolutiondate: done ? jiraTime(n + 48) : null,
      duedate: n % 4 === 0 ? `2024-06-${String((n % 28) + 1).padStart(2, "0")}` : null,
      parent: null,
      comments: Array.from({ length: commentCount }, (_, c) => ({
        id: String((idBase + 1000 + n) * 100 + c),
        author: users[(i + c) % userCount],
        body: { type: "doc", version: 1, content: [{ type: "paragraph", content: [adfText(`Comment ${c + 1} on `), adfText(issueKey, [{ type: "em" }])] }] },
        created: jiraTime(n + c + 1),
      })),
    };
    if (slot.kind === "epic") epics[slot.index] = issue;
    if (slot.kind === "story") stories[slot.index] = issue;
    return issue;
  });
  order.forEach((slot, i) => {
    if (slot.kind === "story" && epicCount > 0 && slot.index % (epicCount + 1) !== epicCount) issues[i].parent = epics[slot.index % (epicCount + 1)];
    if (slot.kind === "subtask") issues[i].parent = stories[slot.index % storyCount];
  });
  return {
    id: projectId,
    key,
    name: spec.name ?? `Project ${key}`,
    email: spec.email,
    token: spec.api_token,
    statuses,
    labels,
    users,
    issues,
    searchCommentLimit: spec.search_comment_limit ?? 5,
    epicTypeName: spec.epic_type_name ?? "Epic",
  };
}

function summaryOf(project: FakeProject): FakeProjectSummary {
  const count = (list: FakeIssue[]) => {
    const out: Record<string, number> = {};
    for (const issue of list) out[issue.status.name] = (out[issue.status.name] ?? 0) + 1;
    return out;
  };
  const parents: Record<string, string> = {};
  for (const issue of project.issues) if (issue.parent) parents[issue.key] = issue.parent.key;
  return {
    key: project.key,
    id: project.id,
    issues: project.issues.length,
    epics: project.issues.filter((i) => i.type === "Epic").length,
    stories: project.issues.filter((i) => i.type !== "Epic" && i.type !== "Sub-task").length,
    subtasks: project.issues.filter((i) => i.type === "Sub-task").length,
    comments: project.issues.reduce((sum, i) => sum + i.comments.length, 0),
    labels: [...new Set(project.issues.flatMap((i) => i.labels))].sort(),
    users: project.users,
    by_status: count(project.issues),
    by_status_without_epics: count(project.issues.filter((i) => i.type !== "Epic")),
    parents,
    assigned: perAssignee(project.issues),
    assigned_without_epics: perAssignee(project.issues.filter((i) => i.type !== "Epic")),
  };
}

function perAssignee(list: FakeIssue[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const issue of list) if (issue.assignee) out[issue.assignee.accountId] = (out[issue.assignee.accountId] ?? 0) + 1;
  return out;
}

const errors = (status: number, ...messages: string[]) => json({ errorMessages: messages, errors: {} }, { status });

/** Parses `project = KEY [AND issuetype (=|!=) Name] [ORDER BY key ASC|DESC]`, the JQL importers send. */
function parseJql(jql: string): { project: string; type?: { op: "=" | "!="; name: string }; desc: boolean } | null {
  const match = /^\s*project\s*=\s*"?([A-Za-z0-9_]+)"?(?:\s+AND\s+issuetype\s*(=|!=)\s*"?([A-Za-z -]+?)"?)?(?:\s+ORDER\s+BY\s+key(?:\s+(ASC|DESC))?)?\s*$/i.exec(jql);
  if (!match) return null;
  return {
    project: match[1].toUpperCase(),
    type: match[2] ? { op: match[2] as "=" | "!=", name: match[3].toLowerCase() } : undefined,
    desc: (match[4] ?? "").toUpperCase() === "DESC",
  };
}

export function createFakeJira(): FetchHandler {
  const projects = new Map<string, FakeProject>();
  const faults = new Map<string, Fault[]>();
  const log = new Map<string, { method: string; path: string; status: number }[]>();

  const sitesProjects = (email: string) => [...projects.values()].filter((p) => p.email === email);
  const findProject = (email: string, idOrKey: string) =>
    sitesProjects(email).find((p) => p.key === idOrKey.toUpperCase() || p.id === idOrKey) ?? null;

  function userJson(user: FakeUser, origin: string) {
    return {
      self: `${origin}/rest/api/3/user?accountId=${encodeURIComponent(user.accountId)}`,
      accountId: user.accountId,
      accountType: "atlassian",
      ...(user.emailAddress ? { emailAddress: user.emailAddress } : {}),
      avatarUrls: { "48x48": `${origin}/avatar/${encodeURIComponent(user.accountId)}.png` },
      displayName: user.displayName,
      active: true,
      timeZone: "Etc/UTC",
    };
  }

  function statusJson(status: FakeProject["statuses"][number], origin: string) {
    return {
      self: `${origin}/rest/api/3/status/${status.id}`,
      description: "",
      iconUrl: `${origin}/images/icons/statuses/generic.png`,
      name: status.name,
      id: status.id,
      statusCategory: { self: `${origin}/rest/api/3/statuscategory/${CATEGORY[status.category].id}`, ...CATEGORY[status.category] },
    };
  }

  const typeName = (type: FakeIssue["type"], project: FakeProject) => (type === "Epic" ? project.epicTypeName : type);

  function issueTypeJson(type: FakeIssue["type"], project: FakeProject, origin: string) {
    const t = ISSUE_TYPES[type];
    return {
      self: `${origin}/rest/api/3/issuetype/${t.id}`,
      id: t.id,
      description: t.description,
      iconUrl: `${origin}/images/icons/issuetypes/${type.toLowerCase()}.svg`,
      name: typeName(type, project),
      subtask: t.subtask,
      hierarchyLevel: t.hierarchyLevel,
    };
  }

  const priorityJson = (name: string, origin: string) => {
    const id = String(PRIORITIES.indexOf(name) + 1);
    return { self: `${origin}/rest/api/3/priority/${id}`, iconUrl: `${origin}/images/icons/priorities/${name.toLowerCase()}.svg`, name, id };
  };

  function commentJson(comment: FakeComment, issue: FakeIssue, origin: string) {
    return {
      self: `${origin}/rest/api/3/issue/${issue.id}/comment/${comment.id}`,
      id: comment.id,
      author: userJson(comment.author, origin),
      body: comment.body,
      updateAuthor: userJson(comment.author, origin),
      created: comment.created,
      updated: comment.created,
      jsdPublic: true,
    };
  }

  function issueJson(issue: FakeIssue, project: FakeProject, fields: Set<string> | "all", origin: string) {
    const all: Record<string, unknown> = {
      summary: issue.summary,
      description: issue.description,
      issuetype: issueTypeJson(issue.type, project, origin),
      status: statusJson(issue.status, origin),
      priority: priorityJson(issue.priority, origin),
      labels: issue.labels,
      assignee: issue.assignee ? userJson(issue.assignee, origin) : null,
      reporter: userJson(issue.reporter, origin),
      creator: userJson(issue.reporter, origin),
      created: issue.created,
      updated: issue.resolutiondate ?? issue.created,
      resolutiondate: issue.resolutiondate,
      duedate: issue.duedate,
      project: { self: `${origin}/rest/api/3/project/${project.id}`, id: project.id, key: project.key, name: project.name },
      comment: {
        comments: issue.comments.slice(0, project.searchCommentLimit).map((c) => commentJson(c, issue, origin)),
        self: `${origin}/rest/api/3/issue/${issue.id}/comment`,
        maxResults: project.searchCommentLimit,
        total: issue.comments.length,
        startAt: 0,
      },
    };
    if (issue.parent) {
      all.parent = {
        id: issue.parent.id,
        key: issue.parent.key,
        self: `${origin}/rest/api/3/issue/${issue.parent.id}`,
        fields: {
          summary: issue.parent.summary,
          status: statusJson(issue.parent.status, origin),
          priority: priorityJson(issue.parent.priority, origin),
          issuetype: issueTypeJson(issue.parent.type, project, origin),
        },
      };
    }
    const out: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(all)) {
      if (fields === "all" || fields.has(name)) out[name] = value;
    }
    // A field that is asked for but empty comes back as null, except parent, which is left out.
    if (fields !== "all") for (const name of fields) if (!(name in out) && name !== "parent" && name !== "id" && name !== "key") out[name] = null;
    return { expand: "renderedFields,names,schema,operations,editmeta,changelog", id: issue.id, self: `${origin}/rest/api/3/issue/${issue.id}`, key: issue.key, fields: out };
  }

  function fieldsOf(param: string | null, fallback: "id" | "all"): Set<string> | "all" {
    if (param === null || param.trim() === "") return fallback === "all" ? "all" : new Set();
    const names = param.split(",").map((s) => s.trim()).filter(Boolean);
    if (names.includes("*all") || names.includes("*navigable")) return "all";
    return new Set(names);
  }

  function searchIssues(email: string, jql: string): { issues: FakeIssue[]; project: FakeProject } | Response {
    const parsed = parseJql(jql);
    if (!parsed) return errors(400, `Error in the JQL Query: the query '${jql}' is not supported here.`);
    const project = findProject(email, parsed.project);
    if (!project) return errors(400, `The value '${parsed.project}' does not exist for the field 'project'.`);
    const wanted = parsed.type;
    const names = Object.keys(ISSUE_TYPES).map((type) => typeName(type as FakeIssue["type"], project).toLowerCase());
    if (wanted && !names.includes(wanted.name)) return errors(400, `The value '${wanted.name}' does not exist for the field 'issuetype'.`);
    let issues = project.issues.filter((issue) => {
      if (!wanted) return true;
      const same = typeName(issue.type, project).toLowerCase() === wanted.name;
      return wanted.op === "=" ? same : !same;
    });
    issues = [...issues].sort((a, b) => (parsed.desc ? b.number - a.number : a.number - b.number));
    return { issues, project };
  }

  const intParam = (url: URL, name: string, fallback: number, max: number) => {
    const value = Number(url.searchParams.get(name) ?? "");
    if (!Number.isFinite(value) || url.searchParams.get(name) === null || url.searchParams.get(name) === "") return fallback;
    return Math.max(0, Math.min(max, Math.floor(value)));
  };

  async function control(request: Request, url: URL): Promise<Response> {
    if (request.method === "POST" && url.pathname === "/_fake/projects") {
      const spec = (await request.json()) as ProjectSpec;
      if (!spec.key || !spec.email || !spec.api_token) return errors(400, "key, email and api_token are required");
      const project = generate(spec);
      projects.set(project.key, project);
      return json(summaryOf(project), { status: 201 });
    }
    if (request.method === "POST" && url.pathname === "/_fake/faults") {
      const body = (await request.json()) as { email: string; status: number; count?: number; retry_after?: number };
      const list = faults.get(body.email) ?? [];
      list.push({ status: body.status, remaining: body.count ?? 1, retryAfter: body.retry_after ?? 1 });
      faults.set(body.email, list);
      return json({ ok: true });
    }
    if (request.method === "GET" && url.pathname === "/_fake/log") {
      return json(log.get(url.searchParams.get("email") ?? "") ?? []);
    }
    return errors(404, "Unknown fake control");
  }

  function credentialsOf(request: Request): { email: string; token: string } | null {
    const header = request.headers.get("authorization") ?? "";
    const match = /^Basic\s+(.+)$/i.exec(header);
    if (!match) return null;
    let decoded: string;
    try {
      decoded = atob(match[1]);
    } catch {
      return null;
    }
    const at = decoded.indexOf(":");
    if (at < 0) return null;
    return { email: decoded.slice(0, at), token: decoded.slice(at + 1) };
  }

  function route(request: Request, url: URL, email: string): Response | Promise<Response> {
    const origin = url.origin;
    const path = url.pathname.replace(/\/+$/, "");
    const method = request.method;

    if (method === "GET" && path === "/rest/api/3/myself") {
      const project = sitesProjects(email)[0];
      return json({
        ...userJson({ accountId: `712020:me-${project?.key.toLowerCase() ?? "site"}`, displayName: "Importer", emailAddress: email }, origin),
        locale: "en_US",
      });
    }

    let match = /^\/rest\/api\/3\/project\/([^/]+)(\/statuses)?$/.exec(path);
    if (method === "GET" && match) {
      const project = findProject(email, decodeURIComponent(match[1]));
      if (!project) return errors(404, `No project could be found with key '${decodeURIComponent(match[1])}'.`);
      const types = [...new Set(project.issues.map((i) => i.type))];
      if (types.length === 0) types.push("Task");
      if (match[2]) {
        return json(
          types.map((type) => ({
            self: `${origin}/rest/api/3/issuetype/${ISSUE_TYPES[type].id}`,
            id: ISSUE_TYPES[type].id,
            name: typeName(type, project),
            subtask: ISSUE_TYPES[type].subtask,
            // Sub-tasks use the same workflow minus its first status, so ids repeat across types.
            statuses: (type === "Sub-task" ? project.statuses.slice(1) : project.statuses).map((s) => statusJson(s, origin)),
          })),
        );
      }
      return json({
        expand: "description,lead,issueTypes,url,projectKeys,permissions,insight",
        self: `${origin}/rest/api/3/project/${project.id}`,
        id: project.id,
        key: project.key,
        description: "",
        lead: userJson(project.users[0], origin),
        issueTypes: types.map((type) => issueTypeJson(type, project, origin)),
        name: project.name,
        projectTypeKey: "software",
        simplified: false,
        style: "classic",
        isPrivate: false,
      });
    }

    if (method === "GET" && path === "/rest/api/3/search/jql") {
      const jql = url.searchParams.get("jql") ?? "";
      const found = searchIssues(email, jql);
      if (found instanceof Response) return found;
      let offset = 0;
      const token = url.searchParams.get("nextPageToken");
      if (token) {
        try {
          const decoded = JSON.parse(atob(token)) as { jql: string; offset: number };
          if (decoded.jql !== jql) return errors(400, "The nextPageToken does not belong to this query.");
          offset = decoded.offset;
        } catch {
          return errors(400, "Invalid nextPageToken.");
        }
      }
      const maxResults = intParam(url, "maxResults", 50, 100) || 50;
      const fields = fieldsOf(url.searchParams.get("fields"), "id");
      const page = found.issues.slice(offset, offset + maxResults);
      const isLast = offset + page.length >= found.issues.length;
      const body: Record<string, unknown> = { issues: page.map((issue) => issueJson(issue, found.project, fields, origin)), isLast };
      // Like the real service, the last page has no nextPageToken at all.
      if (!isLast) body.nextPageToken = btoa(JSON.stringify({ jql, offset: offset + page.length }));
      return json(body);
    }

    if (method === "GET" && path === "/rest/api/3/search") {
      const jql = url.searchParams.get("jql") ?? "";
      const found = searchIssues(email, jql);
      if (found instanceof Response) return found;
      const startAt = intParam(url, "startAt", 0, Number.MAX_SAFE_INTEGER);
      const maxResults = intParam(url, "maxResults", 50, 100);
      const fields = fieldsOf(url.searchParams.get("fields"), "all");
      return json({
        expand: "schema,names",
        startAt,
        maxResults,
        total: found.issues.length,
        issues: found.issues.slice(startAt, startAt + maxResults).map((issue) => issueJson(issue, found.project, fields, origin)),
      });
    }

    if (method === "POST" && path === "/rest/api/3/search/approximate-count") {
      return request.json().then((body: unknown) => {
        const jql = (body as { jql?: string } | null)?.jql ?? "";
        const found = searchIssues(email, jql);
        if (found instanceof Response) return found;
        return json({ count: found.issues.length });
      });
    }

    if (method === "GET" && path === "/rest/api/3/label") {
      const all = [...new Set(sitesProjects(email).flatMap((p) => p.labels))].sort();
      const startAt = intParam(url, "startAt", 0, Number.MAX_SAFE_INTEGER);
      const maxResults = intParam(url, "maxResults", 1000, 1000) || 1000;
      const values = all.slice(startAt, startAt + maxResults);
      const isLast = startAt + values.length >= all.length;
      return json({
        self: `${origin}/rest/api/3/label?startAt=${startAt}&maxResults=${maxResults}`,
        ...(isLast ? {} : { nextPage: `${origin}/rest/api/3/label?startAt=${startAt + values.length}&maxResults=${maxResults}` }),
        maxResults,
        startAt,
        total: all.length,
        isLast,
        values,
      });
    }

    if (method === "GET" && path === "/rest/api/3/user/assignable/search") {
      const key = url.searchParams.get("project") ?? "";
      const project = findProject(email, key);
      if (!project) return errors(404, `No project could be found with key '${key}'.`);
      const startAt = intParam(url, "startAt", 0, Number.MAX_SAFE_INTEGER);
      const maxResults = intParam(url, "maxResults", 50, 1000) || 50;
      return json(project.users.slice(startAt, startAt + maxResults).map((u) => userJson(u, origin)));
    }

    match = /^\/rest\/api\/3\/issue\/([^/]+)(?:\/comment)?$/.exec(path);
    if (method === "GET" && match && path.endsWith("/comment")) {
      const idOrKey = decodeURIComponent(match[1]);
      const entry = sitesProjects(email)
        .flatMap((p) => p.issues.map((issue) => ({ issue, project: p })))
        .find(({ issue }) => issue.id === idOrKey || issue.key === idOrKey.toUpperCase());
      if (!entry) return errors(404, "Issue does not exist or you do not have permission to see it.");
      const startAt = intParam(url, "startAt", 0, Number.MAX_SAFE_INTEGER);
      const maxResults = intParam(url, "maxResults", 50, 100) || 50;
      return json({
        comments: entry.issue.comments.slice(startAt, startAt + maxResults).map((c) => commentJson(c, entry.issue, origin)),
        maxResults,
        total: entry.issue.comments.length,
        startAt,
      });
    }

    return errors(404, "Not found");
  }

  return async (request) => {
    const url = new URL(request.url);
    if (url.pathname.startsWith("/_fake/")) return control(request, url);
    const credentials = credentialsOf(request);
    const email = credentials?.email ?? "";
    const record = (response: Response) => {
      const entries = log.get(email) ?? [];
      entries.push({ method: request.method, path: `${url.pathname}${url.search}`, status: response.status });
      log.set(email, entries);
      return response;
    };

    const pending = faults.get(email)?.find((f) => f.remaining > 0);
    if (pending) {
      pending.remaining--;
      if (pending.status === 429) {
        return record(
          new Response(JSON.stringify({ errorMessages: ["Rate limit exceeded."], errors: {} }), {
            status: 429,
            headers: { "content-type": "application/json", "retry-after": String(pending.retryAfter), "x-ratelimit-reason": "jira-burst-based" },
          }),
        );
      }
      return record(new Response("<html><body>Service unavailable</body></html>", { status: pending.status, headers: { "content-type": "text/html" } }));
    }

    const site = credentials ? sitesProjects(credentials.email) : [];
    if (!credentials || !site.some((p) => p.token === credentials.token)) {
      return record(
        new Response("Client must be authenticated to access this resource.", {
          status: 401,
          headers: { "content-type": "text/plain;charset=UTF-8", "www-authenticate": 'Basic realm="protected-area"' },
        }),
      );
    }
    return record(await route(request, url, credentials.email));
  };
}
