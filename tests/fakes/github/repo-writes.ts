// The fake GitHub's writes to a repository, answered as api.github.com answers them:
//   POST  /repos/{o}/{r}/issues                 create an issue (title, body, labels, assignees) -> 201
//   PATCH /repos/{o}/{r}/issues/{n}             title, body, state, state_reason -> 200
//   POST  /repos/{o}/{r}/issues/{n}/comments    create a comment -> 201
//   PATCH /repos/{o}/{r}/issues/comments/{id}   edit a comment -> 200
//   DELETE /repos/{o}/{r}/issues/comments/{id}  -> 204
// Every write is logged, and the webhook deliveries GitHub would send for it (none when nothing
// changed) are recorded signed with the app's webhook secret, so a test can post them to the
// Worker and see that our own writes do not come back as changes:
//   GET    /_fake/writes?repo=owner/name       [{method, path, body}] in order
//   GET    /_fake/deliveries?repo=owner/name   [GithubDelivery] in order
//   DELETE /_fake/deliveries?repo=owner/name   forget them
// A token whose login is "{slug}[bot]" writes as the app's bot: `sender.type` "Bot", and the issues
// and comments it creates carry `performed_via_github_app`.
import { json } from "../http";
import type { FakeGithubApp, FakeRepo } from "./server";
import { type GithubDelivery, githubDelivery } from "./webhooks";

type Obj = Record<string, unknown>;

export interface RepoWrite {
  method: string;
  path: string;
  body: unknown;
}

/** What the fake keeps of repository writes: the writes and the deliveries they caused, per repository. */
export class RepoWriteLog {
  private readonly writes = new Map<string, RepoWrite[]>();
  private readonly deliveries = new Map<string, GithubDelivery[]>();
  private hookId = 1;

  constructor(readonly app?: FakeGithubApp) {}

  logWrite(repo: string, write: RepoWrite) {
    const list = this.writes.get(repo) ?? [];
    list.push(write);
    this.writes.set(repo, list);
  }

  async deliver(repo: string, event: string, payload: Obj) {
    const delivery = await githubDelivery(this.app?.webhookSecret ?? "", event, payload);
    delivery.headers["x-github-hook-id"] = String(this.hookId++);
    const list = this.deliveries.get(repo) ?? [];
    list.push(delivery);
    this.deliveries.set(repo, list);
  }

  /** Answers the /_fake/writes and /_fake/deliveries control paths; null for any other path. */
  control(request: Request, url: URL): Response | null {
    const repo = (url.searchParams.get("repo") ?? "").toLowerCase();
    if (url.pathname === "/_fake/writes" && request.method === "GET") return json(this.writes.get(repo) ?? []);
    if (url.pathname === "/_fake/deliveries" && request.method === "GET") return json(this.deliveries.get(repo) ?? []);
    if (url.pathname === "/_fake/deliveries" && request.method === "DELETE") {
      this.deliveries.delete(repo);
      return new Response(null, { status: 204 });
    }
    return null;
  }
}

export interface RepoWriteContext {
  repo: FakeRepo;
  /** The path after /repos/{owner}/{name}, for example "/issues/12". */
  rest: string;
  /** Who the token belongs to (an app installation's bot is "{slug}[bot]"). */
  login: string;
  /** The rate-limit headers every answer carries. */
  headers: Record<string, string>;
  /** A fresh id for a new issue or comment. */
  nextId: () => number;
  log: RepoWriteLog;
  /** The installation the token belongs to, when it is an app's. */
  installationId?: number;
}

const DOCS = "https://docs.github.com/rest";

const validationFailed = (headers: Record<string, string>, field: string) =>
  json(
    { message: "Validation Failed", errors: [{ resource: "Issue", code: "missing_field", field }], documentation_url: DOCS, status: "422" },
    { status: 422, headers },
  );

const notFound = (headers: Record<string, string>) => json({ message: "Not Found", documentation_url: DOCS, status: "404" }, { status: 404, headers });

async function bodyOf(request: Request): Promise<Obj | null> {
  try {
    const parsed = (await request.json()) as unknown;
    return typeof parsed === "object" && parsed !== null && !Array.isArray(parsed) ? (parsed as Obj) : null;
  } catch {
    return null;
  }
}

export async function repoWrite(request: Request, context: RepoWriteContext): Promise<Response> {
  const { repo, rest, login, headers, log } = context;
  const repoKey = String(repo.json.full_name).toLowerCase();
  const body = request.method === "DELETE" ? {} : await bodyOf(request);
  if (!body) return json({ message: "Problems parsing JSON", documentation_url: DOCS, status: "400" }, { status: 400, headers });
  log.logWrite(repoKey, { method: request.method, path: rest, body });

  const app = log.app;
  const isBot = app !== undefined && login === `${app.slug}[bot]`;
  const sender: Obj = { login, id: isBot ? 99_000 : 1, type: isBot ? "Bot" : "User", html_url: `https://github.com/${login}` };
  const viaApp = isBot && app ? { id: Number(app.id), slug: app.slug, name: app.slug } : null;
  const envelope = (action: string, extra: Obj): Obj => ({
    action,
    ...extra,
    repository: repo.json,
    sender,
    ...(context.installationId === undefined ? {} : { installation: { id: context.installationId } }),
  });
  const now = () => new Date().toISOString().replace(/\.\d{3}Z$/, "Z");
  const repoApi = String(repo.json.url);
  const repoWeb = String(repo.json.html_url);

  if (request.method === "POST" && rest === "/issues") {
    if (typeof body.title !== "string" || body.title.trim() === "") return validationFailed(headers, "title");
    const number = repo.items.length === 0 ? 1 : Math.max(...repo.items.map((item) => item.number as number)) + 1;
    const names = Array.isArray(body.labels) ? body.labels.map(String) : [];
    const issue: Obj = {
      id: context.nextId(),
      node_id: `I_new_${number}`,
      url: `${repoApi}/issues/${number}`,
      repository_url: repoApi,
      comments_url: `${repoApi}/issues/${number}/comments`,
      html_url: `${repoWeb}/issues/${number}`,
      number,
      title: body.title,
      body: typeof body.body === "string" ? body.body : null,
      state: "open",
      state_reason: null,
      user: sender,
      labels: names.map((name) => repo.labels.find((label) => label.name === name) ?? { name, color: "ededed" }),
      assignee: null,
      assignees: [],
      comments: 0,
      locked: false,
      created_at: now(),
      updated_at: now(),
      closed_at: null,
      author_association: "NONE",
      performed_via_github_app: viaApp,
    };
    repo.items.push(issue);
    await log.deliver(repoKey, "issues", envelope("opened", { issue }));
    return json(issue, { status: 201, headers });
  }

  const issueMatch = rest.match(/^\/issues\/(\d+)$/);
  if (request.method === "PATCH" && issueMatch) {
    const issue = repo.items.find((item) => item.number === Number(issueMatch[1]) && !item.pull_request);
    if (!issue) return notFound(headers);
    const changes: Obj = {};
    if (typeof body.title === "string" && body.title !== issue.title) {
      if (body.title.trim() === "") return validationFailed(headers, "title");
      changes.title = { from: issue.title };
      issue.title = body.title;
    }
    if (typeof body.body === "string" && body.body !== issue.body) {
      changes.body = { from: issue.body ?? "" };
      issue.body = body.body;
    }
    let stateAction: string | null = null;
    if ((body.state === "open" || body.state === "closed") && body.state !== issue.state) {
      stateAction = body.state === "closed" ? "closed" : "reopened";
      issue.state = body.state;
      issue.state_reason = body.state === "closed" ? (body.state_reason === "not_planned" ? "not_planned" : "completed") : "reopened";
      issue.closed_at = body.state === "closed" ? now() : null;
    } else if (issue.state === "closed" && (body.state_reason === "completed" || body.state_reason === "not_planned") && body.state_reason !== issue.state_reason) {
      // Closed already, for another reason: GitHub says so with a new "closed".
      issue.state_reason = body.state_reason;
      stateAction = "closed";
    }
    issue.updated_at = now();
    if (Object.keys(changes).length > 0) await log.deliver(repoKey, "issues", envelope("edited", { issue, changes }));
    if (stateAction) await log.deliver(repoKey, "issues", envelope(stateAction, { issue }));
    return json(issue, { headers });
  }

  const commentsMatch = rest.match(/^\/issues\/(\d+)\/comments$/);
  if (request.method === "POST" && commentsMatch) {
    const number = Number(commentsMatch[1]);
    const issue = repo.items.find((item) => item.number === number);
    if (!issue) return notFound(headers);
    if (typeof body.body !== "string" || body.body.trim() === "") return validationFailed(headers, "body");
    const id = context.nextId();
    const comment: Obj = {
      id,
      node_id: `IC_new_${id}`,
      url: `${repoApi}/issues/comments/${id}`,
      html_url: `${issue.html_url}#issuecomment-${id}`,
      issue_url: `${repoApi}/issues/${number}`,
      body: body.body,
      user: sender,
      created_at: now(),
      updated_at: now(),
      author_association: "NONE",
      performed_via_github_app: viaApp,
    };
    repo.comments.push(comment);
    issue.comments = (issue.comments as number) + 1;
    await log.deliver(repoKey, "issue_comment", envelope("created", { issue, comment }));
    return json(comment, { status: 201, headers });
  }

  const commentMatch = rest.match(/^\/issues\/comments\/(\d+)$/);
  if (commentMatch && (request.method === "PATCH" || request.method === "DELETE")) {
    const at = repo.comments.findIndex((comment) => comment.id === Number(commentMatch[1]));
    if (at === -1) return notFound(headers);
    const comment = repo.comments[at];
    const number = Number(String(comment.issue_url).split("/").pop());
    const issue = repo.items.find((item) => item.number === number) ?? {};
    if (request.method === "DELETE") {
      repo.comments.splice(at, 1);
      await log.deliver(repoKey, "issue_comment", envelope("deleted", { issue, comment }));
      return new Response(null, { status: 204, headers });
    }
    if (typeof body.body !== "string" || body.body.trim() === "") return validationFailed(headers, "body");
    if (body.body !== comment.body) {
      const from = comment.body;
      comment.body = body.body;
      comment.updated_at = now();
      await log.deliver(repoKey, "issue_comment", envelope("edited", { issue, comment, changes: { body: { from } } }));
    }
    return json(comment, { headers });
  }

  return notFound(headers);
}
