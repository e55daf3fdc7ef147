import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { type Client, call } from "../helpers/api";
import { type ProjectFixture, addMember, createProjectFixture } from "../helpers/project";

const EMPTY = "Comment cannot be empty.";
const NOT_AUTHOR = { error: "Only the author can edit or delete this comment." };
const doc = (text: string) => ({ type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text }] }] });

let p: ProjectFixture;
let member: Client;
let viewer: Client;
let guest: Client;

beforeAll(async () => {
  p = await createProjectFixture(undefined, "CMT");
  member = await addMember(p, 15, "Member");
  viewer = await addMember(p, 10, "Viewer");
  guest = await addMember(p, 5, "Guest");
});

async function newIssue(name = "Issue with comments") {
  const made = await p.owner.post(`${p.base}/issues/`, { name });
  expect(made.status).toBe(201);
  return made.body.id as string;
}

async function comment(client: Client, issueId: string, text: string) {
  const response = await client.post(`${p.base}/issues/${issueId}/comments/`, { comment_json: doc(text), comment_html: `<p>${text}</p>` });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

type HistoryEntry = { type: string; field?: string; verb?: string; old_value?: string | null; new_value?: string | null; comment_html?: string; id: string };

async function history(issueId: string): Promise<HistoryEntry[]> {
  const response = await p.owner.get(`${p.base}/issues/${issueId}/history/`);
  expect(response.status).toBe(200);
  return response.body;
}

const commentActivities = async (issueId: string) =>
  (await history(issueId)).filter((entry) => entry.type === "activity" && entry.field === "comment");

async function storedComments(issueId: string) {
  const rows = await env.DB.prepare("SELECT id, comment_html FROM issue_comments WHERE issue_id = ?").bind(issueId).all();
  return rows.results;
}

describe("posting comments", () => {
  it("stores the comment with its author's details and lists comments oldest first", async () => {
    const issueId = await newIssue();
    const created = await member.post(`${p.base}/issues/${issueId}/comments/`, {
      comment_json: doc("First thoughts"),
      comment_html: "<p>First <strong>thoughts</strong></p>",
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      actor: member.user.id,
      actor_detail: { id: member.user.id, first_name: "Member", last_name: "User", avatar: expect.any(String), is_bot: false },
      comment_json: doc("First thoughts"),
      comment_html: "<p>First <strong>thoughts</strong></p>",
      comment_stripped: "First thoughts",
      issue: issueId,
      project: p.projectId,
    });
    expect(Date.parse(created.body.created_at)).not.toBeNaN();
    expect(Date.parse(created.body.updated_at)).not.toBeNaN();

    const second = await comment(p.owner, issueId, "Second");
    const list = await viewer.get(`${p.base}/issues/${issueId}/comments/`);
    expect(list.status).toBe(200);
    expect(list.body.map((c: { id: string }) => c.id)).toEqual([created.body.id, second.id]);
    expect(list.body[1].actor_detail).toMatchObject({ first_name: "Owner" });
  });

  it("sanitises the HTML: scripts and event handlers never come back, safe markup stays", async () => {
    const issueId = await newIssue();
    const created = await p.owner.post(`${p.base}/issues/${issueId}/comments/`, {
      comment_json: doc("hello"),
      comment_html:
        '<p onclick="steal()">hello <script>alert(1)</script><img src="x" onerror="alert(2)"> <a href="javascript:alert(3)">link</a> <em>ok</em></p>',
    });
    expect(created.status).toBe(201);
    const html = created.body.comment_html as string;
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/onerror/i);
    expect(html).not.toMatch(/onclick/i);
    expect(html).not.toMatch(/javascript:/i);
    expect(html).toContain("<em>ok</em>");
    expect(html).toContain('<img src="x">');
    expect(created.body.comment_stripped).not.toContain("alert");

    const listed = await p.owner.get(`${p.base}/issues/${issueId}/comments/`);
    expect(listed.body[0].comment_html).toBe(html);
    const [stored] = await storedComments(issueId);
    expect(stored.comment_html).toBe(html);
  });

  it("refuses an empty comment: empty paragraphs, whitespace, script-only HTML or an empty JSON document", async () => {
    const issueId = await newIssue();
    const post = (body: unknown) => p.owner.post(`${p.base}/issues/${issueId}/comments/`, body);
    for (const comment_html of ["<p></p>", "", "   ", "<p> </p><p><br></p>", "<p><script>alert(1)</script></p>"]) {
      const response = await post({ comment_json: doc("x"), comment_html });
      expect(response.status, comment_html).toBe(400);
      expect(response.body).toEqual({ comment_html: [EMPTY] });
    }
    expect((await post({ comment_json: doc("x") })).body).toEqual({ comment_html: [EMPTY] });
    expect((await post({ comment_json: {}, comment_html: "<p>text</p>" })).body).toEqual({ comment_json: [EMPTY] });
    expect((await post({ comment_html: "<p>text</p>" })).body).toEqual({ comment_json: [EMPTY] });
    expect((await post({})).body).toEqual({ comment_json: [EMPTY], comment_html: [EMPTY] });
    expect((await post({ comment_json: "text", comment_html: "<p>x</p>" })).body).toEqual({
      comment_json: ["Comment must be a JSON object."],
    });
    expect((await post({ comment_json: doc("x"), comment_html: 42 })).body).toEqual({ comment_html: ["Comment must be HTML text."] });
    expect((await post({ comment_json: doc("x"), comment_html: `<p>${"x".repeat(200_001)}</p>` })).body).toEqual({
      comment_html: ["Comment is too long."],
    });

    expect(await storedComments(issueId)).toEqual([]);
    expect(await commentActivities(issueId)).toEqual([]);
  });

  it("accepts an image-only comment", async () => {
    const issueId = await newIssue();
    const response = await p.owner.post(`${p.base}/issues/${issueId}/comments/`, {
      comment_json: { type: "doc", content: [{ type: "image", attrs: { src: "https://example.com/shot.png" } }] },
      comment_html: '<p><img src="https://example.com/shot.png"></p>',
    });
    expect(response.status).toBe(201);
    expect(response.body.comment_html).toBe('<p><img src="https://example.com/shot.png"></p>');
    expect(response.body.comment_stripped).toBe("");
  });
});

describe("editing and deleting comments", () => {
  it("lets the author edit through both paths and writes 'comment updated' activities", async () => {
    const issueId = await newIssue();
    const created = await comment(member, issueId, "Draft");
    const short = await member.patch(`${p.base}/comments/${created.id}/`, {
      comment_json: doc("Edited"),
      comment_html: "<p>Edited<img src=x onerror=alert(1)></p>",
    });
    expect(short.status).toBe(200);
    expect(short.body).toMatchObject({ id: created.id, comment_json: doc("Edited"), comment_html: "<p>Edited<img src=x></p>", comment_stripped: "Edited" });
    expect(short.body.comment_html).not.toContain("onerror");
    const long = await member.patch(`${p.base}/issues/${issueId}/comments/${created.id}`, { comment_html: "<p>Final</p>" });
    expect(long.status).toBe(200);
    expect(long.body.comment_html).toBe("<p>Final</p>");
    expect(long.body.actor_detail).toMatchObject({ first_name: "Member" });

    const list = await p.owner.get(`${p.base}/issues/${issueId}/comments/`);
    expect(list.body.map((c: { comment_html: string }) => c.comment_html)).toEqual(["<p>Final</p>"]);
    const updates = (await commentActivities(issueId)).filter((a) => a.verb === "updated");
    expect(updates.map((a) => [a.old_value, a.new_value])).toEqual([
      ["Draft", "Edited"],
      ["Edited", "Final"],
    ]);
  });

  it("refuses an edit that empties the comment", async () => {
    const issueId = await newIssue();
    const created = await comment(member, issueId, "Keep me");
    const emptyHtml = await member.patch(`${p.base}/comments/${created.id}/`, { comment_html: "<p></p>" });
    expect(emptyHtml.status).toBe(400);
    expect(emptyHtml.body).toEqual({ comment_html: [EMPTY] });
    const emptyJson = await member.patch(`${p.base}/comments/${created.id}/`, { comment_json: {} });
    expect(emptyJson.body).toEqual({ comment_json: [EMPTY] });
    const [stored] = await storedComments(issueId);
    expect(stored.comment_html).toBe("<p>Keep me</p>");
  });

  it("refuses edits and deletes by anyone but the author, project owners included", async () => {
    const issueId = await newIssue();
    const created = await comment(member, issueId, "Mine");
    const other = await addMember(p, 15, "Other");
    for (const client of [p.owner, other]) {
      const edit = await client.patch(`${p.base}/comments/${created.id}/`, { comment_html: "<p>Hijacked</p>", comment_json: doc("Hijacked") });
      expect(edit.status).toBe(403);
      expect(edit.body).toEqual(NOT_AUTHOR);
      const remove = await client.delete(`${p.base}/issues/${issueId}/comments/${created.id}/`);
      expect(remove.status).toBe(403);
      expect(remove.body).toEqual(NOT_AUTHOR);
    }
    const [stored] = await storedComments(issueId);
    expect(stored.comment_html).toBe("<p>Mine</p>");
  });

  it("lets the author delete: the comment leaves the list and a 'comment deleted' activity stays", async () => {
    const issueId = await newIssue();
    const first = await comment(p.owner, issueId, "Going");
    const second = await comment(p.owner, issueId, "Also going");
    expect((await p.owner.delete(`${p.base}/comments/${first.id}/`)).status).toBe(204);
    expect((await p.owner.delete(`${p.base}/issues/${issueId}/comments/${second.id}`)).status).toBe(204);
    expect((await p.owner.get(`${p.base}/issues/${issueId}/comments/`)).body).toEqual([]);
    const deleted = (await commentActivities(issueId)).filter((a) => a.verb === "deleted");
    expect(deleted.map((a) => a.old_value)).toEqual(["Going", "Also going"]);
    const again = await p.owner.delete(`${p.base}/comments/${first.id}/`);
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ error: "Comment not found." });
  });
});

describe("history", () => {
  it("merges comments with the issue's activities, oldest first", async () => {
    const issueId = await newIssue("History issue");
    await p.owner.patch(`${p.base}/issues/${issueId}/`, { priority: "high" });
    const posted = await comment(member, issueId, "Looks good");
    await p.owner.patch(`${p.base}/issues/${issueId}/`, { priority: "low" });

    const entries = await history(issueId);
    const summary = entries.map((e) => (e.type === "comment" ? `comment:${e.comment_html}` : `${e.field}:${e.verb}:${e.new_value}`));
    expect(summary).toEqual([
      "issue:created:History issue",
      "priority:updated:high",
      "comment:created:Looks good",
      "comment:<p>Looks good</p>",
      "priority:updated:low",
    ]);
    const commentEntry = entries.find((e) => e.type === "comment")!;
    expect(commentEntry).toMatchObject({ id: posted.id, actor_detail: { first_name: "Member" } });
  });
});

describe("who may comment", () => {
  it("answers 401 without credentials", async () => {
    const issueId = await newIssue();
    const response = await call("POST", `${p.base}/issues/${issueId}/comments/`, { body: { comment_json: doc("x"), comment_html: "<p>x</p>" } });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ error: "Authentication credentials were not provided." });
    expect((await call("GET", `${p.base}/issues/${issueId}/comments/`)).status).toBe(401);
  });

  it("lets viewers and guests read comments but not post them", async () => {
    const issueId = await newIssue();
    await comment(p.owner, issueId, "Visible");
    for (const reader of [viewer, guest]) {
      const list = await reader.get(`${p.base}/issues/${issueId}/comments/`);
      expect(list.status).toBe(200);
      expect(list.body).toHaveLength(1);
      const post = await reader.post(`${p.base}/issues/${issueId}/comments/`, { comment_json: doc("x"), comment_html: "<p>x</p>" });
      expect(post.status).toBe(403);
    }
    expect(await storedComments(issueId)).toHaveLength(1);
  });

  it("answers 404 for comments and issues of another project or workspace", async () => {
    const issueId = await newIssue();
    const created = await comment(p.owner, issueId, "Private");
    const second = await p.owner.post(`/api/workspaces/${p.slug}/projects/`, { name: "Second", identifier: "CMTB" });
    const secondBase = `/api/workspaces/${p.slug}/projects/${second.body.id}`;
    expect((await p.owner.patch(`${secondBase}/comments/${created.id}/`, { comment_html: "<p>x</p>" })).status).toBe(404);
    expect((await p.owner.delete(`${secondBase}/comments/${created.id}/`)).status).toBe(404);
    const foreign = await p.owner.get(`${secondBase}/issues/${issueId}/comments/`);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ error: "Issue not found." });

    const otherIssue = await newIssue("Not this one");
    expect((await p.owner.delete(`${p.base}/issues/${otherIssue}/comments/${created.id}/`)).status).toBe(404);

    const stranger = await createProjectFixture(undefined, "CMTC");
    expect((await stranger.owner.delete(`${stranger.base}/comments/${created.id}/`)).status).toBe(404);
    expect((await stranger.owner.get(`${p.base}/issues/${issueId}/comments/`)).status).toBe(403);
    expect(await storedComments(issueId)).toHaveLength(1);
  });
});
