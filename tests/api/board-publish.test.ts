// Every committed issue write reaches the project's ProjectBoard Durable Object after commit: a
// socket on GET .../board receives {"type":"changes"} with the new rows and increasing clocks; a
// refused write publishes nothing; only project members may connect.
import { fetchWorker } from "../helpers/worker";
import { env } from "cloudflare:workers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Change, PROTOCOL_VERSION, type ServerMessage } from "../../durable-objects/protocol";
import { type Client, ORIGIN, signUp } from "../helpers/api";
import { addToWorkspace } from "../helpers/fixtures";
import { type IssueBody, issuePath, newIssue } from "../helpers/issue-fixtures";
import { type ProjectFixture, addMember, createProjectFixture } from "../helpers/project";
import { openDb } from "../../workers/db";
import { projectAccess } from "../../workers/domain/access";
import type { ActorContext } from "../../workers/domain/context";
import { loadProjectLookups } from "../../workers/domain/issue-views";
import { publishIssues } from "../../workers/domain/issues";
import type { PostCommit } from "../../workers/domain/post-commit";
import { boardOf } from "../../workers/lib/board-stub";
import { connectBoard as connectLiveBoard } from "../helpers/board";
import { getConfig } from "../../workers/env";

type ChangesMessage = Extract<ServerMessage, { type: "changes" }>;

interface Board {
  socket: WebSocket;
  /** Resolves with the next "changes" message not yet taken. */
  nextChanges(timeoutMs?: number): Promise<ChangesMessage>;
  /** Every "changes" message received and not yet taken. */
  pending(): ChangesMessage[];
}

let p: ProjectFixture;
let member: Client;
let board: Board;
const sockets: WebSocket[] = [];

function openSocket(client: Client | null, fixture: ProjectFixture) {
  const headers: Record<string, string> = { Upgrade: "websocket", origin: ORIGIN };
  if (client) headers.cookie = client.cookie;
  return fetchWorker(`${ORIGIN}${fixture.base}/board`, { headers });
}

async function connectBoard(client: Client, fixture: ProjectFixture): Promise<Board> {
  const response = await openSocket(client, fixture);
  expect(response.status).toBe(101);
  const socket = response.webSocket;
  if (!socket) throw new Error("no webSocket on the 101 response");
  socket.accept();
  sockets.push(socket);
  const changes: ChangesMessage[] = [];
  let wake: (() => void) | null = null;
  let connected: (() => void) | null = null;
  const isConnected = new Promise<void>((resolve) => {
    connected = resolve;
  });
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(event.data as string) as ServerMessage;
    if (message.type === "connected") connected?.();
    if (message.type === "changes") {
      changes.push(message);
      wake?.();
    }
  });
  socket.send(JSON.stringify({ type: "connect", protocolVersion: PROTOCOL_VERSION, lastClock: 0 }));
  await isConnected;
  return {
    socket,
    pending: () => changes.splice(0),
    async nextChanges(timeoutMs = 3000) {
      const deadline = Date.now() + timeoutMs;
      while (changes.length === 0) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error("no changes message arrived");
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, Math.min(left, 50));
        });
      }
      return changes.shift() as ChangesMessage;
    },
  };
}

const upserts = (message: ChangesMessage) =>
  message.changes.filter((change): change is Extract<Change, { op: "upsert" }> => change.op === "upsert");
const rowOf = (message: ChangesMessage, id: string) => upserts(message).find((change) => change.id === id)?.row as IssueBody | undefined;

beforeAll(async () => {
  p = await createProjectFixture(undefined, "BRD");
  member = await addMember(p, 15, "Editor");
  board = await connectBoard(member, p);
});

afterAll(() => {
  for (const socket of sockets) socket.close(1000, "done");
});

describe("issue writes reach the board after commit", () => {
  let lastClock = 0;
  const take = async () => {
    const message = await board.nextChanges();
    expect(message.clock).toBeGreaterThan(lastClock);
    lastClock = message.clock;
    return message;
  };

  it("create: an upsert with the new row, shaped like the list row", async () => {
    const made = await newIssue(p, { name: "Live", priority: "high", state: p.states.Todo });
    const message = await take();
    // Stamped with the project's issues_version as its own transaction left it.
    const stamped = await env.DB.prepare("SELECT issues_version FROM projects WHERE id = ?").bind(p.projectId).first<number>("issues_version");
    expect(message.changes).toEqual([{ kind: "issue", op: "upsert", id: made.id, row: expect.any(Object), version: stamped }]);
    const list = await p.owner.get(`${p.base}/issues/`);
    const listed = list.body.find((issue: IssueBody) => issue.id === made.id);
    expect(rowOf(message, made.id)).toEqual(listed);
    expect(rowOf(message, made.id)).toMatchObject({ name: "Live", priority: "high", state: p.states.Todo, sequence_id: made.sequence_id });
  });

  it("patch: an upsert carrying the new values, with a later clock", async () => {
    const made = await newIssue(p, { name: "Before" });
    await take();
    const response = await p.owner.patch(issuePath(p, made.id), { name: "After", priority: "urgent", assignees_list: [member.user.id] });
    expect(response.status).toBe(200);
    const message = await take();
    expect(rowOf(message, made.id)).toMatchObject({ name: "After", priority: "urgent", assignees: [member.user.id], updated_at: response.body.updated_at });
  });

  it("a new parent: both the child and the parent (with its new count) are sent", async () => {
    const parent = await newIssue(p, { name: "Parent" });
    const child = await newIssue(p, { name: "Child" });
    await take();
    await take();
    await p.owner.patch(issuePath(p, child.id), { parent: parent.id });
    const message = await take();
    expect(rowOf(message, child.id)).toMatchObject({ parent: parent.id, parent_detail: { id: parent.id, name: "Parent" } });
    expect(rowOf(message, parent.id)).toMatchObject({ sub_issues_count: 1 });
  });

  it("a blocker set on one issue sends the other side too", async () => {
    const [a, b] = [await newIssue(p, { name: "Blocked" }), await newIssue(p, { name: "Blocker" })];
    await take();
    await take();
    await p.owner.patch(issuePath(p, a.id), { blockers_list: [b.id] });
    const message = await take();
    expect(upserts(message).map((change) => change.id).sort()).toEqual([a.id, b.id].sort());
  });

  it("delete: a delete change for the issue, and its children as top-level rows", async () => {
    const parent = await newIssue(p, { name: "Doomed" });
    await take();
    const child = await newIssue(p, { name: "Orphan", parent: parent.id });
    // Creating a sub-issue also sends the parent with its new count.
    expect(rowOf(await take(), parent.id)).toMatchObject({ sub_issues_count: 1 });
    expect((await p.owner.delete(issuePath(p, parent.id))).status).toBe(204);
    const message = await take();
    expect(message.changes).toContainEqual({ kind: "issue", op: "delete", id: parent.id, version: expect.any(Number) });
    expect(rowOf(message, child.id)).toMatchObject({ parent: null, parent_detail: null });
  });

  it("bulk delete: one delete change per deleted issue, and the survivors' parents and children updated", async () => {
    const parent = await newIssue(p, { name: "Bulk parent" });
    const child = await newIssue(p, { name: "Bulk child", parent: parent.id });
    const grandchild = await newIssue(p, { name: "Bulk grandchild", parent: child.id });
    const other = await newIssue(p, { name: "Bulk other" });
    for (let i = 0; i < 4; i++) await take();
    const response = await p.owner.delete(`${p.base}/bulk-delete-issues/`, { issue_ids: [child.id, other.id] });
    expect(response.status).toBe(200);
    const message = await take();
    const deletes = message.changes.filter((change) => change.op === "delete").map((change) => change.id);
    expect(deletes.sort()).toEqual([child.id, other.id].sort());
    expect(rowOf(message, parent.id)).toMatchObject({ sub_issues_count: 0 });
    expect(rowOf(message, grandchild.id)).toMatchObject({ parent: null });
  });

  it("adding sub-issues sends the parent and the moved children", async () => {
    const parent = await newIssue(p, { name: "Collector" });
    const child = await newIssue(p, { name: "Collected" });
    await take();
    await take();
    await p.owner.post(`${issuePath(p, parent.id)}sub-issues/`, { sub_issue_ids: [child.id] });
    const message = await take();
    expect(rowOf(message, parent.id)).toMatchObject({ sub_issues_count: 1 });
    expect(rowOf(message, child.id)).toMatchObject({ parent: parent.id });
  });

  it("a refused write (400) publishes nothing: the next message is the next good write, one clock later", async () => {
    const made = await newIssue(p, { name: "Guarded" });
    await take();
    const clockBefore = lastClock;
    const refused = await p.owner.patch(issuePath(p, made.id), { name: "Nope", estimate_point: 42 });
    expect(refused.status).toBe(400);
    const refusedCreate = await p.owner.post(`${p.base}/issues/`, { name: "" });
    expect(refusedCreate.status).toBe(400);
    const refusedSub = await p.owner.post(`${issuePath(p, made.id)}sub-issues/`, { sub_issue_ids: [made.id] });
    expect(refusedSub.status).toBe(400);
    await p.owner.patch(issuePath(p, made.id), { name: "Accepted" });
    const message = await take();
    expect(message.clock).toBe(clockBefore + 1);
    expect(rowOf(message, made.id)).toMatchObject({ name: "Accepted" });
    expect(board.pending()).toEqual([]);
  });

  it("a second member's socket sees the same clocks", async () => {
    const second = await connectBoard(p.owner, p);
    const made = await newIssue(p, { name: "Seen twice" }, member);
    const [one, two] = [await take(), await second.nextChanges()];
    expect(two).toEqual(one);
    expect(rowOf(two, made.id)).toMatchObject({ name: "Seen twice" });
  });
});

describe("who may open the board", () => {
  it("a workspace member outside the project gets 403; a stranger 403; no credentials 401", async () => {
    const [insider, stranger] = await Promise.all([signUp({ first_name: "Insider" }), signUp({ first_name: "Stranger" })]);
    await addToWorkspace(p.owner, p.slug, insider, 15);
    for (const client of [insider, stranger]) {
      const response = await openSocket(client, p);
      expect(response.status).toBe(403);
      expect(response.webSocket).toBeNull();
      expect(await response.json()).toEqual({ error: expect.any(String) });
    }
    expect((await openSocket(null, p)).status).toBe(401);
  });

  it("another project's board does not receive this project's changes", async () => {
    const elsewhere = await createProjectFixture(p.owner, "ELS");
    const otherBoard = await connectBoard(p.owner, elsewhere);
    await newIssue(p, { name: "Not for you" });
    await board.nextChanges();
    const theirs = await newIssue(elsewhere, { name: "For you" });
    const message = await otherBoard.nextChanges();
    expect(message.changes.map((change) => change.id)).toEqual([theirs.id]);
    expect(otherBoard.pending()).toEqual([]);
  });
});

describe("what a write publishes is as new as its commit", () => {
  it("a child is published under its parent's current name, even when the write read the parent before a rename", async () => {
    const fixture = await createProjectFixture(undefined, "PUB");
    const parent = await newIssue(fixture, { name: "Old parent name" });
    const child = await newIssue(fixture, { name: "Child", parent: parent.id });
    const db = openDb(env.DB, null).db;
    const actorRow = await env.DB.prepare("SELECT * FROM users WHERE id = ?").bind(fixture.owner.user.id).first();
    const published: Change[] = [];
    const effects = { publish: (_projectId: string, change: Change) => published.push(change) } as unknown as PostCommit;
    const ctx = { db, env, config: getConfig(env), effects, actor: actorRow } as unknown as ActorContext;
    const access = await projectAccess(ctx, fixture.slug, fixture.projectId);
    // The lookups a write reads before it commits; the parent is renamed meanwhile.
    const lookups = await loadProjectLookups(db, access.project, access.workspace, [parent.id]);
    await env.DB.prepare("UPDATE issues SET name = 'Renamed parent' WHERE id = ?").bind(parent.id).run();
    await publishIssues(ctx, access, [child.id], lookups);
    const row = published.find((change) => change.id === child.id) as Extract<Change, { op: "upsert" }>;
    expect((row.row as IssueBody).parent_detail.name).toBe("Renamed parent");
  });
});

describe("publishes that reach the board out of commit order", () => {
  it("drop an issue change older than one the board already took, and keep equal or newer ones", async () => {
    const fixture = await createProjectFixture(undefined, "ORD");
    const live = await connectLiveBoard(fixture.owner, fixture);
    await live.next("connected");
    const stub = boardOf(env, fixture.projectId);
    const upsert = (name: string, version: number): Change => ({ kind: "issue", op: "upsert", id: "issue-a", row: { id: "issue-a", name }, version });

    const first = await stub.publish([upsert("read at 5", 5)]);
    expect((await live.next("changes")).changes).toEqual([upsert("read at 5", 5)]);
    // Read before the one above (a write that committed earlier but published later): dropped.
    expect(await stub.publish([upsert("read at 3", 3)])).toBe(first);
    expect(await stub.publish([upsert("read at 5 too", 5)])).toBe(first + 1);
    expect((await live.next("changes")).changes).toEqual([upsert("read at 5 too", 5)]);
    // A delete read at 7 is not undone by an upsert read at 6; other changes in the batch still go out.
    await stub.publish([{ kind: "issue", op: "delete", id: "issue-a", version: 7 }]);
    await live.next("changes");
    const other: Change = { kind: "label", op: "delete", id: "label-b" };
    await stub.publish([upsert("read at 6", 6), other]);
    expect((await live.next("changes")).changes).toEqual([other]);
    live.close();
  });
});
