// Notifications: each change reaches exactly its audience (the person assigned or mentioned, the
// issue's subscribers for a new state, priority or comment), never the actor and never someone
// outside the project; one actor's burst of changes is one notification; the inbox's tabs,
// read, archive, snooze and unread count; following and unfollowing an issue.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { MENTION_OUTSIDE_PROJECT } from "../../workers/domain/notifications";
import { INBOX_PAGE_SIZE } from "../../workers/domain/schemas/inbox";
import type { InboxPageData } from "../../app/lib/inbox-contract";
import { loadPageData } from "../helpers/page-action";
import { unreadCountQuery } from "../../workers/domain/inbox";
import { openDb } from "../../workers/db";
import type { User } from "../../drizzle/schema";
import { type Client, signUp } from "../helpers/api";
import { doc, mention } from "../helpers/rich-text";
import { type ProjectFixture, addMember, createProjectFixture } from "../helpers/project";


let p: ProjectFixture;
let alice: Client;
let bob: Client;
let carol: Client;
/** In the workspace but not in the project. */
let outsider: Client;

beforeAll(async () => {
  p = await createProjectFixture(undefined, "NTF");
  alice = await addMember(p, 15, "Alice");
  bob = await addMember(p, 15, "Bob");
  carol = await addMember(p, 10, "Carol");
  outsider = await signUp({ first_name: "Outsider" });
  const invite = await p.owner.post(`/api/workspaces/${p.slug}/invite/`, { emails: [{ email: outsider.user.email, role: 5 }] });
  await outsider.post("/api/users/me/invitations/workspaces/", { token: invite.body.invitations[0].token });
});

const inbox = async (client: Client, query = "") => {
  const response = await client.get(`/api/workspaces/${p.slug}/notifications/${query}`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as { id: string; issue: { id: string; key: string }; actor: { id: string }; changes: { kind: string; new_value?: string }[]; mentioned: boolean; read_at: string | null }[];
};
const about = async (client: Client, issueId: string, query = "") => (await inbox(client, query)).filter((n) => n.issue.id === issueId);
const unread = async (client: Client) => (await client.get(`/api/workspaces/${p.slug}/notifications/unread-count/`)).body.unread as number;

async function newIssue(by: Client, fields: Record<string, unknown> = {}) {
  const made = await by.post(`${p.base}/issues/`, { name: "Notify me", ...fields });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body.id as string;
}

/** Moves every notification about the issue out of the coalescing window, so the next change opens a new one. */
async function ageNotifications(issueId: string) {
  await env.DB.prepare("UPDATE notifications SET created_at = '2000-01-01T00:00:00.000Z' WHERE issue_id = ?").bind(issueId).run();
}

describe("who is told", () => {
  it("tells the person assigned, never the actor, and makes them a subscriber", async () => {
    const issueId = await newIssue(alice, { assignees_list: [bob.user.id, alice.user.id] });
    const [toBob] = await about(bob, issueId);
    expect(toBob).toMatchObject({ actor: { id: alice.user.id }, changes: [{ kind: "assigned" }], mentioned: false, read_at: null });
    expect(toBob.issue.key).toMatch(/^NTF-\d+$/);
    expect(await about(alice, issueId)).toEqual([]);
    expect(await about(carol, issueId)).toEqual([]);
    const followers = (await alice.get(`${p.base}/issues/${issueId}/subscribers/`)).body;
    expect(followers.subscribers.map((s: { id: string }) => s.id).sort()).toEqual([alice.user.id, bob.user.id].sort());
    expect(followers.subscribed).toBe(true);
  });

  it("tells subscribers a new state and priority as one notification, listing the latest of each", async () => {
    const issueId = await newIssue(alice);
    await bob.post(`${p.base}/issues/${issueId}/subscription/`);
    await carol.post(`${p.base}/issues/${issueId}/subscription/`);
    await p.owner.patch(`${p.base}/issues/${issueId}/`, { state: p.states["In Progress"] });
    await p.owner.patch(`${p.base}/issues/${issueId}/`, { priority: "high" });
    for (const person of [alice, bob, carol]) {
      const notes = await about(person, issueId);
      expect(notes).toHaveLength(1);
      expect(notes[0].changes).toEqual([
        { kind: "state", old_value: "Backlog", new_value: "In Progress" },
        { kind: "priority", old_value: "none", new_value: "high" },
      ]);
    }
    // A burst holds the latest change of each kind, so it stays one short line however long it is.
    for (const priority of ["low", "medium", "urgent"]) await p.owner.patch(`${p.base}/issues/${issueId}/`, { priority });
    const [burst] = await about(bob, issueId);
    expect(burst.changes).toEqual([
      { kind: "state", old_value: "Backlog", new_value: "In Progress" },
      { kind: "priority", old_value: "medium", new_value: "urgent" },
    ]);
    // After the window, the next change is a notification of its own.
    await ageNotifications(issueId);
    await p.owner.patch(`${p.base}/issues/${issueId}/`, { priority: "low" });
    expect(await about(bob, issueId)).toHaveLength(2);
  });

  it("a guest of the workspace who is not in the project hears nothing, even when named", async () => {
    const issueId = await newIssue(alice);
    await outsider.post(`${p.base}/issues/${issueId}/subscription/`);
    const refused = await alice.post(`${p.base}/issues/${issueId}/comments/`, { comment_json: doc("hi"), comment_html: `<p>Look ${mention(outsider)}</p>` });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ comment_html: [MENTION_OUTSIDE_PROJECT] });
    await alice.patch(`${p.base}/issues/${issueId}/`, { priority: "urgent" });
    expect((await outsider.get(`/api/workspaces/${p.slug}/notifications/`)).body).toEqual([]);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM notifications WHERE recipient_id = ?").bind(outsider.user.id).first("n")).toBe(0);
  });

  it("a comment tells the subscribers, a mention in it tells the person mentioned, once each", async () => {
    const issueId = await newIssue(alice);
    const commented = await bob.post(`${p.base}/issues/${issueId}/comments/`, { comment_json: doc("x"), comment_html: `<p>Over to you ${mention(carol)}</p>` });
    expect(commented.status).toBe(201);
    const [toCarol] = await about(carol, issueId);
    expect(toCarol.mentioned).toBe(true);
    expect(toCarol.changes.map((c) => c.kind)).toEqual(["mentioned", "commented"]);
    const [toAlice] = await about(alice, issueId);
    expect(toAlice).toMatchObject({ mentioned: false, changes: [{ kind: "commented", new_value: "Over to you @Carol" }] });
    expect(await about(bob, issueId)).toEqual([]);
    expect((await about(carol, issueId, "?tab=mentions")).length).toBe(1);
    expect(await about(alice, issueId, "?tab=mentions")).toEqual([]);
    // Editing the comment tells only the people it newly mentions.
    await ageNotifications(issueId);
    await bob.patch(`${p.base}/issues/${issueId}/comments/${commented.body.id}/`, { comment_html: `<p>Over to you ${mention(carol)} and ${mention(alice)}</p>` });
    expect(await about(carol, issueId)).toHaveLength(1);
    expect((await about(alice, issueId)).map((n) => n.mentioned)).toEqual([true, false]);
  });

  it("a mention in a description tells the person and refuses someone outside the project", async () => {
    const issueId = await newIssue(alice, { description_html: `<p>cc ${mention(bob)}</p>` });
    expect((await about(bob, issueId))[0]).toMatchObject({ mentioned: true, changes: [{ kind: "mentioned" }] });
    const refused = await alice.patch(`${p.base}/issues/${issueId}/`, { description_html: `<p>cc ${mention(outsider)}</p>` });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ description_html: [MENTION_OUTSIDE_PROJECT] });
  });

  it("closing a blocker tells the subscribers of each issue it blocked, once, and nobody else", async () => {
    const blocked = await newIssue(alice, { assignees_list: [bob.user.id] });
    const blocker = await newIssue(p.owner, { blocks_list: [blocked] });
    const unrelated = await newIssue(alice);
    const keyOf = async (id: string) => (await alice.get(`${p.base}/issues/${id}/`)).body.sequence_id as number;
    const blockerKey = `NTF-${await keyOf(blocker)}`;
    // Moving it along without closing it is no news for the blocked issue.
    expect((await p.owner.patch(`${p.base}/issues/${blocker}/`, { state: p.states["In Progress"] })).status).toBe(200);
    expect((await about(bob, blocked)).filter((n) => n.changes.some((c) => c.kind === "blocker_closed"))).toEqual([]);

    expect((await p.owner.patch(`${p.base}/issues/${blocker}/`, { state: p.states.Done })).status).toBe(200);
    for (const person of [alice, bob]) {
      const [note] = await about(person, blocked);
      expect(note.actor.id).toBe(p.owner.user.id);
      expect(note.changes).toContainEqual({ kind: "blocker_closed", new_value: blockerKey });
    }
    // The actor hears nothing of it, and issues it did not block are untouched.
    expect(await about(p.owner, blocked)).toEqual([]);
    expect(await about(bob, unrelated)).toEqual([]);
    // Done to Cancelled is still closed: no second notice.
    expect((await p.owner.patch(`${p.base}/issues/${blocker}/`, { state: p.states.Cancelled })).status).toBe(200);
    const [again] = await about(bob, blocked);
    expect(again.changes.filter((c) => c.kind === "blocker_closed")).toHaveLength(1);
  });

  it("unsubscribing stops the news; being removed from the project hides what was there", async () => {
    const issueId = await newIssue(alice);
    await carol.post(`${p.base}/issues/${issueId}/subscription/`);
    expect((await carol.delete(`${p.base}/issues/${issueId}/subscription/`)).status).toBe(204);
    await alice.patch(`${p.base}/issues/${issueId}/`, { priority: "high" });
    expect(await about(carol, issueId)).toEqual([]);

    const leaver = await addMember(p, 15, "Leaver");
    const assigned = await newIssue(alice, { assignees_list: [leaver.user.id] });
    expect(await about(leaver, assigned)).toHaveLength(1);
    const membership = await env.DB.prepare("SELECT id FROM project_members WHERE project_id = ? AND member_id = ?").bind(p.projectId, leaver.user.id).first<string>("id");
    expect((await p.owner.delete(`${p.base}/members/${membership}/`)).status).toBe(204);
    expect(await about(leaver, assigned)).toEqual([]);
    expect(await unread(leaver)).toBe(0);
  });
});

describe("the inbox", () => {
  it("marks read and unread, archives, snoozes, and counts what is unread", async () => {
    const reader = await addMember(p, 15, "Reader");
    const before = await unread(reader);
    const first = await newIssue(alice, { assignees_list: [reader.user.id] });
    const second = await newIssue(alice, { assignees_list: [reader.user.id] });
    expect(await unread(reader)).toBe(before + 2);
    const [one] = await about(reader, first);
    const path = `/api/workspaces/${p.slug}/notifications/${one.id}/`;
    expect((await reader.patch(path, { read: true })).body.read_at).not.toBeNull();
    expect(await unread(reader)).toBe(before + 1);
    expect((await reader.patch(path, { read: false })).body.read_at).toBeNull();
    // Archived: gone from the inbox, found under archived.
    await reader.patch(path, { archived: true });
    expect(await about(reader, first)).toEqual([]);
    expect(await about(reader, first, "?show=archived")).toHaveLength(1);
    // Snoozed: hidden until its time, which must be ahead.
    const [two] = await about(reader, second);
    const later = new Date(Date.now() + 3_600_000).toISOString();
    expect((await reader.patch(`/api/workspaces/${p.slug}/notifications/${two.id}/`, { snoozed_until: "2001-01-01T00:00:00Z" })).status).toBe(400);
    await reader.patch(`/api/workspaces/${p.slug}/notifications/${two.id}/`, { snoozed_until: later });
    expect(await about(reader, second)).toEqual([]);
    expect(await about(reader, second, "?show=snoozed")).toHaveLength(1);
    expect(await unread(reader)).toBe(before);
    // Its time comes: back in the inbox without anyone touching it.
    await env.DB.prepare("UPDATE notifications SET snoozed_until = '2001-01-01T00:00:00.000Z' WHERE id = ?").bind(two.id).run();
    expect(await about(reader, second)).toHaveLength(1);
    expect(await unread(reader)).toBe(before + 1);
    expect((await reader.post(`/api/workspaces/${p.slug}/notifications/mark-all-read/`, {})).body.marked).toBeGreaterThan(0);
    expect(await unread(reader)).toBe(0);
  });

  it("no one reads or changes another person's notifications", async () => {
    const issueId = await newIssue(alice, { assignees_list: [bob.user.id] });
    const [toBob] = await about(bob, issueId);
    const path = `/api/workspaces/${p.slug}/notifications/${toBob.id}/`;
    expect((await carol.patch(path, { read: true })).status).toBe(404);
    expect((await p.owner.patch(path, { archived: true })).status).toBe(404);
    expect((await about(bob, issueId))[0].read_at).toBeNull();
  });

  it("filters by tab and refuses an unknown one", async () => {
    const issueId = await newIssue(bob, { assignees_list: [alice.user.id] });
    expect(await about(alice, issueId, "?tab=assigned")).toHaveLength(1);
    expect(await about(alice, issueId, "?tab=created")).toEqual([]);
    await alice.patch(`${p.base}/issues/${issueId}/`, { priority: "low" });
    expect(await about(bob, issueId, "?tab=created")).toHaveLength(1);
    const bad = await alice.get(`/api/workspaces/${p.slug}/notifications/?tab=everything`);
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ tab: ["tab must be one of all, mentions, assigned, created, subscribed"] });
  });
});

describe("the inbox page", () => {
  it("shows the newest page of notifications and links to the older ones, however many there are", async () => {
    const reader = await addMember(p, 15, "Reader");
    const issueId = await newIssue(alice);
    const total = INBOX_PAGE_SIZE + 5;
    const insert = env.DB.prepare(
      "INSERT INTO notifications (id, workspace_id, project_id, issue_id, recipient_id, actor_id, changes, created_at, updated_at) VALUES (?, (SELECT workspace_id FROM projects WHERE id = ?), ?, ?, ?, ?, '[]', ?, ?)",
    );
    await env.DB.batch(
      Array.from({ length: total }, (_, i) => {
        const at = new Date(Date.UTC(2030, 0, 1, 0, i)).toISOString();
        return insert.bind(crypto.randomUUID(), p.projectId, p.projectId, issueId, reader.user.id, alice.user.id, at, at);
      }),
    );
    const ROUTE = "routes/$workspaceSlug.notifications";
    const first = await loadPageData<InboxPageData>(reader, `/${p.slug}/notifications.data`, ROUTE);
    expect(first.notifications).toHaveLength(INBOX_PAGE_SIZE);
    expect(first.notifications[0].updated_at).toBe(new Date(Date.UTC(2030, 0, 1, 0, total - 1)).toISOString());
    expect(first.next_cursor).toBeTruthy();
    const older = await loadPageData<InboxPageData>(reader, `/${p.slug}/notifications.data?cursor=${encodeURIComponent(first.next_cursor ?? "")}`, ROUTE);
    expect(older.notifications).toHaveLength(5);
    expect(older.next_cursor).toBeNull();
  });
});

describe("the unread count", () => {
  it("reads the unread index alone: no row of notifications, no scan", async () => {
    const workspace = await env.DB.prepare("SELECT workspace_id FROM projects WHERE id = ?").bind(p.projectId).first<{ workspace_id: string }>();
    const ctx = { db: openDb(env.DB, null).db, actor: { id: bob.user.id } as User };
    const { sql, params } = unreadCountQuery(ctx, workspace?.workspace_id ?? "", new Date().toISOString()).toSQL();
    const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`).bind(...params).all<{ detail: string }>();
    const lines = plan.results.map((row) => row.detail);
    expect(lines.find((line) => line.includes("notifications"))).toMatch(/^SEARCH notifications USING COVERING INDEX notifications_unread_idx \(recipient_id=\? AND workspace_id=\? AND project_id=\?/);
    expect(lines.filter((line) => line.startsWith("SCAN"))).toEqual([]);
  });
});
