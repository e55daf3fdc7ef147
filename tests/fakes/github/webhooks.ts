// Webhook deliveries as GitHub sends them: the JSON body, `X-GitHub-Event`, a fresh
// `X-GitHub-Delivery` GUID and `X-Hub-Signature-256: sha256=<HMAC-SHA256 of the body>` with the
// app's webhook secret. WebCrypto only, so the same builder runs in the fake GitHub (Node), in the
// workerd tests and in the bench.

export interface GithubDelivery {
  event: string;
  id: string;
  /** The headers GitHub sends with it. */
  headers: Record<string, string>;
  /** The body, byte for byte what was signed. */
  body: string;
}

const hex = (bytes: ArrayBuffer) => [...new Uint8Array(bytes)].map((byte) => byte.toString(16).padStart(2, "0")).join("");

const keys = new Map<string, Promise<CryptoKey>>();

/** `sha256=<hex>`: the X-Hub-Signature-256 of `body` with `secret`. */
export async function signGithubBody(secret: string, body: string): Promise<string> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
    keys.set(secret, key);
  }
  return `sha256=${hex(await crypto.subtle.sign("HMAC", await key, new TextEncoder().encode(body)))}`;
}

/** A signed delivery of `event` with `payload` (serialised once: the signature covers these bytes). */
export async function githubDelivery(secret: string, event: string, payload: unknown, id: string = crypto.randomUUID()): Promise<GithubDelivery> {
  const body = JSON.stringify(payload);
  return {
    event,
    id,
    body,
    headers: {
      "content-type": "application/json",
      "user-agent": "GitHub-Hookshot/fake",
      "x-github-event": event,
      "x-github-delivery": id,
      "x-github-hook-id": "1",
      "x-github-hook-installation-target-type": "integration",
      "x-hub-signature-256": await signGithubBody(secret, body),
    },
  };
}

// ---------------------------------------------------------------- payload shapes

type Obj = Record<string, unknown>;

export interface WebhookRepository {
  id: number;
  name: string;
  full_name: string;
  owner: { login: string };
  html_url: string;
}

export function githubUser(login: string, id = 1, type = "User"): Obj {
  return {
    login,
    id,
    node_id: `U_${id}`,
    avatar_url: `https://avatars.githubusercontent.com/u/${id}?v=4`,
    html_url: `https://github.com/${login}`,
    type,
    site_admin: false,
  };
}

export interface IssueFields {
  id: number;
  number: number;
  title: string;
  body?: string | null;
  state?: "open" | "closed";
  state_reason?: "completed" | "not_planned" | "reopened" | null;
  labels?: { name: string; color?: string }[];
  assignees?: string[];
  user?: string;
  performed_via_github_app?: { id: number; slug: string } | null;
}

/** An issue object as webhooks carry it. */
export function githubIssue(repository: WebhookRepository, fields: IssueFields): Obj {
  const api = `https://api.github.com/repos/${repository.full_name}`;
  const assignees = (fields.assignees ?? []).map((login, k) => githubUser(login, 500 + k));
  return {
    id: fields.id,
    node_id: `I_${fields.id}`,
    url: `${api}/issues/${fields.number}`,
    repository_url: api,
    html_url: `${repository.html_url}/issues/${fields.number}`,
    number: fields.number,
    title: fields.title,
    body: fields.body ?? null,
    state: fields.state ?? "open",
    state_reason: fields.state_reason ?? null,
    user: githubUser(fields.user ?? repository.owner.login, 7),
    labels: (fields.labels ?? []).map((label, k) => ({ id: 9000 + k, name: label.name, color: label.color ?? "ededed", default: false, description: null })),
    assignee: assignees[0] ?? null,
    assignees,
    comments: 0,
    locked: false,
    created_at: new Date().toISOString(),
    updated_at: new Date().toISOString(),
    closed_at: fields.state === "closed" ? new Date().toISOString() : null,
    author_association: "OWNER",
    performed_via_github_app: fields.performed_via_github_app ?? null,
  };
}

export interface CommentFields {
  id: number;
  body: string;
  user?: string;
  performed_via_github_app?: { id: number; slug: string } | null;
}

export function githubComment(repository: WebhookRepository, issueNumber: number, fields: CommentFields): Obj {
  return {
    id: fields.id,
    node_id: `IC_${fields.id}`,
    url: `https://api.github.com/repos/${repository.full_name}/issues/comments/${fields.id}`,
    html_url: `${repository.html_url}/issues/${issueNumber}#issuecomment-${fields.id}`,
    issue_url: `https://api.github.com/repos/${repository.full_name}/issues/${issueNumber}`,
    body: fields.body,
    user: githubUser(fields.user ?? repository.owner.login, 7),
    created_at: new Date().toISOString(),
    updated_at: new Date().toISOString(),
    author_association: "OWNER",
    performed_via_github_app: fields.performed_via_github_app ?? null,
  };
}

/** The envelope every repository event carries: repository, sender and (for an App) installation. */
export function eventEnvelope(repository: WebhookRepository, sender: Obj, installationId?: number): Obj {
  return {
    repository: { ...repository, node_id: `R_${repository.id}`, private: true, owner: githubUser(repository.owner.login, 3, "Organization") },
    sender,
    ...(installationId === undefined ? {} : { installation: { id: installationId, node_id: `IN_${installationId}` } }),
  };
}
