// A fake GitHub REST API speaking api.github.com's shapes: token auth, x-ratelimit-* headers on
// every answer, Link-header paging, the issues listing with pull requests mixed in and closed
// issues with their state_reason, labels, collaborators, repository-wide comments, sub-issues and
// the search count. Tests set it up over HTTP (they run in workerd and cannot import this file):
//   POST /_fake/repos   a repository generated deterministically from a spec (see RepoSpec)
//   POST /_fake/faults  the next calls for a repository answer 503, a rate limit or 401
//   GET  /_fake/stats?repo=owner/name   how many calls each kind of path received
// Each test keeps its data under its own repository name, so parallel test files never collide.
import { type FetchHandler, json } from "../http";
import { type FakeGithubApp, createFakeGithubApp } from "./app";
import { RepoWriteLog, repoWrite } from "./repo-writes";

export type { FakeGithubApp };

export interface RepoSpec {
  owner: string;
  name: string;
  /** The token that may read this repository; /user answers `login` for it. */
  token: string;
  /** The token's account (default: the owner). */
  login?: string;
  /** Real issues (pull requests come on top). */
  issues: number;
  /** Share of the issues that are closed; a quarter of the closed ones as not planned. */
  closed_ratio?: number;
  comments_per_issue?: number;
  labels?: number;
  /** How many issues have sub-issues, and how many each. */
  issues_with_sub_issues?: number;
  sub_issues_per_parent?: number;
  /** How many issues list others in a task list ("- [ ] #12"). */
  issues_tracking_others?: number;
  /** Pull requests mixed into the issues listing (each with one comment). */
  pull_requests?: number;
  collaborators?: number;
  /** When true, the collaborators path answers 403 as GitHub does without push access. */
  collaborators_forbidden?: boolean;
}

/** What a complete import of the repository must bring, figured while generating it. */
export interface RepoExpectation {
  issues: number;
  open: number;
  completed: number;
  cancelled: number;
  comments: number;
  labels: number;
  /** Child number -> parent number, sub-issues and task-list references together. */
  parents: Record<string, number>;
  pull_requests: number;
  collaborators: string[];
}

export interface FaultSpec {
  /** "owner/name"; the fault hits that repository's paths (and its search count). */
  repo: string;
  kind: "unavailable" | "rate_limit" | "secondary_rate_limit" | "bad_credentials";
  /** How many calls answer with the fault. */
  count: number;
  /** Calls that pass before the fault starts. */
  after?: number;
  /** Seconds to wait, for the rate limits. */
  retry_after?: number;
  /** Only paths containing this text (for example "/issues/comments"). */
  path_contains?: string;
}

type Obj = Record<string, unknown>;

export interface FakeRepo {
  spec: RepoSpec;
  id: number;
  json: Obj;
  /** Issues and pull requests in number order. */
  items: Obj[];
  labels: Obj[];
  comments: Obj[];
  subIssues: Map<number, Obj[]>;
  collaborators: Obj[];
  expected: RepoExpectation;
}

const WEB = "https://github.com";
const DOCS = "https://docs.github.com/rest";
const RATE_LIMIT = 5000;

function userOf(login: string, id: number): Obj {
  return {
    login,
    id,
    node_id: `U_${id}`,
    avatar_url: `https://avatars.githubusercontent.com/u/${id}?v=4`,
    gravatar_id: "",
    url: `https://api.github.com/users/${login}`,
    html_url: `${WEB}/${login}`,
    type: "User",
    site_admin: false,
  };
}

/** Spreads `count` marks evenly over `total` slots: slot i (0-based) is marked when this says so. */
const spread = (i: number, count: number, total: number) =>
  total > 0 && Math.floor(((i + 1) * count) / total) > Math.floor((i * count) / total);

function generate(spec: RepoSpec, id: number, api: string): FakeRepo {
  const fullName = `${spec.owner}/${spec.name}`;
  const repoApi = `${api}/repos/${fullName}`;
  const owner = userOf(spec.owner, id * 10);
  const collaboratorCount = Math.max(1, spec.collaborators ?? 3);
  const collaborators = Array.from({ length: collaboratorCount }, (_, k) =>
    userOf(k === 0 ? (spec.login ?? spec.owner) : `${spec.owner}-dev-${k}`, id * 10 + 1000 + k),
  );
  const labels = Array.from({ length: spec.labels ?? 0 }, (_, j) => ({
    id: id * 1000 + j,
    node_id: `LA_${id}_${j}`,
    url: `${repoApi}/labels/label-${j}`,
    name: j === 0 ? "bug" : `label-${j}`,
    color: (0x102030 + j * 0x0a0b0c).toString(16).slice(-6).padStart(6, "0"),
    default: j === 0,
    description: j === 0 ? "Something isn't working" : null,
  }));
  const prCount = spec.pull_requests ?? 0;
  const total = spec.issues + prCount;
  const closedRatio = spec.closed_ratio ?? 0;
  const perParent = spec.sub_issues_per_parent ?? 2;
  const withSubs = spec.issues_with_sub_issues ?? 0;
  if (withSubs * (perParent + 1) > spec.issues) throw new Error("too many issues with sub-issues for the issue count");

  // Numbers: pull requests spread among the issues.
  const issueNumbers: number[] = [];
  const prNumbers: number[] = [];
  for (let i = 0; i < total; i++) (spread(i, prCount, total) ? prNumbers : issueNumbers).push(i + 1);

  const expected: RepoExpectation = {
    issues: spec.issues,
    open: 0,
    completed: 0,
    cancelled: 0,
    comments: 0,
    labels: labels.length,
    parents: {},
    pull_requests: prCount,
    collaborators: collaborators.map((c) => c.login as string),
  };

  // Sub-issues: parents at issue index j*(k+1), their children the k issues right after.
  const parentOfIndex = new Map<number, number>();
  for (let j = 0; j < withSubs; j++) {
    const parent = j * (perParent + 1);
    for (let c = 1; c <= perParent; c++) parentOfIndex.set(parent + c, parent);
  }
  const parentIndices = new Set(parentOfIndex.values());
  // Task lists: from the end, issue index n-1-2j lists n-2-2j (and, once, a pull request).
  const tracks = new Map<number, number[]>();
  for (let j = 0; j < (spec.issues_tracking_others ?? 0); j++) {
    const parent = spec.issues - 1 - 2 * j;
    const child = parent - 1;
    if (child < 0 || parentOfIndex.has(child) || parentOfIndex.has(parent)) break;
    tracks.set(parent, [child]);
  }

  const created = (n: number) => new Date(Date.UTC(2024, 0, 1) + n * 3_600_000).toISOString().replace(".000Z", "Z");
  const closedCount = Math.floor(spec.issues * closedRatio);
  let closedSoFar = 0;
  const items: Obj[] = [];
  const byIndex: Obj[] = [];
  let issueIndex = 0;
  let prIndex = 0;
  for (let n = 1; n <= total; n++) {
    const isPr = prNumbers[prIndex] === n;
    const base: Obj = {
      id: id * 100_000 + n,
      node_id: `I_${id}_${n}`,
      url: `${repoApi}/issues/${n}`,
      repository_url: repoApi,
      labels_url: `${repoApi}/issues/${n}/labels{/name}`,
      comments_url: `${repoApi}/issues/${n}/comments`,
      events_url: `${repoApi}/issues/${n}/events`,
      html_url: `${WEB}/${fullName}/${isPr ? "pull" : "issues"}/${n}`,
      number: n,
      locked: false,
      milestone: null,
      author_association: "MEMBER",
      created_at: created(n),
      updated_at: created(n + 1),
      reactions: { total_count: 0 },
    };
    if (isPr) {
      prIndex++;
      items.push({
        ...base,
        title: `Pull request ${n}`,
        body: `Fixes a thing (pull request ${n}).`,
        state: "open",
        state_reason: null,
        user: collaborators[n % collaborators.length],
        labels: [],
        assignee: null,
        assignees: [],
        comments: 1,
        closed_at: null,
        draft: false,
        pull_request: {
          url: `${repoApi}/pulls/${n}`,
          html_url: `${WEB}/${fullName}/pull/${n}`,
          diff_url: `${WEB}/${fullName}/pull/${n}.diff`,
          patch_url: `${WEB}/${fullName}/pull/${n}.patch`,
          merged_at: null,
        },
      });
      continue;
    }
    const i = issueIndex++;
    const closed = closedSoFar < closedCount && spread(i, closedCount, spec.issues);
    if (closed) closedSoFar++;
    const notPlanned = closed && closedSoFar % 4 === 0;
    if (!closed) expected.open++;
    else if (notPlanned) expected.cancelled++;
    else expected.completed++;
    const issueLabels = labels.length === 0 ? [] : [...new Set([i % labels.length, (i * 7 + 3) % labels.length])].map((j) => labels[j]);
    const assignees = i % 5 === 4 ? [] : [collaborators[i % collaborators.length]];
    const subTotal = parentIndices.has(i) ? perParent : 0;
    const tracked = tracks.get(i);
    let body: string | null = i % 10 === 9 ? null : `Issue **${n}** of ${fullName}.\n\nSteps:\n\n1. open \`app\`\n2. see [the docs](https://example.com/${n})`;
    if (tracked) {
      const lines = tracked.map((c) => `- [ ] #${issueNumbers[c]}`);
      if (prNumbers.length > 0 && tracks.size > 0 && i === spec.issues - 1) lines.push(`- [x] #${prNumbers[0]}`);
      body = `Tracks:\n\n${lines.join("\n")}\n`;
    }
    const issue: Obj = {
      ...base,
      title: `Issue ${n}: ${i % 3 === 0 ? "crash on start" : i % 3 === 1 ? "slow board" : "typo in settings"}`,
      body,
      state: closed ? "closed" : "open",
      state_reason: closed ? (notPlanned ? "not_planned" : "completed") : null,
      user: collaborators[(i + 1) % collaborators.length],
      labels: issueLabels,
      assignee: assignees[0] ?? null,
      assignees,
      comments: spec.comments_per_issue ?? 0,
      closed_at: closed ? created(n + 2) : null,
      closed_by: closed ? collaborators[0] : null,
      sub_issues_summary: { total: subTotal, completed: 0, percent_completed: 0 },
    };
    items.push(issue);
    byIndex.push(issue);
  }
  for (const [child, parent] of parentOfIndex) expected.parents[String(byIndex[child].number)] = byIndex[parent].number as number;
  for (const [parent, children] of tracks) {
    for (const child of children) expected.parents[String(byIndex[child].number)] = byIndex[parent].number as number;
  }
  const subIssues = new Map<number, Obj[]>();
  for (const [child, parent] of parentOfIndex) {
    const number = byIndex[parent].number as number;
    subIssues.set(number, [...(subIssues.get(number) ?? []), byIndex[child]]);
  }

  // Comments: comments_per_issue on every issue, one on every pull request, in creation order.
  const comments: Obj[] = [];
  let commentId = id * 1_000_000;
  for (const item of items) {
    const n = item.number as number;
    const count = item.pull_request ? 1 : (spec.comments_per_issue ?? 0);
    for (let k = 0; k < count; k++) {
      commentId++;
      comments.push({
        id: commentId,
        node_id: `IC_${commentId}`,
        url: `${repoApi}/issues/comments/${commentId}`,
        html_url: `${item.html_url}#issuecomment-${commentId}`,
        issue_url: `${repoApi}/issues/${n}`,
        body: `Comment ${k + 1} on #${n}: **looks** right`,
        user: collaborators[(n + k) % collaborators.length],
        created_at: created(n + k + 1),
        updated_at: created(n + k + 1),
        author_association: "MEMBER",
      });
    }
    if (!item.pull_request) expected.comments += count;
  }

  return {
    spec,
    id,
    json: {
      id,
      node_id: `R_${id}`,
      name: spec.name,
      full_name: fullName,
      private: true,
      owner,
      html_url: `${WEB}/${fullName}`,
      description: `Fake repository ${fullName}`,
      fork: false,
      url: repoApi,
      has_issues: true,
      open_issues_count: expected.open + prCount,
      default_branch: "main",
      created_at: created(0),
      updated_at: created(total + 1),
    },
    items,
    labels,
    comments,
    subIssues,
    collaborators,
    expected,
  };
}

function tokenOf(request: Request): string | null {
  const header = request.headers.get("authorization") ?? "";
  const match = header.match(/^(?:Bearer|token)\s+(\S+)$/i);
  return match ? match[1] : null;
}

interface Budget {
  used: number;
  reset: number;
}

/** The fake GitHub; with `app`, also that GitHub App's side (tests/fakes/github/app.ts). */
export function createFakeGithub(options: { app?: FakeGithubApp } = {}): FetchHandler {
  const repos = new Map<string, FakeRepo>();
  const writeLog = new RepoWriteLog(options.app);
  const logins = new Map<string, string>();
  const faults: (FaultSpec & { seen: number })[] = [];
  const stats = new Map<string, Record<string, number>>();
  const budgets = new Map<string, Budget>();
  let nextId = 700_000;

  const rateHeaders = (token: string | null): Record<string, string> => {
    const now = Math.floor(Date.now() / 1000);
    const key = token ?? "anonymous";
    let budget = budgets.get(key);
    if (!budget || budget.reset <= now) budget = { used: 0, reset: now + 3600 };
    budget.used++;
    budgets.set(key, budget);
    return {
      "x-ratelimit-limit": String(RATE_LIMIT),
      "x-ratelimit-remaining": String(Math.max(0, RATE_LIMIT - budget.used)),
      "x-ratelimit-reset": String(budget.reset),
      "x-ratelimit-used": String(budget.used),
      "x-ratelimit-resource": "core",
    };
  };

  const faultFor = (repoKey: string | null, path: string): (FaultSpec & { seen: number }) | null => {
    if (!repoKey) return null;
    for (const fault of faults) {
      if (fault.repo.toLowerCase() !== repoKey || fault.count <= 0) continue;
      if (fault.path_contains && !path.includes(fault.path_contains)) continue;
      fault.seen++;
      if (fault.seen <= (fault.after ?? 0)) return null;
      fault.count--;
      return fault;
    }
    return null;
  };

  const answerFault = (fault: FaultSpec, headers: Record<string, string>): Response => {
    const wait = fault.retry_after ?? 1;
    if (fault.kind === "unavailable") return json({ message: "Service Unavailable" }, { status: 503, headers });
    if (fault.kind === "bad_credentials") return json({ message: "Bad credentials", documentation_url: DOCS, status: "401" }, { status: 401, headers });
    if (fault.kind === "secondary_rate_limit") {
      return json(
        { message: "You have exceeded a secondary rate limit. Please wait a few minutes before you try again.", documentation_url: DOCS, status: "429" },
        { status: 429, headers: { ...headers, "retry-after": String(wait) } },
      );
    }
    return json(
      { message: "API rate limit exceeded for user ID 1.", documentation_url: DOCS, status: "403" },
      {
        status: 403,
        headers: {
          ...headers,
          "x-ratelimit-remaining": "0",
          "x-ratelimit-used": String(RATE_LIMIT),
          "x-ratelimit-reset": String(Math.floor(Date.now() / 1000) + wait),
        },
      },
    );
  };

  const count = (repoKey: string, kind: string) => {
    const entry = stats.get(repoKey) ?? {};
    entry[kind] = (entry[kind] ?? 0) + 1;
    stats.set(repoKey, entry);
  };

  /** One page of `all` with GitHub's Link header (first/prev/next/last), per_page capped at 100. */
  const paged = (url: URL, all: Obj[], headers: Record<string, string>, defaultPerPage = 30): Response => {
    const perPage = Math.min(100, Math.max(1, Number(url.searchParams.get("per_page")) || defaultPerPage));
    const page = Math.max(1, Number(url.searchParams.get("page")) || 1);
    const last = Math.max(1, Math.ceil(all.length / perPage));
    const linkTo = (p: number) => {
      const target = new URL(url);
      target.searchParams.set("per_page", String(perPage));
      target.searchParams.set("page", String(p));
      return target.toString();
    };
    const links: string[] = [];
    if (page > 1) links.push(`<${linkTo(page - 1)}>; rel="prev"`);
    if (page < last) links.push(`<${linkTo(page + 1)}>; rel="next"`, `<${linkTo(last)}>; rel="last"`);
    if (page > 1) links.push(`<${linkTo(1)}>; rel="first"`);
    const linkHeader: Record<string, string> = links.length > 0 ? { link: links.join(", ") } : {};
    return json(all.slice((page - 1) * perPage, page * perPage), { headers: { ...headers, ...linkHeader } });
  };

  const notFound = (headers: Record<string, string>) =>
    json({ message: "Not Found", documentation_url: DOCS, status: "404" }, { status: 404, headers });

  const app = options.app
    ? createFakeGithubApp(options.app, {
        reposOwnedBy: (login) =>
          [...repos.values()]
            .filter((repo) => repo.spec.owner.toLowerCase() === login.toLowerCase())
            .map((repo) => repo.json)
            .sort((a, b) => String(a.full_name).localeCompare(String(b.full_name))),
        owners: () => [...new Set([...repos.values()].map((repo) => repo.spec.owner))],
        paged: (url, all, headers) => paged(url, all, headers),
        notFound,
      })
    : null;
  /** Whether `token` may read `repo`: the token it was created for, or an installation on its owner. */
  const mayRead = (repo: FakeRepo, token: string | null) => repo.spec.token === token || (app?.mayRead(token, repo.spec.owner) ?? false);

  const control = async (request: Request, url: URL, api: string): Promise<Response> => {
    const written = writeLog.control(request, url);
    if (written) return written;
    if (request.method === "POST" && url.pathname === "/_fake/repos") {
      const spec = (await request.json()) as RepoSpec;
      const key = `${spec.owner}/${spec.name}`.toLowerCase();
      const repo = generate(spec, nextId++, api);
      repos.set(key, repo);
      logins.set(spec.token, spec.login ?? spec.owner);
      stats.delete(key);
      return json({ repository: repo.json, expected: repo.expected }, { status: 201 });
    }
    if (request.method === "POST" && url.pathname === "/_fake/faults") {
      const fault = (await request.json()) as FaultSpec;
      faults.push({ ...fault, seen: 0 });
      return json({ ok: true }, { status: 201 });
    }
    if (request.method === "DELETE" && url.pathname === "/_fake/faults") {
      const repo = url.searchParams.get("repo")?.toLowerCase();
      for (let i = faults.length - 1; i >= 0; i--) if (!repo || faults[i].repo.toLowerCase() === repo) faults.splice(i, 1);
      return new Response(null, { status: 204 });
    }
    if (request.method === "GET" && url.pathname === "/_fake/stats") {
      const repo = (url.searchParams.get("repo") ?? "").toLowerCase();
      return json(stats.get(repo) ?? {});
    }
    return json({ message: "unknown control path" }, { status: 404 });
  };

  return async (request) => {
    const url = new URL(request.url);
    const api = url.origin;
    if (url.pathname.startsWith("/_fake/")) return (await app?.control(request, url)) ?? control(request, url, api);

    const token = tokenOf(request);
    const headers = rateHeaders(token);
    const path = url.pathname.replace(/\/+$/, "");

    // The repository a call is about: its path, or the search query's repo: qualifier.
    const repoMatch = path.match(/^\/repos\/([^/]+)\/([^/]+)(\/.*)?$/);
    const searchRepo = path === "/search/issues" ? (url.searchParams.get("q") ?? "").match(/repo:([^\s+]+\/[^\s+]+)/)?.[1] : undefined;
    const repoKey = repoMatch ? `${repoMatch[1]}/${repoMatch[2]}`.toLowerCase() : (searchRepo?.toLowerCase() ?? null);
    const fault = faultFor(repoKey, path);
    if (repoKey) count(repoKey, fault ? `fault:${fault.kind}` : kindOf(repoMatch?.[3] ?? (searchRepo ? "search" : "")));
    if (fault) return answerFault(fault, headers);

    const appAnswer = await app?.handle(request, url, path, headers);
    if (appAnswer) return appAnswer;
    const login = (token ? logins.get(token) : undefined) ?? app?.loginOf(token);
    if (!login) return json({ message: "Bad credentials", documentation_url: DOCS, status: "401" }, { status: 401, headers });
    if (request.method !== "GET" && !repoMatch) return notFound(headers);

    if (path === "/user") {
      // An installation is not a user: GitHub refuses it the user's own paths.
      if (app?.loginOf(token)) return json({ message: "Resource not accessible by integration", documentation_url: DOCS, status: "403" }, { status: 403, headers });
      return json(userOf(login, 1), { headers });
    }
    if (path === "/user/repos") {
      const mine = [...repos.values()]
        .filter((repo) => repo.spec.token === token)
        .map((repo) => repo.json)
        .sort((a, b) => String(a.full_name).localeCompare(String(b.full_name)));
      return paged(url, mine, headers);
    }
    if (searchRepo !== undefined) {
      const repo = repos.get(searchRepo.toLowerCase());
      if (!repo || !mayRead(repo, token)) {
        return json(
          {
            message: "Validation Failed",
            errors: [{ message: "The listed users and repositories cannot be searched either because the resources do not exist or you do not have permission to view them.", resource: "Search", field: "q", code: "invalid" }],
            documentation_url: DOCS,
            status: "422",
          },
          { status: 422, headers },
        );
      }
      const q = url.searchParams.get("q") ?? "";
      const issues = repo.items.filter((item) => (/\bis:issue\b/.test(q) ? !item.pull_request : /\bis:pr\b/.test(q) ? item.pull_request : true));
      const perPage = Math.min(100, Number(url.searchParams.get("per_page")) || 30);
      return json({ total_count: issues.length, incomplete_results: false, items: issues.slice(0, perPage) }, { headers });
    }
    if (!repoMatch || !repoKey) return notFound(headers);
    const repo = repos.get(repoKey);
    if (!repo || !mayRead(repo, token)) return notFound(headers);
    const rest = repoMatch[3] ?? "";
    if (request.method !== "GET") return repoWrite(request, { repo, rest, login, headers, nextId: () => nextId++, log: writeLog, installationId: app?.installationIdOf(token) });

    if (rest === "") return json(repo.json, { headers });
    if (rest === "/labels") return paged(url, repo.labels, headers);
    if (rest === "/collaborators") {
      if (repo.spec.collaborators_forbidden) {
        return json({ message: "Must have push access to view repository collaborators.", documentation_url: DOCS, status: "403" }, { status: 403, headers });
      }
      return paged(url, repo.collaborators, headers);
    }
    if (rest === "/assignees") return paged(url, repo.collaborators, headers);
    if (rest === "/issues") {
      const state = url.searchParams.get("state") ?? "open";
      let listed = state === "all" ? repo.items : repo.items.filter((item) => item.state === state);
      // GitHub lists newest first unless asked otherwise.
      if (url.searchParams.get("direction") !== "asc") listed = [...listed].reverse();
      return paged(url, listed, headers);
    }
    if (rest === "/issues/comments") {
      const listed = url.searchParams.get("direction") === "desc" ? [...repo.comments].reverse() : repo.comments;
      return paged(url, listed, headers);
    }
    const subMatch = rest.match(/^\/issues\/(\d+)\/sub_issues$/);
    if (subMatch) {
      const number = Number(subMatch[1]);
      if (!repo.items.some((item) => item.number === number && !item.pull_request)) return notFound(headers);
      return paged(url, repo.subIssues.get(number) ?? [], headers);
    }
    const issueMatch = rest.match(/^\/issues\/(\d+)$/);
    if (issueMatch) {
      const item = repo.items.find((it) => it.number === Number(issueMatch[1]));
      return item ? json(item, { headers }) : notFound(headers);
    }
    return notFound(headers);
  };
}

/** A stats bucket for a repository path: "issues", "comments", "sub_issues", "labels", ... */
function kindOf(rest: string): string {
  if (rest === "search") return "search";
  if (rest === "" || rest === "/") return "repo";
  if (rest === "/issues/comments") return "comments";
  if (/^\/issues\/\d+\/sub_issues$/.test(rest)) return "sub_issues";
  return rest.replace(/^\//, "").replace(/\/\d+.*$/, "");
}
