// The repository sync, GitHub -> tracker: POST /api/webhooks/github checks GitHub's signature over
// the raw body (401 and nothing written otherwise), takes each delivery id once, answers at once
// and leaves the work to the queued `github.event` job, which applies issues and comments to the
// synced project as the integration's bot (the live board hears of it like any write).
import { env } from "cloudflare:workers";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { type Client, signUp } from "../helpers/api";
import { changeSummary, trackedBoards } from "../helpers/board";
import { countRows } from "../helpers/fixtures";
import {
  type GithubDelivery,
  type SyncedRepository,
  appBotLogin,
  appId,
  deliveryApplied,
  fakeDeliveries,
  fakeWrites,
  postDelivery,
  signedDelivery,
  syncFakeRepository,
  waitFor,
} from "../helpers/github-sync";
import { newIssue, patchIssue, rows } from "../helpers/issue-fixtures";
import { addFault, fakeStats } from "../helpers/fake-github";
import { type ProjectFixture, addMember, createProjectFixture } from "../helpers/project";
import { eventEnvelope, githubComment, githubDelivery, githubIssue, githubUser, type IssueFields } from "../fakes/github/webhooks";
import { MAX_DELIVERY_ATTEMPTS, applyGithubDelivery, superviseGithubDeliveries } from "../../workers/integrations/github/apply";
import { trimPayload } from "../../workers/domain/github-payload";

const boards = trackedBoards();
afterEach(() => boards.closeAll());

interface Synced {
  p: ProjectFixture;
  repo: SyncedRepository;
}

let identifiers = 0;
async function syncedProject(options: { issues?: number; viaInstallation?: boolean } = {}): Promise<Synced> {
  const p = await createProjectFixture(undefined, `GS${String.fromCharCode(65 + (identifiers++ % 26))}`);
  const workspace = await env.DB.prepare("SELECT id FROM workspaces WHERE slug = ?").bind(p.slug).first<{ id: string }>();
  const repo = await syncFakeRepository(workspace!.id, p.projectId, options);
  return { p, repo };
}

let issueIds = 0;
/** A GitHub issue of the synced repository (ids and numbers no other test uses). */
function issueOf(s: Synced, fields: Partial<IssueFields> & { title: string }): IssueFields {
  const n = ++issueIds;
  return { id: s.repo.repository.id * 1000 + n, number: n, ...fields };
}

const human = githubUser("octo-human", 42);

/** An `issues` delivery for the synced repository, signed with the Worker's secret. */
function issuesDelivery(s: Synced, action: string, issue: IssueFields, extra: Record<string, unknown> = {}, sender = human) {
  return signedDelivery("issues", { action, issue: githubIssue(s.repo.repository, issue), ...extra, ...eventEnvelope(s.repo.repository, sender, 77) });
}

function commentDelivery(s: Synced, action: string, issue: IssueFields, comment: { id: number; body: string }, sender = human) {
  return signedDelivery("issue_comment", {
    action,
    issue: githubIssue(s.repo.repository, issue),
    comment: githubComment(s.repo.repository, issue.number, comment),
    ...eventEnvelope(s.repo.repository, sender, 77),
  });
}

/** Posts the delivery, expects it queued, and waits for the job; answers the final status. */
async function deliver(delivery: Awaited<ReturnType<typeof signedDelivery>>) {
  const answer = await postDelivery(delivery);
  expect(answer).toEqual({ status: 200, body: { outcome: "queued" } });
  return deliveryApplied(delivery.id);
}

interface LinkedIssue {
  id: string;
  name: string;
  description_html: string;
  state_id: string;
  label_ids: string;
  assignee_ids: string;
  created_by: string;
}

async function linkedIssue(s: Synced, githubIssueId: number): Promise<LinkedIssue | null> {
  return env.DB.prepare(
    `SELECT i.id, i.name, i.description_html, i.state_id, i.label_ids, i.assignee_ids, i.created_by FROM github_issue_syncs g
     JOIN issues i ON i.id = g.issue_id WHERE g.repository_sync_id = ? AND g.github_issue_id = ?`,
  )
    .bind(s.repo.syncId, githubIssueId)
    .first<LinkedIssue>();
}

const stateGroup = async (stateId: string) =>
  (await env.DB.prepare("SELECT `group` FROM states WHERE id = ?").bind(stateId).first<{ group: string }>())?.group;

/** Rows a delivery could write, counted for one project. */
async function projectWrites(projectId: string) {
  return {
    issues: await countRows("issues", "project_id = ?", projectId),
    activities: await countRows("issue_activities", "project_id = ?", projectId),
    comments: await countRows("issue_comments", "project_id = ?", projectId),
    updated: (await env.DB.prepare("SELECT max(updated_at) AS u FROM issues WHERE project_id = ?").bind(projectId).first<{ u: string | null }>())?.u,
  };
}

describe("POST /api/webhooks/github", () => {
  let s: Synced;
  beforeAll(async () => {
    s = await syncedProject();
  });

  it("answers GitHub's ping", async () => {
    const ping = await signedDelivery("ping", { zen: "Keep it logically awesome.", hook_id: 1 });
    expect(await postDelivery(ping)).toEqual({ status: 200, body: { outcome: "pong" } });
  });

  it("refuses a missing, forged or replayed signature with 401 and writes nothing", async () => {
    const before = await projectWrites(s.p.projectId);
    const deliveriesBefore = await countRows("github_webhook_deliveries");
    const issue = issueOf(s, { title: "Forged" });
    const genuine = await issuesDelivery(s, "opened", issue);

    const unsigned = { ...genuine, headers: { ...genuine.headers } };
    delete unsigned.headers["x-hub-signature-256"];
    // Signed with another secret.
    const forged = await githubDelivery("not-the-secret", "issues", JSON.parse(genuine.body), genuine.id);
    // A genuine signature replayed over another body.
    const otherBody = JSON.stringify({ ...JSON.parse(genuine.body), issue: githubIssue(s.repo.repository, { ...issue, title: "Changed" }) });
    const replayed = { ...genuine, body: otherBody };
    const malformed = { ...genuine, headers: { ...genuine.headers, "x-hub-signature-256": "sha1=abc" } };

    for (const attempt of [unsigned, forged, replayed, malformed]) {
      const answer = await postDelivery(attempt);
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({ error: "The webhook signature does not match." });
    }
    expect(await countRows("github_webhook_deliveries")).toBe(deliveriesBefore);
    expect(await projectWrites(s.p.projectId)).toEqual(before);
  });

  it("creates the issue of an opened GitHub issue, and an open board receives it", async () => {
    const board = await boards.connect(s.p.owner, s.p);
    const issue = issueOf(s, { title: "Crash on start", body: "It **crashes** at once.\n\n- step one" });
    expect(await deliver(await issuesDelivery(s, "opened", issue))).toBe("done");

    const created = await linkedIssue(s, issue.id);
    expect(created).toMatchObject({ name: "Crash on start" });
    expect(created!.description_html).toContain("<strong>crashes</strong>");
    expect(created!.created_by).toBe(s.repo.botId);

    const changes = await board.next("changes");
    expect(changeSummary(changes)).toContain(`upsert:issue:${created!.id}`);
    const row = changes.changes.find((change) => change.id === created!.id);
    expect(row && row.op === "upsert" ? row.row.name : null).toBe("Crash on start");

    // The activity says the integration's bot created it.
    const [activity] = await rows<{ actor_id: string; verb: string }>("SELECT actor_id, verb FROM issue_activities WHERE issue_id = ?", created!.id);
    expect(activity).toEqual({ actor_id: s.repo.botId, verb: "created" });
  });

  it("applies a delivery id once, however often it comes", async () => {
    const issue = issueOf(s, { title: "Sent twice" });
    const delivery = await issuesDelivery(s, "opened", issue);
    expect(await deliver(delivery)).toBe("done");
    // GitHub's redelivery (same id, same bytes) and a replay of it: answered, not applied again.
    expect(await postDelivery(delivery)).toEqual({ status: 200, body: { outcome: "duplicate" } });
    expect(await postDelivery(delivery)).toEqual({ status: 200, body: { outcome: "duplicate" } });
    // The id header is not signed: the captured delivery replayed under a new id is the same body.
    const replayed = { ...delivery, headers: { ...delivery.headers, "x-github-delivery": crypto.randomUUID() } };
    expect(await postDelivery(replayed)).toEqual({ status: 200, body: { outcome: "duplicate" } });
    expect(await countRows("issues", "project_id = ? AND name = 'Sent twice'", s.p.projectId)).toBe(1);
    expect(await countRows("github_issue_syncs", "github_issue_id = ?", issue.id)).toBe(1);
  });

  it("completes the issue closed in GitHub, cancels one closed as not planned, and reopens", async () => {
    const issue = issueOf(s, { title: "Close me" });
    await deliver(await issuesDelivery(s, "opened", issue));
    const opened = await linkedIssue(s, issue.id);
    expect(await stateGroup(opened!.state_id)).toBe("backlog");

    await deliver(await issuesDelivery(s, "closed", { ...issue, state: "closed", state_reason: "completed" }));
    expect((await linkedIssue(s, issue.id))!.state_id).toBe(s.p.states.Done);

    await deliver(await issuesDelivery(s, "reopened", { ...issue, state: "open", state_reason: "reopened" }));
    expect((await linkedIssue(s, issue.id))!.state_id).toBe(opened!.state_id);

    await deliver(await issuesDelivery(s, "closed", { ...issue, state: "closed", state_reason: "not_planned" }));
    expect((await linkedIssue(s, issue.id))!.state_id).toBe(s.p.states.Cancelled);

    // The history shows the bot moving it.
    const moves = await rows<{ actor_id: string; new_value: string }>(
      "SELECT actor_id, new_value FROM issue_activities WHERE issue_id = ? AND field = 'state' ORDER BY created_at",
      opened!.id,
    );
    expect(moves.map((move) => move.new_value)).toEqual(["Done", "Backlog", "Cancelled"]);
    expect(new Set(moves.map((move) => move.actor_id))).toEqual(new Set([s.repo.botId]));
  });

  it("renames and rewrites the description edited in GitHub", async () => {
    const issue = issueOf(s, { title: "Old title", body: "old body" });
    await deliver(await issuesDelivery(s, "opened", issue));
    await deliver(await issuesDelivery(s, "edited", { ...issue, title: "New title" }, { changes: { title: { from: "Old title" } } }));
    expect(await linkedIssue(s, issue.id)).toMatchObject({ name: "New title", description_html: "<p>old body</p>" });
    await deliver(await issuesDelivery(s, "edited", { ...issue, title: "New title", body: "new body" }, { changes: { body: { from: "old body" } } }));
    expect(await linkedIssue(s, issue.id)).toMatchObject({ name: "New title", description_html: "<p>new body</p>" });
  });

  it("labels by name (creating the label) and assigns the member whose display name is the login", async () => {
    const member: Client = await addMember(s.p, 15, "Mona");
    await env.DB.prepare("UPDATE users SET display_name = 'monalisa' WHERE id = ?").bind(member.user.id).run();
    const issue = issueOf(s, { title: "Label me" });
    await deliver(await issuesDelivery(s, "opened", issue));

    await deliver(await issuesDelivery(s, "labeled", { ...issue, labels: [{ name: "bug", color: "d73a4a" }] }, { label: { name: "bug", color: "d73a4a" } }));
    const label = await env.DB.prepare("SELECT id, color FROM labels WHERE project_id = ? AND name = 'bug'").bind(s.p.projectId).first<{ id: string; color: string }>();
    expect(label?.color.toLowerCase()).toBe("#d73a4a");
    expect(JSON.parse((await linkedIssue(s, issue.id))!.label_ids)).toEqual([label!.id]);

    await deliver(await issuesDelivery(s, "assigned", { ...issue, assignees: ["MonaLisa"] }, { assignee: githubUser("MonaLisa", 501) }));
    expect(JSON.parse((await linkedIssue(s, issue.id))!.assignee_ids)).toEqual([member.user.id]);
    // Nobody here is "stranger": nothing changes, the delivery is only ignored.
    expect(await deliver(await issuesDelivery(s, "assigned", { ...issue, assignees: ["MonaLisa", "stranger"] }, { assignee: githubUser("stranger", 502) }))).toBe(
      "ignored",
    );

    await deliver(await issuesDelivery(s, "unassigned", issue, { assignee: githubUser("MonaLisa", 501) }));
    await deliver(await issuesDelivery(s, "unlabeled", issue, { label: { name: "bug" } }));
    const after = await linkedIssue(s, issue.id);
    expect(JSON.parse(after!.assignee_ids)).toEqual([]);
    expect(JSON.parse(after!.label_ids)).toEqual([]);
  });

  it("adds, edits and deletes the comments made in GitHub", async () => {
    const issue = issueOf(s, { title: "Discuss" });
    await deliver(await issuesDelivery(s, "opened", issue));
    const tracked = await linkedIssue(s, issue.id);
    const comment = { id: s.repo.repository.id * 1000 + 900 + issueIds, body: "I can **reproduce** this." };

    expect(await deliver(await commentDelivery(s, "created", issue, comment))).toBe("done");
    const read = () => rows<{ comment_html: string; actor_id: string }>("SELECT comment_html, actor_id FROM issue_comments WHERE issue_id = ?", tracked!.id);
    expect(await read()).toEqual([{ comment_html: "<p>I can <strong>reproduce</strong> this.</p>", actor_id: s.repo.botId }]);

    await deliver(await commentDelivery(s, "edited", issue, { ...comment, body: "Fixed by #3." }));
    expect((await read())[0].comment_html).toBe("<p>Fixed by #3.</p>");

    await deliver(await commentDelivery(s, "deleted", issue, { ...comment, body: "Fixed by #3." }));
    expect(await read()).toEqual([]);
  });

  it("creates the issue a comment is about when the project has not seen it yet", async () => {
    const issue = issueOf(s, { title: "Older than the sync", state: "closed", state_reason: "completed" });
    await deliver(await commentDelivery(s, "created", issue, { id: s.repo.repository.id * 1000 + 950, body: "Still broken" }));
    const created = await linkedIssue(s, issue.id);
    expect(created).toMatchObject({ name: "Older than the sync", state_id: s.p.states.Done });
    expect(await countRows("issue_comments", "issue_id = ?", created!.id)).toBe(1);
  });

  it("ignores what the app's own bot did, pull request comments, and repositories nobody syncs", async () => {
    const before = await projectWrites(s.p.projectId);
    const issue = issueOf(s, { title: "Made by us" });
    const bot = githubUser(appBotLogin(), 99_000, "Bot");
    expect((await postDelivery(await issuesDelivery(s, "opened", issue, {}, bot))).body).toEqual({ outcome: "ignored" });
    const viaApp = { ...issueOf(s, { title: "Via the app" }), performed_via_github_app: { id: appId(), slug: "edge-tracker-test" } };
    expect((await postDelivery(await issuesDelivery(s, "opened", viaApp))).body).toEqual({ outcome: "ignored" });

    const pull = await signedDelivery("issue_comment", {
      action: "created",
      issue: { ...githubIssue(s.repo.repository, issueOf(s, { title: "A PR" })), pull_request: { url: "x" } },
      comment: githubComment(s.repo.repository, 1, { id: 1, body: "LGTM" }),
      ...eventEnvelope(s.repo.repository, human),
    });
    expect((await postDelivery(pull)).body).toEqual({ outcome: "ignored" });
    const push = await signedDelivery("push", { ref: "refs/heads/main" });
    expect((await postDelivery(push)).body).toEqual({ outcome: "ignored" });

    const elsewhere = { ...s.repo.repository, id: 1, full_name: "someone/else" };
    const unsynced = await signedDelivery("issues", {
      action: "opened",
      issue: githubIssue(elsewhere, issueOf(s, { title: "Not ours" })),
      ...eventEnvelope(elsewhere, human),
    });
    const deliveriesBefore = await countRows("github_webhook_deliveries");
    expect((await postDelivery(unsynced)).body).toEqual({ outcome: "ignored" });
    expect(await countRows("github_webhook_deliveries")).toBe(deliveriesBefore);
    expect(await projectWrites(s.p.projectId)).toEqual(before);
  });

  it("answers 400 for a signed body that is not an issue event", async () => {
    const bad = await signedDelivery("issues", { action: "opened" });
    expect((await postDelivery(bad)).status).toBe(400);
  });
});

describe("deliveries whose job never ran", () => {
  /** A delivery recorded at the door `agoMs` ago whose queue message was lost. */
  async function recordedOnly(s: Synced, issue: IssueFields, agoMs: number, attempts = 0) {
    const delivery = await issuesDelivery(s, "opened", issue);
    const payload = trimPayload("issues", JSON.parse(delivery.body));
    await env.DB.prepare(
      "INSERT INTO github_webhook_deliveries (delivery_id, event, status, payload, attempts, created_at) VALUES (?, 'issues', 'processing', ?, ?, ?)",
    )
      .bind(delivery.id, JSON.stringify(payload), attempts, new Date(Date.now() - agoMs).toISOString())
      .run();
    return delivery.id;
  }

  it("are queued again by the watchdog and applied", async () => {
    const s = await syncedProject();
    const issue = issueOf(s, { title: "Lost message" });
    const fresh = await recordedOnly(s, issueOf(s, { title: "Just arrived" }), 0);
    const lost = await recordedOnly(s, issue, 5 * 60_000);
    const { requeued } = await superviseGithubDeliveries(env);
    // Only the old one: the fresh one's message may still be on its way.
    expect(requeued).toContain(lost);
    expect(requeued).not.toContain(fresh);
    expect(await deliveryApplied(lost)).toBe("done");
    expect(await linkedIssue(s, issue.id)).toMatchObject({ name: "Lost message" });
  });

  it("are given up after repeated failures, with nothing applied", async () => {
    const s = await syncedProject();
    const issue = issueOf(s, { title: "Poison" });
    const id = await recordedOnly(s, issue, 0, MAX_DELIVERY_ATTEMPTS);
    await applyGithubDelivery(env, id);
    const row = await env.DB.prepare("SELECT status, payload FROM github_webhook_deliveries WHERE delivery_id = ?").bind(id).first();
    expect(row).toEqual({ status: "failed", payload: null });
    expect(await linkedIssue(s, issue.id)).toBeNull();
  });
});

describe("a signed-in session", () => {
  it("is no credential for the webhook: without the signature it is 401", async () => {
    // A session is no credential here: the signature is.
    const user = await signUp({ first_name: "Poster" });
    const s = await syncedProject();
    const delivery = await issuesDelivery(s, "opened", issueOf(s, { title: "By cookie" }));
    const { headers } = delivery;
    const { "x-hub-signature-256": _dropped, ...unsigned } = headers;
    const response = await postDelivery({ headers: { ...unsigned, cookie: user.cookie }, body: delivery.body });
    expect(response.status).toBe(401);
  });
});

describe("the tracker -> GitHub sink", () => {
  /** Waits until the fake GitHub holds `count` writes for the repository; answers them. */
  const writesOf = (s: Synced, count: number) =>
    waitFor(async () => {
      const writes = await fakeWrites(s.repo.fullName);
      return writes.length >= count ? writes : undefined;
    }, `${count} writes to GitHub`);
  const deliveriesOf = (s: Synced, count: number) =>
    waitFor(async () => {
      const deliveries = await fakeDeliveries(s.repo.fullName);
      return deliveries.length >= count ? deliveries : undefined;
    }, `${count} deliveries from GitHub`);
  const githubLinkOf = (issueId: string) =>
    waitFor(
      async () =>
        (await env.DB.prepare("SELECT github_issue_id, github_issue_number FROM github_issue_syncs WHERE issue_id = ?").bind(issueId).first<{
          github_issue_id: number;
          github_issue_number: number;
        }>()) ?? undefined,
      "the issue to be linked to GitHub",
    );

  /** The same delivery as if a person had sent it: re-signed with a new id and a human sender. */
  async function asHuman(delivery: GithubDelivery) {
    const payload = JSON.parse(delivery.body);
    const notViaApp = (object: Record<string, unknown> | undefined) => object && { ...object, performed_via_github_app: null };
    return signedDelivery(delivery.event, { ...payload, issue: notViaApp(payload.issue), comment: notViaApp(payload.comment), sender: human });
  }

  it("creates the GitHub issue of an issue created in the tracker, and renames it without a loop", async () => {
    const s = await syncedProject();
    const issue = await newIssue(s.p, { name: "Written here", description_html: "<p>From the <strong>tracker</strong></p>" });
    const [created] = await writesOf(s, 1);
    expect(created).toEqual({
      method: "POST",
      path: "/issues",
      body: { title: "Written here", body: "<p>From the <strong>tracker</strong></p>" },
    });
    const link = await githubLinkOf(issue.id);

    await patchIssue(s.p, issue.id, { name: "Renamed here" });
    const writes = await writesOf(s, 2);
    expect(writes[1]).toEqual({ method: "PATCH", path: `/issues/${link.github_issue_number}`, body: { title: "Renamed here" } });
    expect(writes).toHaveLength(2);

    // GitHub's webhooks for our own writes: sent by the app's bot, taken and ignored.
    const [opened, edited] = await deliveriesOf(s, 2);
    expect(JSON.parse(edited.body)).toMatchObject({ action: "edited", changes: { title: { from: "Written here" } }, sender: { login: appBotLogin() } });
    const before = await projectWrites(s.p.projectId);
    expect((await postDelivery(opened)).body).toEqual({ outcome: "ignored" });
    expect((await postDelivery(edited)).body).toEqual({ outcome: "ignored" });
    // Even were they not recognised as ours, nothing differs, so nothing is written.
    expect(await deliver(await asHuman(edited))).toBe("ignored");
    expect(await projectWrites(s.p.projectId)).toEqual(before);
    expect(await countRows("issues", "project_id = ?", s.p.projectId)).toBe(1);
    expect(await fakeWrites(s.repo.fullName)).toHaveLength(2);
  });

  it("rewrites the GitHub issue's body when the description is edited in the tracker", async () => {
    const s = await syncedProject();
    const issue = await newIssue(s.p, { name: "Described here" });
    await writesOf(s, 1);
    const link = await githubLinkOf(issue.id);
    await patchIssue(s.p, issue.id, { description_html: "<p>Steps to <em>reproduce</em></p>" });
    const writes = await writesOf(s, 2);
    expect(writes[1]).toEqual({ method: "PATCH", path: `/issues/${link.github_issue_number}`, body: { body: "<p>Steps to <em>reproduce</em></p>" } });
  });

  it("writes through the GitHub App's installation token when the workspace has an installation", async () => {
    const s = await syncedProject({ viaInstallation: true });
    const issue = await newIssue(s.p, { name: "Through the app" });
    const [created] = await writesOf(s, 1);
    expect(created).toMatchObject({ method: "POST", path: "/issues", body: { title: "Through the app" } });
    await githubLinkOf(issue.id);
    // The issue GitHub made is the app bot's, as an installation token writes.
    const [opened] = await deliveriesOf(s, 1);
    expect(JSON.parse(opened.body)).toMatchObject({ action: "opened", sender: { login: appBotLogin() } });
    expect((await postDelivery(opened)).body).toEqual({ outcome: "ignored" });
  });

  it("closes the GitHub issue of a completed or cancelled issue and reopens it when it moves back", async () => {
    const s = await syncedProject();
    const issue = await newIssue(s.p, { name: "Ship it" });
    const link = await githubLinkOf(issue.id);
    const path = `/issues/${link.github_issue_number}`;
    /** After the n-th write: its webhook, even re-sent as a person's, changes nothing here. */
    const echoChangesNothing = async (n: number) => {
      const deliveries = await deliveriesOf(s, n);
      const before = await projectWrites(s.p.projectId);
      expect(await deliver(await asHuman(deliveries[n - 1]))).toBe("ignored");
      expect(await projectWrites(s.p.projectId)).toEqual(before);
    };

    await patchIssue(s.p, issue.id, { state: s.p.states.Done });
    expect((await writesOf(s, 2))[1]).toEqual({ method: "PATCH", path, body: { state: "closed", state_reason: "completed" } });
    await echoChangesNothing(2);
    await patchIssue(s.p, issue.id, { state: s.p.states.Todo });
    expect((await writesOf(s, 3))[2]).toEqual({ method: "PATCH", path, body: { state: "open" } });
    await echoChangesNothing(3);
    // Between open states: nothing GitHub shows, no call.
    await patchIssue(s.p, issue.id, { state: s.p.states["In Progress"] });
    await patchIssue(s.p, issue.id, { state: s.p.states.Cancelled });
    expect((await writesOf(s, 4))[3]).toEqual({ method: "PATCH", path, body: { state: "closed", state_reason: "not_planned" } });
    await echoChangesNothing(4);
    // Only what GitHub shows is sent: the priority stays here.
    await patchIssue(s.p, issue.id, { priority: "high", name: "Ship it now" });
    expect((await writesOf(s, 5))[4]).toEqual({ method: "PATCH", path, body: { title: "Ship it now" } });
    await echoChangesNothing(5);
    expect(await fakeWrites(s.repo.fullName)).toHaveLength(5);
  });

  it("posts a comment made in the tracker to the linked GitHub issue, once", async () => {
    const s = await syncedProject();
    const issue = await newIssue(s.p, { name: "Talk" });
    const link = await githubLinkOf(issue.id);
    const comment = await s.p.owner.post(`${s.p.base}/issues/${issue.id}/comments/`, {
      comment_json: { type: "doc", content: [] },
      comment_html: "<p>Looks <em>good</em></p>",
    });
    expect(comment.status).toBe(201);
    const writes = await writesOf(s, 2);
    expect(writes[1]).toEqual({ method: "POST", path: `/issues/${link.github_issue_number}/comments`, body: { body: "<p>Looks <em>good</em></p>" } });
    const linked = await waitFor(
      async () =>
        (await env.DB.prepare("SELECT github_comment_id FROM github_comment_syncs WHERE comment_id = ?").bind(comment.body.id).first<{ github_comment_id: number }>()) ??
        undefined,
      "the comment to be linked",
    );
    expect(linked).toBeTruthy();

    // The comment's webhook, from the app's bot: ignored; from anyone, the link says it is known.
    const deliveries = await deliveriesOf(s, 2);
    expect((await postDelivery(deliveries[1])).body).toEqual({ outcome: "ignored" });
    expect(await deliver(await asHuman(deliveries[1]))).toBe("ignored");
    expect(await countRows("issue_comments", "issue_id = ?", issue.id)).toBe(1);

    // Edited here: the GitHub comment follows; its webhook changes nothing here.
    const edited = await s.p.owner.patch(`${s.p.base}/comments/${comment.body.id}/`, { comment_html: "<p>Looks <em>great</em></p>" });
    expect(edited.status).toBe(200);
    expect((await writesOf(s, 3))[2]).toEqual({
      method: "PATCH",
      path: `/issues/comments/${linked.github_comment_id}`,
      body: { body: "<p>Looks <em>great</em></p>" },
    });
    const echo = (await deliveriesOf(s, 3))[2];
    expect(JSON.parse(echo.body)).toMatchObject({ action: "edited", sender: { login: appBotLogin() } });
    expect((await postDelivery(echo)).body).toEqual({ outcome: "ignored" });
    expect(await rows("SELECT comment_html FROM issue_comments WHERE id = ?", comment.body.id)).toEqual([{ comment_html: "<p>Looks <em>great</em></p>" }]);
  });

  it("retries while GitHub is down, and drops what GitHub refuses without holding up the rest", async () => {
    const s = await syncedProject();
    // One 503: the queue retries the dispatch and the issue is created once.
    await addFault({ repo: s.repo.fullName, kind: "unavailable", count: 1, path_contains: "/issues" });
    const retried = await newIssue(s.p, { name: "Created after an outage" });
    await githubLinkOf(retried.id);
    expect((await fakeWrites(s.repo.fullName)).map((write) => write.body)).toEqual([{ title: "Created after an outage", body: "" }]);

    // A refusal (bad credentials) is not retried: that issue stays unlinked, the next one goes.
    await addFault({ repo: s.repo.fullName, kind: "bad_credentials", count: 1, path_contains: "/issues" });
    const refused = await newIssue(s.p, { name: "Refused" });
    await waitFor(async () => ((await fakeStats(s.repo.fullName))["fault:bad_credentials"] === 1 ? true : undefined), "GitHub to refuse");
    const next = await newIssue(s.p, { name: "Next one" });
    await githubLinkOf(next.id);
    expect((await fakeWrites(s.repo.fullName)).map((write) => (write.body as { title: string }).title)).toEqual(["Created after an outage", "Next one"]);
    expect(await countRows("github_issue_syncs", "issue_id = ?", refused.id)).toBe(0);
  });

  it("sends nothing back for what came from GitHub", async () => {
    // The repository's issue #1, as the fake GitHub generated it.
    const s = await syncedProject({ issues: 1 });
    const issue: IssueFields = { id: s.repo.repository.id * 100_000 + 1, number: 1, title: "From GitHub" };
    await deliver(await issuesDelivery(s, "opened", issue));
    await deliver(await issuesDelivery(s, "closed", { ...issue, state: "closed", state_reason: "completed" }));
    const tracked = await linkedIssue(s, issue.id);
    // A person's change afterwards is sent; only it reaches GitHub.
    await patchIssue(s.p, tracked!.id, { name: "Renamed by a person" });
    const writes = await writesOf(s, 1);
    expect(writes).toEqual([{ method: "PATCH", path: `/issues/${issue.number}`, body: { title: "Renamed by a person" } }]);
  });
});
