// What an open issue page or page hears from the live board: every write to an issue's comments,
// links or attachments (sub-issues and relations: board-publish.test.ts), and to a page or its
// blocks, reaches the project's board sockets after commit; a private page is never announced,
// and nobody outside the project hears any of it.
import { fetchWorker } from "../helpers/worker";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Change } from "../../durable-objects/protocol";
import { type Client, ORIGIN, signUp } from "../helpers/api";
import { type BoardSocket, type ChangesMessage, connectBoard, openBoardSocket } from "../helpers/board";
import { addToProject, addToWorkspace, createProject } from "../helpers/fixtures";
import { issuePath, newIssue } from "../helpers/issue-fixtures";
import { type ProjectFixture, addMember, createProjectFixture } from "../helpers/project";

let p: ProjectFixture;
let member: Client;
let board: BoardSocket;
/** Another project of the same workspace, and its member who is not in `p`. */
let elsewhere: ProjectFixture;
let outsider: Client;
let outsiderBoard: BoardSocket;

const doc = (text: string) => ({ type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text }] }] });

beforeAll(async () => {
  p = await createProjectFixture(undefined, "NTC");
  member = await addMember(p, 15, "Reader");
  board = await connectBoard(member, p);
  outsider = await signUp({ first_name: "Outsider" });
  await addToWorkspace(p.owner, p.slug, outsider, 15);
  const other = await createProject(p.owner, p.slug, { identifier: "OTH" });
  await addToProject(p.owner, p.slug, other.id, [{ user: outsider, role: 15 }]);
  elsewhere = { ...p, projectId: other.id, identifier: "OTH", base: `/api/workspaces/${p.slug}/projects/${other.id}` };
  outsiderBoard = await connectBoard(outsider, elsewhere);
});

afterAll(() => {
  board?.close();
  outsiderBoard?.close();
});

/** The changes of the next batch the member's socket receives. */
const nextChanges = async (socket = board): Promise<Change[]> => ((await socket.next("changes")) as ChangesMessage).changes;

const noticeOf = (kind: "issue_detail" | "page", id: string, by: Client): Change => ({ kind, op: "changed", id, by: by.user.id });

const upsertOf = (changes: Change[], id: string) => {
  const change = changes.find((candidate) => candidate.id === id && candidate.op === "upsert");
  return change?.op === "upsert" ? change.row : undefined;
};

async function upload(client: Client, issueId: string, filename: string) {
  const form = new FormData();
  form.append("asset", new Blob(["a small file"]), filename);
  form.append("attributes", JSON.stringify({ name: filename, size: 12 }));
  const response = await fetchWorker(`${ORIGIN}${issuePath(p, issueId)}issue-attachments/`, {
    method: "POST",
    headers: { cookie: client.cookie, origin: ORIGIN },
    body: form,
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as { id: string };
}

describe("an issue's detail reaches the people on the project's board", () => {
  it("a comment added, edited and deleted each says which issue changed and who wrote it", async () => {
    const issue = await newIssue(p, { name: "Discussed" });
    await nextChanges();
    const added = await p.owner.post(`${issuePath(p, issue.id)}comments/`, { comment_json: doc("First"), comment_html: "<p>First</p>" });
    expect(added.status).toBe(201);
    expect(await nextChanges()).toEqual([noticeOf("issue_detail", issue.id, p.owner)]);

    const edited = await p.owner.patch(`${issuePath(p, issue.id)}comments/${added.body.id}/`, { comment_html: "<p>Second</p>" });
    expect(edited.status).toBe(200);
    expect(await nextChanges()).toEqual([noticeOf("issue_detail", issue.id, p.owner)]);

    expect((await p.owner.delete(`${issuePath(p, issue.id)}comments/${added.body.id}/`)).status).toBe(204);
    expect(await nextChanges()).toEqual([noticeOf("issue_detail", issue.id, p.owner)]);
  });

  it("a refused comment says nothing: the next batch is the next good write's", async () => {
    const issue = await newIssue(p, { name: "Quiet" });
    await nextChanges();
    const empty = await p.owner.post(`${issuePath(p, issue.id)}comments/`, { comment_json: doc(""), comment_html: "<p></p>" });
    expect(empty.status).toBe(400);
    await p.owner.post(`${issuePath(p, issue.id)}comments/`, { comment_json: doc("Said"), comment_html: "<p>Said</p>" });
    expect(await nextChanges()).toEqual([noticeOf("issue_detail", issue.id, p.owner)]);
  });

  // Sub-issues and relations send both ends' rows: board-publish.test.ts holds those.
  it("a link and an attachment each send the issue with its new count", async () => {
    const issue = await newIssue(p, { name: "Carries things" });
    await nextChanges();

    const link = await p.owner.post(`${issuePath(p, issue.id)}issue-links/`, { url: "https://example.com/spec", title: "Spec" });
    expect(link.status).toBe(201);
    expect(upsertOf(await nextChanges(), issue.id)).toMatchObject({ link_count: 1 });

    await upload(p.owner, issue.id, "notes.txt");
    expect(upsertOf(await nextChanges(), issue.id)).toMatchObject({ attachment_count: 1 });
  });
});

describe("a page reaches the people on the project's board", () => {
  it("a block added, edited, converted and deleted, and the page renamed, each name the page", async () => {
    const page = await p.owner.post(`${p.base}/pages/`, { name: "Plan" });
    expect(page.status).toBe(201);
    const blocks = `${p.base}/pages/${page.body.id}/page-blocks/`;
    const block = await member.post(blocks, { name: "First step" });
    expect(block.status).toBe(201);
    expect(await nextChanges()).toEqual([noticeOf("page", page.body.id, member)]);

    expect((await p.owner.patch(`${blocks}${block.body.id}/`, { name: "First step, refined" })).status).toBe(200);
    expect(await nextChanges()).toEqual([noticeOf("page", page.body.id, p.owner)]);

    const issue = await p.owner.post(`${blocks}${block.body.id}/issues/`, {});
    expect(issue.status).toBe(201);
    // One write, one batch: the new issue and the page that now links to it.
    const converted = await nextChanges();
    expect(upsertOf(converted, issue.body.id)).toMatchObject({ name: "First step, refined" });
    expect(converted).toContainEqual(noticeOf("page", page.body.id, p.owner));

    expect((await p.owner.delete(`${blocks}${block.body.id}/`)).status).toBe(204);
    expect(await nextChanges()).toEqual([noticeOf("page", page.body.id, p.owner)]);

    expect((await p.owner.patch(`${p.base}/pages/${page.body.id}/`, { name: "Plan B" })).status).toBe(200);
    expect(await nextChanges()).toEqual([noticeOf("page", page.body.id, p.owner)]);
  });

  it("a private page is never announced, until it is made public", async () => {
    const secret = await p.owner.post(`${p.base}/pages/`, { name: "Diary", access: 1 });
    const blocks = `${p.base}/pages/${secret.body.id}/page-blocks/`;
    const block = await p.owner.post(blocks, { name: "Dear diary" });
    expect(block.status).toBe(201);
    expect((await p.owner.patch(`${blocks}${block.body.id}/`, { name: "Dear diary," })).status).toBe(200);
    expect((await p.owner.patch(`${p.base}/pages/${secret.body.id}/`, { name: "My diary" })).status).toBe(200);
    // The first batch after the private writes is the page turning public.
    expect((await p.owner.patch(`${p.base}/pages/${secret.body.id}/`, { access: 0 })).status).toBe(200);
    expect(await nextChanges()).toEqual([noticeOf("page", secret.body.id, p.owner)]);
    // Made private again, the page is announced once more so the open copies learn they lost it.
    expect((await p.owner.patch(`${p.base}/pages/${secret.body.id}/`, { access: 1 })).status).toBe(200);
    expect(await nextChanges()).toEqual([noticeOf("page", secret.body.id, p.owner)]);
    expect(board.messages.filter((message) => message.type === "changes")).toEqual([]);
  });
});

describe("nobody outside the project hears it", () => {
  it("refuses a stranger's and another project's member's socket on this board", async () => {
    const stranger = await signUp({ first_name: "Stranger" });
    for (const client of [outsider, stranger]) expect((await openBoardSocket(client, p)).status).toBe(403);
  });

  it("the outsider's own project board carried none of the writes above", async () => {
    const theirs = await newIssue(elsewhere, { name: "Theirs" }, outsider);
    const changes = await nextChanges(outsiderBoard);
    expect(changes.map((change) => change.id)).toEqual([theirs.id]);
    expect(outsiderBoard.messages.filter((message) => message.type === "changes")).toEqual([]);
  });
});
