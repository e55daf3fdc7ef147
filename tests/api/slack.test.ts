// Slack against the fake Slack: installing the app (the OAuth code exchanged for a bot token that
// is kept and never answered back), a project's channel switched on and off, the project's news
// reaching the channel through the queue, and what happens when Slack fails or revokes the token.
import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { SlackCardData } from "../../workers/domain/schemas/slack";
import { type AppEnv, getConfig } from "../../workers/env";
import { EVENT_SINK, eventFor } from "../../workers/domain/integration-events";
import { SLACK_POST_ATTEMPTS, type SlackPostJob, postToSlack, runSlackPost } from "../../workers/integrations/slack/sink";
import worker from "../../workers/index";
import type { JobMessage } from "../../workers/jobs";
import { ORIGIN } from "../helpers/api";
import { CONNECTION_STATE_REFUSED } from "../../workers/domain/connections/states";
import { startConnection, startConnectionCall } from "../helpers/connections";
import { addSlackFault, authorizeOnSlack, clearSlackFaults, revokeSlackToken, slackGrant, slackMessages } from "../helpers/fake-slack";
import { expectStatus } from "../helpers/fixtures";
import { loadPageData } from "../helpers/page-action";
import { newIssue, patchIssue, rows, workspaceIdOf } from "../helpers/issue-fixtures";
import { type ProjectFixture, addMember, createProjectFixture } from "../helpers/project";

const TRACKER_CHANNEL = "C0TRACKER";
const RANDOM_CHANNEL = "C0RANDOM";

const syncPath = (p: ProjectFixture, integrationId: string, syncId?: string) =>
  `${p.base}/workspace-integrations/${integrationId}/project-slack-sync/${syncId ? `${syncId}/` : ""}`;

/** The workspace's Slack installation, made through the pop-up's landing call. */
async function installSlack(p: ProjectFixture): Promise<string> {
  const response = await p.owner.post("/api/slack-redirect/", await slackGrant(p.owner, p.slug));
  expectStatus(response, 201);
  return response.body.workspace_integration.id;
}

/** Switches the project's channel on through the pop-up's landing call. */
async function connectChannel(p: ProjectFixture, channel = TRACKER_CHANNEL) {
  const grant = await slackGrant(p.owner, p.slug, p.projectId, channel);
  const response = await p.owner.post("/api/slack-redirect/", grant);
  expectStatus(response, 201);
  return response.body.channel as { id: string; channel_name: string; channel_id: string };
}

const eventSinksOf = async (p: ProjectFixture) => (await rows<{ event_sinks: number }>("SELECT event_sinks FROM projects WHERE id = ?", p.projectId))[0].event_sinks;

/** The channel's messages that mention `needle` (tests share the fake's channels). */
const messagesAbout = async (channel: string, needle: string) => (await slackMessages(channel)).filter((m) => m.text.includes(needle));

afterEach(async () => {
  await clearSlackFaults();
});

describe("installing Slack for a workspace", () => {
  it("exchanges the code, keeps the bot token and never answers it", async () => {
    const p = await createProjectFixture();
    const grant = await slackGrant(p.owner, p.slug);
    expect(grant.state.startsWith(`${p.slug}.`)).toBe(true);
    const installed = await p.owner.post("/api/slack-redirect/", grant);
    expectStatus(installed, 201);
    expect(installed.body).toEqual({
      kind: "workspace",
      workspace_integration: expect.objectContaining({
        integration: "00000000-0000-4000-8000-000000000002",
        integration_detail: { id: "00000000-0000-4000-8000-000000000002", provider: "slack", title: "Slack" },
        metadata: expect.objectContaining({ team_id: "T0FAKE", team_name: "Fake Team", app_url: ORIGIN }),
      }),
    });
    expect(JSON.stringify(installed.body)).not.toContain("xoxb-");
    const [row] = await rows<{ config: string }>("SELECT config FROM workspace_integrations WHERE id = ?", installed.body.workspace_integration.id);
    expect(await getConfig(env).secrets.open(JSON.parse(row.config).access_token)).toMatch(/^xoxb-fake-/);

    // The same state cannot be used twice: refused before Slack is asked.
    const replay = await p.owner.post("/api/slack-redirect/", grant);
    expect(replay.status).toBe(400);
    expect(replay.body).toEqual({ state: [CONNECTION_STATE_REFUSED] });
    // A used code with a fresh state: Slack's reason is a 400, never a crash.
    const { state: fresh } = await slackGrant(p.owner, p.slug);
    const usedCode = await p.owner.post("/api/slack-redirect/", { code: grant.code, state: fresh });
    expect(usedCode.status).toBe(400);
    expect(usedCode.body.error).toBe("Slack did not accept the authorization (invalid_code). Please try again.");

    // Installing again through the workspace path replaces the token on the same installation.
    const again = await p.owner.post(`/api/workspaces/${p.slug}/workspace-integrations/slack/`, await slackGrant(p.owner, p.slug));
    expectStatus(again, 201);
    expect(again.body.id).toBe(installed.body.workspace_integration.id);
    expect(JSON.stringify(again.body)).not.toContain("xoxb-");
    const [replaced] = await rows<{ config: string }>("SELECT config FROM workspace_integrations WHERE id = ?", again.body.id);
    expect(JSON.parse(replaced.config).access_token).not.toBe(JSON.parse(row.config).access_token);
  });

  it("needs a workspace owner, a code and the state of a round trip the caller started", async () => {
    const p = await createProjectFixture();
    const member = await addMember(p, 15, "Slackmember");
    // A member cannot start the install, nor finish the owner's.
    expect((await startConnectionCall(member, p.slug, { kind: "slack_install" })).status).toBe(403);
    const refused = await member.post("/api/slack-redirect/", await slackGrant(p.owner, p.slug));
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ state: [CONNECTION_STATE_REFUSED] });
    expect(await rows("SELECT id FROM workspace_integrations WHERE workspace_id = (SELECT workspace_id FROM projects WHERE id = ?)", p.projectId)).toEqual([]);

    expect((await p.owner.post("/api/slack-redirect/", { state: p.slug })).body).toEqual({ code: ["Slack did not send an authorization code. Please try again."] });
    expect((await p.owner.post("/api/slack-redirect/", { code: "code-nope", state: "" })).status).toBe(400);
    expect((await p.owner.post("/api/slack-redirect/", { code: "code-nope", state: "no-such-workspace.x" })).body).toEqual({ state: [CONNECTION_STATE_REFUSED] });
    expect((await p.owner.post(`/api/workspaces/${p.slug}/workspace-integrations/slack/`, { code: "code-nope" })).status).toBe(400);
  });
});

describe("when Slack or the input is wrong", () => {
  it("answers 400 with the reason, never 500, and installs nothing", async () => {
    const p = await createProjectFixture();
    const installations = () => rows("SELECT id FROM workspace_integrations WHERE workspace_id = (SELECT workspace_id FROM projects WHERE id = ?)", p.projectId);
    for (const body of [{}, { code: 42, state: p.slug }, { code: "x".repeat(501), state: p.slug }, { code: "c", state: "x".repeat(301) }, [], "code"]) {
      const response = await p.owner.post("/api/slack-redirect/", body);
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
    const malformed = await p.owner.post(`/api/workspaces/${p.slug}/workspace-integrations/slack/`, undefined);
    expect(malformed.status).toBe(400);

    await addSlackFault({ method: "oauth.v2.access", error: "internal_error", status: 500 });
    const down = await p.owner.post("/api/slack-redirect/", await slackGrant(p.owner, p.slug));
    expect(down.status).toBe(400);
    expect(down.body.error).toBe("Slack could not be reached. Please try again.");
    await addSlackFault({ method: "oauth.v2.access", error: "ratelimited", status: 429, retryAfter: 30 });
    const busy = await p.owner.post("/api/slack-redirect/", await slackGrant(p.owner, p.slug));
    expect(busy.status).toBe(400);
    expect(busy.body.error).toBe("Slack is busy right now. Please try again in a minute.");
    expect(await installations()).toEqual([]);
  });
});

describe("a project's Slack channel", () => {
  it("is switched on by the authorisation pop-up and off by deleting its record", async () => {
    const p = await createProjectFixture();
    const integrationId = await installSlack(p);
    expect(await eventSinksOf(p)).toBe(0);

    const grant = await slackGrant(p.owner, p.slug, p.projectId, TRACKER_CHANNEL);
    const connected = await p.owner.post("/api/slack-redirect/", grant);
    expectStatus(connected, 201);
    expect(connected.body).toEqual({
      kind: "project",
      channel: expect.objectContaining({ project: p.projectId, channel_id: TRACKER_CHANNEL, channel_name: "tracker-news", team_name: "Fake Team" }),
    });
    expect(await eventSinksOf(p)).toBe(EVENT_SINK.slack);

    const listed = await p.owner.get(syncPath(p, integrationId));
    expectStatus(listed, 200);
    expect(listed.body).toEqual([connected.body.channel]);
    expect(JSON.stringify(listed.body)).not.toContain("xoxb-");
    const [stored] = await rows<{ access_token: string }>("SELECT access_token FROM slack_project_syncs WHERE id = ?", connected.body.channel.id);
    expect(await getConfig(env).secrets.open(stored.access_token)).toMatch(/^xoxb-fake-/);

    // The project's own path connects too; one record per project: connecting again switches the channel.
    const switched = await p.owner.post(syncPath(p, integrationId), await slackGrant(p.owner, p.slug, p.projectId, RANDOM_CHANNEL));
    expectStatus(switched, 201);
    expect(switched.body).toMatchObject({ id: connected.body.channel.id, channel_name: "random" });
    expect((await p.owner.get(syncPath(p, integrationId))).body).toHaveLength(1);

    const off = await p.owner.delete(syncPath(p, integrationId, connected.body.channel.id));
    expect(off.status).toBe(204);
    expect((await p.owner.get(syncPath(p, integrationId))).body).toEqual([]);
    expect(await eventSinksOf(p)).toBe(0);
    expect((await p.owner.delete(syncPath(p, integrationId, connected.body.channel.id))).status).toBe(404);
  });

  it("is changed by project owners only, and needs the workspace's installation", async () => {
    const p = await createProjectFixture();
    const member = await addMember(p, 15, "Channelmember");
    const noInstall = await startConnectionCall(p.owner, p.slug, { kind: "slack_channel", project_id: p.projectId });
    expect(noInstall.status).toBe(404);
    expect(noInstall.body.error).toBe("Slack is not installed in this workspace.");

    const integrationId = await installSlack(p);
    expect((await startConnectionCall(member, p.slug, { kind: "slack_channel", project_id: p.projectId })).status).toBe(403);
    const byMember = await member.post("/api/slack-redirect/", await slackGrant(p.owner, p.slug, p.projectId));
    expect(byMember.status).toBe(400);
    expect((await member.get(syncPath(p, integrationId))).body).toEqual([]);
    expect(await eventSinksOf(p)).toBe(0);

    // A workspace install's state does not connect a channel.
    const wrongKind = await p.owner.post(syncPath(p, integrationId), await slackGrant(p.owner, p.slug));
    expect(wrongKind.body).toEqual({ state: [CONNECTION_STATE_REFUSED] });

    // Slack must say which channel: a grant without the channel scope (the person edited Slack's
    // address) is refused and writes nothing.
    const url = await startConnection(p.owner, p.slug, { kind: "slack_channel", project_id: p.projectId });
    url.searchParams.set("scope", "chat:write");
    const withoutChannel = await p.owner.post(syncPath(p, integrationId), await authorizeOnSlack(url));
    expect(withoutChannel.status).toBe(400);
    expect(withoutChannel.body.error).toBe("Slack did not say which channel to post to. Please choose a channel and try again.");

    const channel = await connectChannel(p);
    expect((await member.delete(syncPath(p, integrationId, channel.id))).status).toBe(403);
    expect((await member.get(syncPath(p, integrationId))).body).toHaveLength(1);
  });
});

describe("the project settings Slack card", () => {
  const cardOf = async (p: ProjectFixture, client = p.owner) =>
    (
      await loadPageData<{ authorized: boolean; slack: SlackCardData }>(
        client,
        `/${p.slug}/projects/${p.projectId}/settings/integrations.data`,
        "routes/$workspaceSlug.projects.$projectId.settings.integrations",
      )
    ).slack;

  it("says whether Slack is installed, where the switch's pop-up goes, and who may switch it", async () => {
    const p = await createProjectFixture();
    const member = await addMember(p, 15, "Cardmember");
    expect(await cardOf(p)).toEqual({ configured: true, workspace_integration_id: null, channels: [], can_edit: true });

    const integrationId = await installSlack(p);
    const card = await cardOf(p);
    expect(card).toMatchObject({ configured: true, workspace_integration_id: integrationId, channels: [], can_edit: true });
    // The switch starts its round trip: Slack's page with the channel scope and a fresh state.
    const url = await startConnection(p.owner, p.slug, { kind: "slack_channel", project_id: p.projectId });
    expect(`${url.origin}${url.pathname}`).toBe(getConfig(env).SLACK_OAUTH_URL);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: getConfig(env).SLACK_CLIENT_ID,
      scope: "chat:write,chat:write.public,channels:read,incoming-webhook",
      redirect_uri: `${ORIGIN}/installations/slack`,
      state: expect.stringMatching(new RegExp(`^${p.slug}\\.[A-Za-z0-9_-]{43}$`)),
    });

    const channel = await connectChannel(p);
    const on = await cardOf(p);
    expect(on.channels).toEqual([expect.objectContaining({ id: channel.id, channel_name: "tracker-news", team_name: "Fake Team" })]);
    expect(JSON.stringify(on)).not.toContain("xoxb-");
    expect(await cardOf(p, member)).toMatchObject({ channels: [expect.objectContaining({ id: channel.id })], can_edit: false });
  });
});

describe("the project's news in its Slack channel", () => {
  it("an issue created, moved and commented on reaches the channel, linked and signed", async () => {
    const p = await createProjectFixture(undefined, "SLK");
    await installSlack(p);
    await connectChannel(p);
    const name = `Checkout fails ${crypto.randomUUID().slice(0, 8)}`;
    const issue = await newIssue(p, { name, state: p.states.Todo });
    const title = `SLK-${issue.sequence_id} ${name}`;
    const link = `<${ORIGIN}/${p.slug}/projects/${p.projectId}/issues/${issue.id}|${title}>`;

    await vi.waitFor(async () => expect(await messagesAbout(TRACKER_CHANNEL, title)).toHaveLength(1), { timeout: 15_000, interval: 100 });
    expect((await messagesAbout(TRACKER_CHANNEL, title))[0].text).toBe(`Owner User created ${link}`);

    // A rename is not news; a move to another state is.
    await patchIssue(p, issue.id, { name: `${name}!` });
    const renamedTitle = `${title}!`;
    await patchIssue(p, issue.id, { state: p.states["In Progress"] });
    const renamedLink = link.replace(`|${title}>`, `|${renamedTitle}>`);
    await vi.waitFor(async () => expect(await messagesAbout(TRACKER_CHANNEL, renamedTitle)).toHaveLength(1), { timeout: 15_000, interval: 100 });
    expect((await messagesAbout(TRACKER_CHANNEL, renamedTitle))[0].text).toBe(`Owner User moved ${renamedLink} from *Todo* to *In Progress*`);

    const comment = await p.owner.post(`${p.base}/issues/${issue.id}/comments/`, {
      comment_json: { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "Fixed on staging & ready" }] }] },
      comment_html: "<p>Fixed on <b>staging</b> &amp; ready</p>",
    });
    expectStatus(comment, 201);
    await vi.waitFor(async () => expect(await messagesAbout(TRACKER_CHANNEL, renamedTitle)).toHaveLength(2), { timeout: 15_000, interval: 100 });
    const [, commented] = await messagesAbout(TRACKER_CHANNEL, renamedTitle);
    expect(commented.text).toBe(`Owner User commented on ${renamedLink}\n>Fixed on staging &amp; ready`);
    expect(commented.blocks).toEqual([
      { type: "section", text: { type: "mrkdwn", text: commented.text } },
      { type: "context", elements: [{ type: "mrkdwn", text: expect.stringMatching(/^Project /) }] },
    ]);
  });

  it("a Slack that fails is retried through the queue until the message gets through", async () => {
    const p = await createProjectFixture(undefined, "RTY");
    await installSlack(p);
    await connectChannel(p, RANDOM_CHANNEL);
    await addSlackFault({ method: "chat.postMessage", channel: RANDOM_CHANNEL, error: "internal_error", status: 500 });
    const name = `Retried ${crypto.randomUUID().slice(0, 8)}`;
    await newIssue(p, { name });
    await vi.waitFor(async () => expect(await messagesAbout(RANDOM_CHANNEL, name)).toHaveLength(1), { timeout: 20_000, interval: 200 });
  });

  it("a rate limit is waited out as Slack asks, an outage is retried later, a revoked token is given up", async () => {
    const p = await createProjectFixture(undefined, "RTL");
    const integrationId = await installSlack(p);
    const channel = await connectChannel(p);
    const text = `Queued post ${crypto.randomUUID()}`;
    const job: SlackPostJob = { type: "slack.post", syncId: channel.id, eventId: crypto.randomUUID(), message: { text } };
    // The queue as the job sees it: what it queues again, and after how long.
    const requeued: { body: JobMessage; delaySeconds?: number }[] = [];
    const recording = {
      ...env,
      JOBS: { send: async (body: JobMessage, options?: { delaySeconds?: number }) => void requeued.push({ body, delaySeconds: options?.delaySeconds }) },
    } as unknown as AppEnv;
    const queue = async (id: string, body: SlackPostJob) => {
      const batch = createMessageBatch<JobMessage>("edge-tracker-jobs", [{ id, timestamp: new Date(), attempts: 1, body }]);
      const ctx = createExecutionContext();
      await worker.queue(batch, recording);
      return getQueueResult(batch, ctx);
    };

    // Slack's 429 and its 200 {ok: false, error: "ratelimited"} both say how long to wait in Retry-After.
    await addSlackFault({ method: "chat.postMessage", channel: TRACKER_CHANNEL, error: "ratelimited", status: 429, retryAfter: 7 });
    const limited = await queue("rate-limited", job);
    expect(limited.explicitAcks).toEqual(["rate-limited"]);
    expect(requeued).toEqual([{ body: { ...job, attempt: 1 }, delaySeconds: 7 }]);
    await addSlackFault({ method: "chat.postMessage", channel: TRACKER_CHANNEL, error: "ratelimited", retryAfter: 42 });
    expect(await runSlackPost(recording, { ...job, attempt: 1 })).toBe("retrying");
    expect(requeued[1]).toEqual({ body: { ...job, attempt: 2 }, delaySeconds: 42 });
    // An outage without a Retry-After waits longer each time.
    await addSlackFault({ method: "chat.postMessage", channel: TRACKER_CHANNEL, error: "internal_error", status: 500 });
    expect(await runSlackPost(recording, { ...job, attempt: 2 })).toBe("retrying");
    expect(requeued[2]).toEqual({ body: { ...job, attempt: 3 }, delaySeconds: 80 });
    expect(await messagesAbout(TRACKER_CHANNEL, text)).toEqual([]);

    const posted = await queue("after-the-wait", { ...job, attempt: 3 });
    expect(posted.explicitAcks).toEqual(["after-the-wait"]);
    expect(await messagesAbout(TRACKER_CHANNEL, text)).toHaveLength(1);
    expect(requeued).toHaveLength(3);

    // Slack down for every try: the last one gives up.
    await addSlackFault({ method: "chat.postMessage", channel: TRACKER_CHANNEL, error: "service_unavailable", status: 503 });
    const lastTry: SlackPostJob = { ...job, eventId: crypto.randomUUID(), attempt: SLACK_POST_ATTEMPTS - 1 };
    expect(await runSlackPost(recording, lastTry)).toBe("refused");
    expect(requeued).toHaveLength(3);

    // Slack revoked the token: trying again cannot help, so the post is dropped (and logged) at once.
    const [stored] = await rows<{ access_token: string }>("SELECT access_token FROM slack_project_syncs WHERE id = ?", channel.id);
    await revokeSlackToken(await getConfig(env).secrets.open(stored.access_token));
    const givenUp = await queue("revoked", { ...job, eventId: crypto.randomUUID() });
    expect(givenUp.explicitAcks).toEqual(["revoked"]);
    expect(givenUp.retryMessages).toEqual([]);
    expect(requeued).toHaveLength(3);
    expect(await messagesAbout(TRACKER_CHANNEL, text)).toHaveLength(1);

    // A channel switched off meanwhile takes nothing.
    expectStatus(await p.owner.delete(syncPath(p, integrationId, channel.id)), 204);
    expect(await runSlackPost(env, { ...job, eventId: crypto.randomUUID() })).toBe("gone");
  });

  it("news dispatched again, or a post delivered twice, reaches the channel once", async () => {
    const p = await createProjectFixture(undefined, "ONC");
    const integrationId = await installSlack(p);
    const channel = await connectChannel(p, RANDOM_CHANNEL);
    const name = `Once ${crypto.randomUUID().slice(0, 8)}`;
    // Made while the channel is off, so only the dispatches below post it.
    expectStatus(await p.owner.delete(syncPath(p, integrationId, channel.id)), 204);
    const issue = await newIssue(p, { name });
    const again = await connectChannel(p, RANDOM_CHANNEL);
    const event = eventFor({ id: p.projectId, workspace_id: await workspaceIdOf(p), event_sinks: EVENT_SINK.slack }, p.owner.user.id, "issue", "created", { id: issue.id });
    if (!event) throw new Error("no event");
    const queued: JobMessage[] = [];
    const recording = { ...env, JOBS: { sendBatch: async (batch: { body: JobMessage }[]) => void queued.push(...batch.map((m) => m.body)) } } as unknown as AppEnv;

    await postToSlack(recording, [event]);
    expect(queued).toEqual([expect.objectContaining({ type: "slack.post", syncId: again.id, eventId: event.id })]);
    const job = queued[0] as SlackPostJob;
    expect(await runSlackPost(env, job)).toBe("posted");
    // The queue delivered the same message again; the batch of events was dispatched again.
    expect(await runSlackPost(env, job)).toBe("already");
    await postToSlack(recording, [event]);
    expect(queued).toHaveLength(1);
    expect(await messagesAbout(RANDOM_CHANNEL, `ONC-${issue.sequence_id} ${name}`)).toHaveLength(1);
  });
});
