// The world the access matrix runs in: one workspace holding one of everything, a user at every
// place a person can stand relative to it, and a second workspace whose owner names this one's ids.
// Everything is made through the API, as people and integrations make it. Every name carries a
// marker (WORKSPACE_MARKER for the workspace and project, MARKER inside the project), so an answer
// that leaks any of it is found by a text search.
import { env } from "cloudflare:workers";
import { expect, vi } from "vitest";
import { type Client, ORIGIN, signUp } from "../helpers/api";
import { githubInstallBody, installOnGithub, startConnection } from "../helpers/connections";
import { slackGrant } from "../helpers/fake-slack";
import { addToProject, addToWorkspace, callWorker, createProject, createWorkspace } from "../helpers/fixtures";
import { gradientPng } from "../helpers/png";

/** In every name inside the project: only its members may see it. */
export const MARKER = "zq7marker";
/** In the workspace's and the project's names: every workspace member may see those. */
export const WORKSPACE_MARKER = "zq7workspace";
export const PASSWORD = "correct horse battery";

/** Where a caller stands relative to the workspace, from nowhere to its owner. */
export const ROLES = ["anonymous", "stranger", "foreigner", "outsider", "guest", "viewer", "member", "owner"] as const;
export type Role = (typeof ROLES)[number];

/** Workspace and project role numbers of each role that has them. */
export const STANDING: Record<Role, { workspace: number; project: number }> = {
  anonymous: { workspace: 0, project: 0 },
  stranger: { workspace: 0, project: 0 },
  // The owner of another workspace: no standing here (their own slug and project in the path).
  foreigner: { workspace: 0, project: 0 },
  outsider: { workspace: 15, project: 0 },
  guest: { workspace: 5, project: 5 },
  viewer: { workspace: 10, project: 10 },
  member: { workspace: 15, project: 15 },
  owner: { workspace: 20, project: 20 },
};

/** Path parameter values: the route tables name them as the routers do. */
export type Ids = Record<string, string>;

export interface World {
  users: Record<Exclude<Role, "anonymous">, Client>;
  ids: Ids;
  /** The foreigner's own workspace slug and project id, put in the path in place of ours. */
  foreign: { slug: string; projectId: string; issueId: string };
  base: string;
}

export async function json(client: Client, method: string, path: string, body?: unknown) {
  const answer = await callWorker(method, path, { cookie: client.cookie, body, headers: { origin: ORIGIN } });
  expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
  return answer.body;
}

/** A comment's body as the editor sends it. */
export const comment = (text: string) => ({
  comment_json: { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text }] }] },
  comment_html: `<p>${text}</p>`,
});

export async function upload(client: Client, path: string, name = "diagram.png", attributes?: Record<string, unknown>) {
  const form = new FormData();
  form.append("asset", new Blob([new Uint8Array(gradientPng("#204080", "#80c0ff"))], { type: "image/png" }), name);
  if (attributes) form.append("attributes", JSON.stringify(attributes));
  const answer = await callWorker("POST", path, { cookie: client.cookie, form, headers: { origin: ORIGIN } });
  expect(answer.status, `upload ${path}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
  return answer.body;
}

/** Signs `user` in again: a session of its own, for calls that end the session they are made with. */
export async function freshSession(user: Client): Promise<string> {
  const answer = await callWorker("POST", "/api/auth/sign-in/", { body: { email: user.user.email, password: PASSWORD }, headers: { origin: ORIGIN } });
  expect(answer.status).toBe(200);
  const match = (answer.headers.get("set-cookie") ?? "").match(/(?:^|,\s*)session=([^;]*)/);
  return `session=${match?.[1]}`;
}

export async function buildWorld(): Promise<World> {
  const [owner, member, viewer, guest, outsider, stranger, foreigner] = await Promise.all(
    ["Owner", "Member", "Viewer", "Guest", "Outsider", "Stranger", "Foreigner"].map((first_name) => signUp({ first_name, password: PASSWORD })),
  );
  const { slug } = await createWorkspace(owner, { name: `Acme ${WORKSPACE_MARKER}` });
  const projectId = (await createProject(owner, slug, { name: `Rocket ${WORKSPACE_MARKER}`, network: 2 })).id;
  const memberships: Ids = {};
  for (const [user, role] of [
    [member, 15],
    [viewer, 10],
    [guest, 5],
    [outsider, 15],
  ] as const) {
    memberships[user.user.first_name] = await addToWorkspace(owner, slug, user, role);
  }
  const projectMembers = await addToProject(owner, slug, projectId, [
    { user: member, role: 15 },
    { user: viewer, role: 10 },
    { user: guest, role: 5 },
  ]);
  const ws = `/api/workspaces/${slug}`;
  const base = `${ws}/projects/${projectId}`;
  const ids: Ids = { slug, projectId };

  const states = (await json(owner, "GET", `${base}/states/`)) as { id: string; name: string }[];
  ids.stateId = states.find((state) => state.name === "Todo")?.id ?? states[0].id;
  ids.labelId = (await json(owner, "POST", `${base}/issue-labels/`, { name: `Bug ${MARKER}`, color: "#ff0000" })).id;
  const estimate = await json(owner, "POST", `${base}/estimates/`, {
    estimate: { name: `Points ${MARKER}` },
    estimate_points: [1, 2, 3, 5, 8, 13].map((value, key) => ({ key, value: String(value) })),
  });
  ids.estimateId = estimate.id;
  const issue = await json(owner, "POST", `${base}/issues/`, { name: `Launch ${MARKER}`, labels_list: [ids.labelId] });
  ids.issueId = issue.id;
  ids.issueKey = `${issue.project_detail.identifier}-${issue.sequence_id}`;
  ids.childIssueId = (await json(owner, "POST", `${base}/issues/`, { name: `Fuel ${MARKER}` })).id;
  ids.propertiesId = (await json(owner, "POST", `${base}/issue-properties/`, { properties: { key: true } })).id;
  ids.cycleId = (await json(owner, "POST", `${base}/cycles/`, { name: `Sprint ${MARKER}` })).id;
  ids.cycleBridgeId = (await json(owner, "POST", `${base}/cycles/${ids.cycleId}/cycle-issues/`, { issues: [ids.issueId] }))[0].bridge_id;
  ids.moduleId = (await json(owner, "POST", `${base}/modules/`, { name: `Engine ${MARKER}` })).id;
  ids.moduleBridgeId = (await json(owner, "POST", `${base}/modules/${ids.moduleId}/module-issues/`, { issues: [ids.issueId] }))[0].bridge_id;
  ids.moduleLinkId = (await json(owner, "POST", `${base}/modules/${ids.moduleId}/module-links/`, { title: `Spec ${MARKER}`, url: "https://example.com/spec" })).id;
  ids.issueLinkId = (await json(owner, "POST", `${base}/issues/${ids.issueId}/issue-links/`, { title: `Doc ${MARKER}`, url: "https://example.com/doc" })).id;
  ids.attachmentId = (await upload(owner, `${base}/issues/${ids.issueId}/issue-attachments/`, `plan-${MARKER}.png`)).id;
  ids.commentId = (await json(owner, "POST", `${base}/issues/${ids.issueId}/comments/`, comment(`Go ${MARKER}`))).id;
  ids.viewId = (await json(owner, "POST", `${base}/views/`, { name: `Urgent ${MARKER}` })).id;
  ids.pageId = (await json(owner, "POST", `${base}/pages/`, { name: `Notes ${MARKER}` })).id;
  ids.blockId = (await json(owner, "POST", `${base}/pages/${ids.pageId}/page-blocks/`, { name: `Block ${MARKER}` })).id;
  // Switched off: a delivery job running beside the matrix would change rows while it checks them.
  ids.webhookId = (await json(owner, "POST", `${ws}/webhooks/`, { url: await webhookReceiver(), events: ["issue"] })).id;
  await json(owner, "PATCH", `${ws}/webhooks/${ids.webhookId}/`, { is_active: false });
  ids.wsAssetId = (await upload(owner, `${ws}/file-assets/`, `logo-${MARKER}.png`)).id;
  ids.userAssetId = (await upload(owner, "/api/users/file-assets/", `me-${MARKER}.png`)).id;
  ids.tokenId = (await json(owner, "POST", "/api/users/api-tokens/", { label: `Script ${MARKER}` })).id;
  const pending = (await json(owner, "POST", `${ws}/invite/`, { emails: [{ email: `pending-${MARKER}@example.com`, role: 10 }] })).invitations[0];
  ids.invitationId = pending.id;
  // The link's secret of an invitation to an address none of the world's users has.
  ids.invitationToken = pending.token;
  ids.exportId = (await json(owner, "POST", `${base}/exports/`, { format: "csv" })).id;
  await exportFinished(owner, ws, ids.exportId);

  // The workspace's GitHub App installation and Slack installation, through their real flows.
  const grant = await installOnGithub(await startConnection(owner, slug, { kind: "github_install" }), `acct-${Date.now().toString(36)}`);
  ids.githubIntegrationId = (await json(owner, "POST", `${ws}/workspace-integrations/github/`, githubInstallBody(grant))).id;
  const slack = await json(owner, "POST", "/api/slack-redirect/", await slackGrant(owner, slug));
  ids.slackIntegrationId = slack.workspace_integration.id;
  const channel = await json(owner, "POST", "/api/slack-redirect/", await slackGrant(owner, slug, projectId, "C0TRACKER"));
  ids.slackSyncId = channel.channel.id;

  // A delivery of the webhook, and an importer row, as the jobs leave them.
  const now = new Date().toISOString();
  const workspace = await env.DB.prepare("SELECT id FROM workspaces WHERE slug = ?").bind(slug).first<{ id: string }>();
  ids.deliveryId = crypto.randomUUID();
  ids.importerId = crypto.randomUUID();
  ids.service = "github";
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO webhook_deliveries (id, webhook_id, workspace_id, event, action, payload, status, attempts, created_at) VALUES (?, ?, ?, 'issue', 'created', '{}', 'failed', 1, ?)",
    ).bind(ids.deliveryId, ids.webhookId, workspace?.id, now),
    env.DB.prepare(
      "INSERT INTO importers (id, workspace_id, project_id, service, status, metadata, config, data, error, initiated_by, created_at, updated_at) VALUES (?, ?, ?, 'github', 'failed', '{}', '{}', '{}', 'The source kept failing.', ?, ?, ?)",
    ).bind(ids.importerId, workspace?.id, projectId, owner.user.id, now, now),
  ]);

  ids.memberId = memberships.Viewer;
  ids.projectMemberId = projectMembers.find((row) => row.member.id === viewer.user.id)?.id ?? "";

  const foreignSlug = (await createWorkspace(foreigner, { name: "Elsewhere" })).slug;
  const foreignProject = (await createProject(foreigner, foreignSlug, { name: "Theirs" })).id;
  const foreignIssue = (await json(foreigner, "POST", `/api/workspaces/${foreignSlug}/projects/${foreignProject}/issues/`, { name: "Their issue" })).id;

  return {
    users: { stranger, foreigner, outsider, guest, viewer, member, owner },
    ids,
    foreign: { slug: foreignSlug, projectId: foreignProject, issueId: foreignIssue },
    base,
  };
}

/** Waits until the export job has written the file (the queue runs it beside the test). */
async function exportFinished(owner: Client, ws: string, exportId: string) {
  await vi.waitFor(
    async () => {
      const rows = (await json(owner, "GET", `${ws}/exports/`)) as { id: string; status: string }[];
      expect(rows.find((row) => row.id === exportId)?.status).toBe("completed");
    },
    { timeout: 20_000, interval: 50 },
  );
}

/**
 * An endpoint of the fake webhook receiver: deliveries to it succeed at once, so the jobs that send
 * them finish while the matrix runs instead of retrying for minutes.
 */
export async function webhookReceiver(): Promise<string> {
  const response = await fetch(`${env.FAKE_WEBHOOK_RECEIVER_URL}/_fake/endpoints`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: "{}",
  });
  expect(response.status).toBeLessThan(300);
  return ((await response.json()) as { url: string }).url;
}
