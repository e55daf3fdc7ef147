// The board's sync guarantees (ADR 005): a reconnecting client gets
// exactly the batches it missed, a client too far behind gets a reset, losing project access
// closes the socket, and a publish that fails after commit is retried through the JOBS queue.
import { createExecutionContext, createMessageBatch, getQueueResult, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { CHANGE_LOG_LIMIT, type ProjectBoard } from "../../durable-objects/project-board";
import type { Change } from "../../durable-objects/protocol";
import { realPorts } from "../../workers/adapters";
import { getConfig } from "../../workers/env";
import { PostCommit } from "../../workers/domain/post-commit";
import worker from "../../workers/index";
import type { JobMessage } from "../../workers/jobs";
import { signUp } from "../helpers/api";
import { type ChangesMessage, changeSummary, openBoardSocket, trackedBoards } from "../helpers/board";
import { addToWorkspace } from "../helpers/fixtures";
import { issuePath, newIssue } from "../helpers/issue-fixtures";
import { type ProjectFixture, addMember, createProjectFixture } from "../helpers/project";

let p: ProjectFixture;
const boards = trackedBoards();
const connect = boards.connect;

beforeAll(async () => {
  p = await createProjectFixture(undefined, "SYN");
});

afterEach(() => {
  boards.closeAll();
});

const boardStub = (projectId: string) => env.PROJECT_BOARD.get(env.PROJECT_BOARD.idFromName(projectId));

describe("reconnecting with the last clock", () => {
  it("replays exactly the batches committed while the client was away, then carries on live", async () => {
    const first = await connect(p.owner, p);
    const before = await newIssue(p, { name: "Seen live" });
    const live = await first.next("changes");
    expect(changeSummary(live)).toEqual([`upsert:issue:${before.id}`]);
    first.close();

    // Three commits while nobody from this client is connected.
    const missedA = await newIssue(p, { name: "Missed A" });
    await p.owner.patch(issuePath(p, missedA.id), { priority: "urgent" });
    await p.owner.delete(issuePath(p, before.id));

    const back = await connect(p.owner, p, live.clock);
    const replayed = [await back.next("changes"), await back.next("changes"), await back.next("changes")];
    expect(replayed.map((message) => message.clock)).toEqual([live.clock + 1, live.clock + 2, live.clock + 3]);
    expect(replayed.map(changeSummary)).toEqual([
      [`upsert:issue:${missedA.id}`],
      [`upsert:issue:${missedA.id}`],
      [`delete:issue:${before.id}`],
    ]);
    expect((replayed[1].changes[0] as Extract<Change, { op: "upsert" }>).row).toMatchObject({ priority: "urgent" });

    // Nothing else was replayed: the next message is the next live commit, one clock later.
    const after = await newIssue(p, { name: "Live again" });
    const next = await back.next("changes");
    expect(next.clock).toBe(live.clock + 4);
    expect(changeSummary(next)).toEqual([`upsert:issue:${after.id}`]);
    expect(back.messages.filter((message) => message.type === "changes" || message.type === "reset")).toEqual([]);
  });

  it("a client already at the board's clock gets no replay and no reset", async () => {
    const board = await connect(p.owner, p);
    const { clock } = await newIssue(p).then(() => board.next("changes"));
    const again = await connect(p.owner, p, clock);
    const made = await newIssue(p, { name: "Only this" });
    const message = await again.next("changes");
    expect(message.clock).toBe(clock + 1);
    expect(changeSummary(message)).toEqual([`upsert:issue:${made.id}`]);
    expect(again.messages.filter((m) => m.type === "changes" || m.type === "reset")).toEqual([]);
  });

  it("a clock from the future (the board lost its state) gets a reset at the board's clock", async () => {
    const current = await p.owner.post(`${p.base}/issues/`, { name: "Clock probe" });
    expect(current.status).toBe(201);
    const connected = await connect(p.owner, p, 1_000_000);
    const reset = await connected.next("reset");
    expect(reset.clock).toBeGreaterThan(0);
    expect(reset.clock).toBeLessThan(1_000_000);
  });

  it(`a client more than ${CHANGE_LOG_LIMIT} batches behind gets a reset, one just inside the log gets the replay`, async () => {
    const far = await createProjectFixture(p.owner, "FAR");
    const watcher = await connect(p.owner, far);
    const made = await newIssue(far, { name: "Old news" });
    const { clock: oldClock } = await watcher.next("changes");
    watcher.close();
    // Fill the change log past its limit straight through the board (thousands of REST writes
    // would take minutes); each batch is an ordinary issue upsert.
    const filler: Change[] = [{ kind: "issue", op: "upsert", id: made.id, row: { id: made.id, name: "Old news" } }];
    const lastClock = await runInDurableObject(boardStub(far.projectId), async (board: ProjectBoard) => {
      let clock = 0;
      for (let i = 0; i <= CHANGE_LOG_LIMIT; i++) clock = await board.publish(filler);
      return clock;
    });
    expect(lastClock).toBe(oldClock + CHANGE_LOG_LIMIT + 1);

    const behind = await connect(p.owner, far, oldClock);
    expect(await behind.next("reset")).toMatchObject({ type: "reset", clock: lastClock });
    expect(behind.messages.filter((m) => m.type === "changes")).toEqual([]);

    // The oldest batch still kept is oldClock + 2, so a client at oldClock + 1 can still catch up.
    const justInside = await connect(p.owner, far, oldClock + 1);
    const first = await justInside.next("changes");
    expect(first.clock).toBe(oldClock + 2);
    let last: ChangesMessage = first;
    while (last.clock < lastClock) last = await justInside.next("changes");
    expect(last.clock).toBe(lastClock);
    expect(justInside.messages.filter((m) => m.type === "reset")).toEqual([]);
  });
});

describe("rows that show another row's data", () => {
  it("renaming a parent republishes its sub-issues, whose rows carry the parent's name", async () => {
    const parent = await newIssue(p, { name: "Old parent name" });
    const child = await newIssue(p, { name: "Child", parent: parent.id });
    const board = await connect(p.owner, p);
    expect((await p.owner.patch(issuePath(p, parent.id), { name: "New parent name" })).status).toBe(200);
    const message = await board.next("changes");
    const rows = new Map(message.changes.map((change) => [change.id, change.op === "upsert" ? change.row : null]));
    expect(rows.get(parent.id)).toMatchObject({ name: "New parent name" });
    expect(rows.get(child.id)).toMatchObject({ parent_detail: { id: parent.id, name: "New parent name" } });
  });
});

describe("losing access closes the socket", () => {
  it("removing a project member closes their socket with 4003 and they cannot reconnect; others stay", async () => {
    const member = await addMember(p, 15, "Leaver");
    const theirs = await connect(member, p);
    const ours = await connect(p.owner, p);
    const me = await member.get(`${p.base}/project-members/me/`);
    expect(me.status).toBe(200);
    let presence = await ours.next("presence");
    expect(presence.users.map((user) => user.userId).sort()).toEqual([member.user.id, p.owner.user.id].sort());

    const removed = await p.owner.delete(`${p.base}/members/${me.body.id}/`);
    expect(removed.status).toBe(204);
    expect(await theirs.closed()).toBe(4003);
    expect(theirs.messages).toContainEqual(expect.objectContaining({ type: "error", code: "forbidden" }));

    // The owner's socket is still live and was told about the membership change.
    const change = await ours.next("changes");
    expect(changeSummary(change)).toEqual([`delete:member:${member.user.id}`]);
    expect(ours.closeCode).toBeNull();
    // A later presence drops the removed member.
    while (presence.users.some((user) => user.userId === member.user.id)) presence = await ours.next("presence");

    const retry = await openBoardSocket(member, p);
    expect(retry.status).toBe(403);
    expect(retry.webSocket).toBeNull();
  });

  it("removing someone from the workspace closes their sockets on every project they were in", async () => {
    const member = await addMember(p, 15, "Dropped");
    const project = await p.owner.post(`/api/workspaces/${p.slug}/projects/`, { name: "Second", identifier: "TWO" });
    expect(project.status).toBe(201);
    const second: ProjectFixture = { ...p, projectId: project.body.id, base: `/api/workspaces/${p.slug}/projects/${project.body.id}` };
    const add = await p.owner.post(`${second.base}/members/add/`, { members: [{ member_id: member.user.id, role: 15 }] });
    expect(add.status).toBe(201);
    const [one, two] = [await connect(member, p), await connect(member, second)];
    const membership = await member.get(`/api/workspaces/${p.slug}/workspace-members/me/`);
    expect((await p.owner.delete(`/api/workspaces/${p.slug}/members/${membership.body.id}/`)).status).toBe(204);
    expect([await one.closed(), await two.closed()]).toEqual([4003, 4003]);
    expect((await openBoardSocket(member, p)).status).toBe(403);
  });

  it("a workspace member who is not in the project, a stranger and an anonymous caller cannot connect", async () => {
    const [insider, stranger] = await Promise.all([signUp({ first_name: "Insider" }), signUp({ first_name: "Stranger" })]);
    await addToWorkspace(p.owner, p.slug, insider, 15);
    for (const client of [insider, stranger]) {
      const response = await openBoardSocket(client, p);
      expect(response.status).toBe(403);
      expect(response.webSocket).toBeNull();
    }
    const anonymous = await openBoardSocket(null, p);
    expect(anonymous.status).toBe(401);
    expect(anonymous.webSocket).toBeNull();
  });
});

/**
 * The real namespace, except that `publish` on its boards fails: a board that is unreachable
 * at the moment the request flushes. Everything else (the queue, the consumer) is real.
 */
function envWithUnreachableBoards(): Env {
  const namespace = env.PROJECT_BOARD;
  const failing = {
    idFromName: (name: string) => namespace.idFromName(name),
    get: () => ({
      publish: () => Promise.reject(new Error("board unreachable")),
      disconnectUser: () => Promise.reject(new Error("board unreachable")),
    }),
  } as unknown as Env["PROJECT_BOARD"];
  return { ...env, PROJECT_BOARD: failing };
}

describe("a publish that fails after commit is retried, not lost", () => {
  it("flush hands the failed publish to the JOBS queue, whose consumer delivers it to open boards", async () => {
    const board = await connect(p.owner, p);
    const made = await newIssue(p, { name: "Published late" });
    const { clock } = await board.next("changes");

    const effects = new PostCommit();
    const change: Change = { kind: "issue", op: "upsert", id: made.id, row: { ...made, name: "Published late" } };
    effects.publish(p.projectId, change);
    await effects.flush(realPorts(envWithUnreachableBoards(), getConfig(env)).jobs);

    // The real queue consumer (wrangler.toml batch timeout 1 s) publishes it to the real board.
    const delivered = await board.next("changes", 10_000);
    expect(delivered.clock).toBe(clock + 1);
    expect(delivered.changes).toEqual([change]);
  });

  it("the consumer retries (never acks) a job whose board is still unreachable, and acks one that lands", async () => {
    const board = await connect(p.owner, p);
    const made = await newIssue(p, { name: "Queued" });
    const { clock } = await board.next("changes");
    const job: JobMessage = { type: "board.publish", projectId: p.projectId, changes: [{ kind: "issue", op: "delete", id: made.id }] };
    const message = (id: string, attempts: number) => ({ id, timestamp: new Date(), attempts, body: job });

    const failingBatch = createMessageBatch<JobMessage>("edge-tracker-jobs", [message("m1", 1), message("m2", 3), message("m3", 9)]);
    const failingCtx = createExecutionContext();
    await worker.queue(failingBatch, envWithUnreachableBoards());
    const failed = await getQueueResult(failingBatch, failingCtx);
    expect(failed.ackAll).toBe(false);
    expect(failed.explicitAcks).toEqual([]);
    // (The test harness reports which messages were retried, not their delay.)
    expect(failed.retryMessages.map((retry: { msgId: string }) => retry.msgId)).toEqual(["m1", "m2", "m3"]);
    expect(board.messages.filter((m) => m.type === "changes")).toEqual([]);

    const batch = createMessageBatch<JobMessage>("edge-tracker-jobs", [message("m4", 2)]);
    const ctx = createExecutionContext();
    await worker.queue(batch, env);
    const result = await getQueueResult(batch, ctx);
    expect(result.explicitAcks).toEqual(["m4"]);
    expect(result.retryMessages).toEqual([]);
    const delivered = await board.next("changes");
    expect(delivered).toEqual({ type: "changes", clock: clock + 1, since: clock, changes: job.changes });
  });

  it("a failed revoke is queued too, and the consumer closes the removed member's socket", async () => {
    const member = await addMember(p, 15, "Revokedlate");
    const theirs = await connect(member, p);
    const effects = new PostCommit();
    effects.revokeBoardAccess(p.projectId, member.user.id);
    await effects.flush(realPorts(envWithUnreachableBoards(), getConfig(env)).jobs);
    expect(await theirs.closed(10_000)).toBe(4003);
  });
});
