// The `github.event` job: applies a recorded GitHub delivery (`issues`, `issue_comment`) to every
// project synced to its repository, through the domain operations and acting as the integration's
// bot user, so activity rows, the live board and the integration events happen as for any write.
//
// Each action brings the tracker to what GitHub says, so applying a delivery twice (a redelivered
// message, the watchdog) writes nothing the second time, and a webhook caused by our own write to
// GitHub (nothing differs) changes nothing:
//   opened                 the issue is created and linked (github_issue_syncs)
//   edited                 the fields GitHub says changed (title -> name, body -> description)
//   closed                 the project's first completed state; closed as not planned: cancelled
//   reopened               the project's default state, when the issue was completed or cancelled
//   labeled / unlabeled    the project label of that name (created when the project has none)
//   assigned / unassigned  the project member the GitHub login matches (rule below); unmatched: nothing
//   issue_comment created / edited / deleted   the linked comment (github_comment_syncs)
// An event about an issue the project has not linked yet (opened before the sync) creates it
// from the issue as the payload shows it.
//
// Matching people: a GitHub login is the project member (not a bot) whose display name is that
// login, ignoring case; failing that, the member whose email's local part is the login.
import { and, asc, eq, isNull, lt, or, sql } from "drizzle-orm";
import {
  type User,
  githubCommentSyncs,
  githubIssueSyncs,
  githubRepositorySyncs,
  githubWebhookDeliveries,
  labels,
  nowIso,
  projectMembers,
  states,
  users,
  workspaceIntegrations,
  workspaces,
} from "../../../drizzle/schema";
import { type Db, openDb } from "../../db";
import type { ActorContext } from "../../domain/context";
import { DomainError } from "../../domain/errors";
import { createIssueComment, deleteIssueComment, updateIssueComment } from "../../domain/issue-comments";
import { createIssue, deleteIssue, loadIssue, updateIssue } from "../../domain/issues";
import { createLabel } from "../../domain/labels";
import { realPorts } from "../../adapters";
import { PostCommit } from "../../domain/post-commit";
import type { IssueWrite } from "../../domain/schemas/issues";
import { type AppEnv, getConfig } from "../../env";
import { markdownToHtml } from "../../lib/markdown";
import type { GithubEventPayload, GithubIssuePayload, GithubLabelRef, GithubUserRef } from "../../domain/github-payload";

/** How long one run may hold a delivery before another may take it. */
const LEASE_MS = 60_000;
/** Runs after which a delivery is given up (logged, status failed). */
export const MAX_DELIVERY_ATTEMPTS = 8;
/** The watchdog re-queues a delivery still unapplied this long after it arrived. */
const REQUEUE_AFTER_MS = 2 * 60_000;
/** Applied deliveries are kept this long, so GitHub's redeliveries are still recognised. */
const KEEP_DELIVERIES_MS = 30 * 24 * 3_600_000;

const ISSUE_TITLE_MAX = 255;
const EMPTY_DOC = { type: "doc", content: [] };

const iso = (ms: number) => new Date(ms).toISOString();

/** A project synced to the delivery's repository, and the bot that writes to it. */
interface SyncTarget {
  syncId: string;
  projectId: string;
  slug: string;
  /** The label every synced issue carries, when the sync has one. */
  labelId: string | null;
  bot: User;
}

interface ProjectRefs {
  states: { id: string; group: string; default: boolean }[];
  labels: { id: string; name: string }[];
  members: { id: string; display_name: string; email: string; is_bot: boolean }[];
}

async function readRefs(db: Db, projectId: string): Promise<ProjectRefs> {
  const [stateRows, labelRows, memberRows] = await db.batch([
    db.select({ id: states.id, group: states.group, default: states.default }).from(states).where(eq(states.project_id, projectId)).orderBy(asc(states.sequence)),
    db.select({ id: labels.id, name: labels.name }).from(labels).where(eq(labels.project_id, projectId)),
    db
      .select({ id: users.id, display_name: users.display_name, email: users.email, is_bot: users.is_bot })
      .from(projectMembers)
      .innerJoin(users, eq(users.id, projectMembers.member_id))
      .where(eq(projectMembers.project_id, projectId)),
  ]);
  return { states: stateRows, labels: labelRows, members: memberRows };
}

/** The state GitHub's open/closed (and why closed) means in this project; null when it has none. */
function stateFor(refs: ProjectRefs, issue: Pick<GithubIssuePayload, "state" | "state_reason">): string | null {
  if (issue.state === "closed") {
    const group = issue.state_reason === "not_planned" ? "cancelled" : "completed";
    return refs.states.find((state) => state.group === group)?.id ?? null;
  }
  return (refs.states.find((state) => state.default) ?? refs.states.find((state) => state.group === "backlog" || state.group === "unstarted"))?.id ?? null;
}

const groupOf = (refs: ProjectRefs, stateId: string | null) => refs.states.find((state) => state.id === stateId)?.group ?? null;

function memberFor(refs: ProjectRefs, user: GithubUserRef | null | undefined): string | null {
  if (!user) return null;
  const login = user.login.toLowerCase();
  const people = refs.members.filter((member) => !member.is_bot);
  const byName = people.find((member) => member.display_name.toLowerCase() === login);
  const byEmail = people.find((member) => member.email.toLowerCase().split("@")[0] === login);
  return (byName ?? byEmail)?.id ?? null;
}

/** The project's labels named like GitHub's, created when missing (GitHub's colour). */
async function labelIdsFor(ctx: ActorContext, target: SyncTarget, refs: ProjectRefs, wanted: GithubLabelRef[]): Promise<string[]> {
  const ids: string[] = [];
  for (const label of wanted) {
    const name = label.name.trim();
    if (name === "") continue;
    let found = refs.labels.find((known) => known.name.toLowerCase() === name.toLowerCase());
    if (!found) {
      const color = label.color && /^[0-9a-f]{6}$/i.test(label.color) ? `#${label.color}` : undefined;
      try {
        const created = await createLabel(ctx, target.slug, target.projectId, { name, ...(color ? { color } : {}) });
        found = { id: created.id, name: created.name };
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        // Created by someone else meanwhile (or refused): use it if it is there now.
        const fresh = await readRefs(ctx.db, target.projectId);
        refs.labels = fresh.labels;
        found = refs.labels.find((known) => known.name.toLowerCase() === name.toLowerCase());
        if (!found) continue;
      }
      refs.labels.push(found);
    }
    ids.push(found.id);
  }
  return ids;
}

const unique = (ids: string[]) => [...new Set(ids)];
const titleOf = (title: string) => (title.trim() === "" ? "Untitled" : title.trim().slice(0, ISSUE_TITLE_MAX));
const descriptionOf = async (body: string | null) => (await markdownToHtml(body)) || "<p></p>";

async function issueLinkOf(db: Db, syncId: string, githubIssueId: number) {
  const [link] = await db
    .select({ issue_id: githubIssueSyncs.issue_id })
    .from(githubIssueSyncs)
    .where(and(eq(githubIssueSyncs.repository_sync_id, syncId), eq(githubIssueSyncs.github_issue_id, githubIssueId)))
    .limit(1);
  return link?.issue_id ?? null;
}

/** Creates the tracker issue for a GitHub issue as it is now, and links the two. Answers its id. */
async function createFromGithub(ctx: ActorContext, target: SyncTarget, refs: ProjectRefs, issue: GithubIssuePayload): Promise<string> {
  const labelIds = await labelIdsFor(ctx, target, refs, issue.labels);
  if (target.labelId) labelIds.push(target.labelId);
  const assignees = issue.assignees.map((user) => memberFor(refs, user)).filter((id): id is string => id !== null);
  const state = stateFor(refs, issue);
  const created = await createIssue(ctx, target.slug, target.projectId, {
    name: titleOf(issue.title),
    description_html: await descriptionOf(issue.body),
    ...(state ? { state } : {}),
    labels_list: unique(labelIds),
    assignees_list: unique(assignees),
  });
  const linked = await ctx.db
    .insert(githubIssueSyncs)
    .values({
      repository_sync_id: target.syncId,
      project_id: target.projectId,
      issue_id: created.id,
      github_issue_id: issue.id,
      github_issue_number: issue.number,
      issue_url: issue.html_url,
    })
    .onConflictDoNothing()
    .returning({ id: githubIssueSyncs.id });
  if (linked.length > 0) return created.id;
  // Another delivery about the same new issue linked its own copy first: this one goes.
  await deleteIssue(ctx, target.slug, target.projectId, created.id);
  const winner = await issueLinkOf(ctx.db, target.syncId, issue.id);
  if (!winner) throw new Error("github issue link vanished");
  return winner;
}

/** The patch an `issues` action asks of the linked tracker issue (empty: nothing differs). */
async function issuePatch(ctx: ActorContext, target: SyncTarget, refs: ProjectRefs, payload: GithubEventPayload, issueId: string): Promise<IssueWrite> {
  const current = await loadIssue(ctx, target.projectId, issueId);
  const { issue } = payload;
  const patch: IssueWrite = {};
  switch (payload.action) {
    case "edited": {
      // Only what GitHub says changed: our own write's echo changes nothing.
      const all = !payload.changes || (!payload.changes.title && !payload.changes.body);
      if (all || payload.changes?.title) {
        const name = titleOf(issue.title);
        if (name !== current.name) patch.name = name;
      }
      if (all || payload.changes?.body) {
        const html = await descriptionOf(issue.body);
        if (html !== current.description_html) patch.description_html = html;
      }
      break;
    }
    case "closed":
    case "reopened": {
      const now = groupOf(refs, current.state_id);
      const closedNow = now === "completed" || now === "cancelled";
      const wanted = stateFor(refs, payload.action === "closed" ? { state: "closed", state_reason: issue.state_reason } : { state: "open" });
      if (!wanted) break;
      if (payload.action === "closed" ? groupOf(refs, wanted) !== now : closedNow) patch.state = wanted;
      break;
    }
    case "labeled":
    case "unlabeled": {
      if (!payload.label) break;
      const [labelId] = payload.action === "labeled" ? await labelIdsFor(ctx, target, refs, [payload.label]) : [refs.labels.find((label) => label.name.toLowerCase() === payload.label?.name.toLowerCase())?.id];
      if (!labelId) break;
      const has = current.label_ids.includes(labelId);
      if (payload.action === "labeled" && !has) patch.labels_list = [...current.label_ids, labelId];
      if (payload.action === "unlabeled" && has) patch.labels_list = current.label_ids.filter((id) => id !== labelId);
      break;
    }
    case "assigned":
    case "unassigned": {
      const memberId = memberFor(refs, payload.assignee);
      if (!memberId) break;
      const has = current.assignee_ids.includes(memberId);
      if (payload.action === "assigned" && !has) patch.assignees_list = [...current.assignee_ids, memberId];
      if (payload.action === "unassigned" && has) patch.assignees_list = current.assignee_ids.filter((id) => id !== memberId);
      break;
    }
  }
  return patch;
}

/** Applies an `issues` delivery to one project; answers whether it wrote anything. */
async function applyIssueEvent(ctx: ActorContext, target: SyncTarget, refs: ProjectRefs, payload: GithubEventPayload): Promise<boolean> {
  const issueId = await issueLinkOf(ctx.db, target.syncId, payload.issue.id);
  if (!issueId) {
    await createFromGithub(ctx, target, refs, payload.issue);
    return true;
  }
  if (payload.action === "opened") return false;
  const patch = await issuePatch(ctx, target, refs, payload, issueId);
  if (Object.keys(patch).length === 0) return false;
  await updateIssue(ctx, target.slug, target.projectId, issueId, patch);
  return true;
}

/** Applies an `issue_comment` delivery to one project; answers whether it wrote anything. */
async function applyCommentEvent(ctx: ActorContext, target: SyncTarget, refs: ProjectRefs, payload: GithubEventPayload): Promise<boolean> {
  const comment = payload.comment;
  if (!comment) return false;
  const [linked] = await ctx.db
    .select({ comment_id: githubCommentSyncs.comment_id })
    .from(githubCommentSyncs)
    .where(and(eq(githubCommentSyncs.repository_sync_id, target.syncId), eq(githubCommentSyncs.github_comment_id, comment.id)))
    .limit(1);
  if (payload.action === "edited" && linked) {
    await updateIssueComment(ctx, target.slug, target.projectId, linked.comment_id, { comment_html: await markdownToHtml(comment.body) });
    return true;
  }
  if (payload.action === "deleted" && linked) {
    await deleteIssueComment(ctx, target.slug, target.projectId, linked.comment_id);
    return true;
  }
  if (payload.action !== "created" || linked) return false;
  const issueId = (await issueLinkOf(ctx.db, target.syncId, payload.issue.id)) ?? (await createFromGithub(ctx, target, refs, payload.issue));
  const created = await createIssueComment(ctx, target.slug, target.projectId, issueId, {
    comment_json: EMPTY_DOC,
    comment_html: await markdownToHtml(comment.body),
  });
  const link = await ctx.db
    .insert(githubCommentSyncs)
    .values({ repository_sync_id: target.syncId, comment_id: created.id, github_comment_id: comment.id })
    .onConflictDoNothing()
    .returning({ id: githubCommentSyncs.id });
  // A concurrent run of the same comment linked its copy first: this one goes.
  if (link.length === 0) await deleteIssueComment(ctx, target.slug, target.projectId, created.id);
  return true;
}

async function targetsOf(db: Db, repositoryId: number): Promise<SyncTarget[]> {
  const rows = await db
    .select({ sync: githubRepositorySyncs, slug: workspaces.slug, bot: users })
    .from(githubRepositorySyncs)
    .innerJoin(workspaceIntegrations, eq(workspaceIntegrations.id, githubRepositorySyncs.workspace_integration_id))
    .innerJoin(workspaces, eq(workspaces.id, githubRepositorySyncs.workspace_id))
    .leftJoin(users, eq(users.id, sql`coalesce(${githubRepositorySyncs.actor_id}, ${workspaceIntegrations.actor_id})`))
    .where(eq(githubRepositorySyncs.repository_id, repositoryId));
  return rows.flatMap(({ sync, slug, bot }) => {
    if (!bot) {
      console.warn("github sync without a bot user; delivery skipped", sync.id);
      return [];
    }
    return [{ syncId: sync.id, projectId: sync.project_id, slug, labelId: sync.label_id, bot }];
  });
}

/** Applies one delivery to one project; a refusal (the bot left the project, ...) skips it. */
async function applyToProject(env: AppEnv, db: Db, target: SyncTarget, event: string, payload: GithubEventPayload): Promise<boolean> {
  const config = getConfig(env);
  const ctx: ActorContext = { db, env, config, effects: new PostCommit(), ports: realPorts(env, config), actor: target.bot };
  try {
    const refs = await readRefs(db, target.projectId);
    return event === "issues" ? await applyIssueEvent(ctx, target, refs, payload) : await applyCommentEvent(ctx, target, refs, payload);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    console.warn("github delivery refused for a project", target.projectId, error.kind, error.message);
    return false;
  } finally {
    // What committed reaches the board and the other integrations, even when a later step failed.
    await ctx.effects.flush(ctx.ports.jobs);
  }
}

export async function applyGithubDelivery(env: AppEnv, deliveryId: string, now = Date.now()): Promise<void> {
  const { db } = openDb(env.DB, null);
  const where = eq(githubWebhookDeliveries.delivery_id, deliveryId);
  const [claimed] = await db
    .update(githubWebhookDeliveries)
    .set({ attempts: sql`${githubWebhookDeliveries.attempts} + 1`, lease_until: iso(now + LEASE_MS) })
    .where(
      and(
        where,
        eq(githubWebhookDeliveries.status, "processing"),
        or(isNull(githubWebhookDeliveries.lease_until), lt(githubWebhookDeliveries.lease_until, iso(now))),
      ),
    )
    .returning();
  // Applied already, or another run holds it.
  if (!claimed) return;
  const finish = (status: "done" | "ignored" | "failed") =>
    db.update(githubWebhookDeliveries).set({ status, payload: null, lease_until: null, processed_at: nowIso() }).where(where);
  const payload = claimed.payload as unknown as GithubEventPayload | null;
  if (!payload || claimed.attempts > MAX_DELIVERY_ATTEMPTS) {
    console.error("github delivery given up", deliveryId, claimed.attempts);
    await finish("failed");
    return;
  }
  try {
    let applied = false;
    for (const target of await targetsOf(db, payload.repository.id)) {
      if (await applyToProject(env, db, target, claimed.event, payload)) applied = true;
    }
    await finish(applied ? "done" : "ignored");
  } catch (error) {
    // Free for the queue's retry at once; the error is rethrown so it retries.
    await db.update(githubWebhookDeliveries).set({ lease_until: null }).where(where);
    throw error;
  }
}

/**
 * The watchdog: a delivery whose queue message was lost (or gave up) is queued again, and
 * applied deliveries older than the keeping time are forgotten.
 */
export async function superviseGithubDeliveries(env: AppEnv, now = Date.now()) {
  const { db } = openDb(env.DB, null);
  const stuck = await db
    .select({ id: githubWebhookDeliveries.delivery_id })
    .from(githubWebhookDeliveries)
    .where(
      and(
        eq(githubWebhookDeliveries.status, "processing"),
        lt(githubWebhookDeliveries.created_at, iso(now - REQUEUE_AFTER_MS)),
        or(isNull(githubWebhookDeliveries.lease_until), lt(githubWebhookDeliveries.lease_until, iso(now))),
      ),
    )
    .limit(100);
  if (stuck.length > 0) await env.JOBS.sendBatch(stuck.map(({ id }) => ({ body: { type: "github.event" as const, deliveryId: id } })));
  await db
    .delete(githubWebhookDeliveries)
    .where(and(sql`${githubWebhookDeliveries.status} <> 'processing'`, lt(githubWebhookDeliveries.created_at, iso(now - KEEP_DELIVERIES_MS))));
  return { requeued: stuck.map(({ id }) => id) };
}
