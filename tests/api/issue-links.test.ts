import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { type Client, call } from "../helpers/api";
import { type ProjectFixture, addMember, createProjectFixture } from "../helpers/project";

let p: ProjectFixture;
let viewer: Client;
let guest: Client;

beforeAll(async () => {
  p = await createProjectFixture(undefined, "LNK");
  viewer = await addMember(p, 10, "Viewer");
  guest = await addMember(p, 5, "Guest");
});

async function newIssue(name = "Issue with links") {
  const made = await p.owner.post(`${p.base}/issues/`, { name });
  expect(made.status).toBe(201);
  return made.body.id as string;
}

async function addLink(issueId: string, body: Record<string, unknown>) {
  const response = await p.owner.post(`${p.base}/issues/${issueId}/issue-links/`, body);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

async function linkCount(issueId: string) {
  const issue = await p.owner.get(`${p.base}/issues/${issueId}/`);
  expect(issue.status).toBe(200);
  return issue.body.link_count as number;
}

async function linkActivities(issueId: string) {
  const history = await p.owner.get(`${p.base}/issues/${issueId}/history/`);
  expect(history.status).toBe(200);
  return (history.body as { type: string; field: string; verb: string; old_value: string | null; new_value: string | null }[]).filter(
    (entry) => entry.type === "activity" && entry.field === "link",
  );
}

async function storedLinks(issueId: string) {
  const rows = await env.DB.prepare("SELECT id, url, title FROM issue_links WHERE issue_id = ?").bind(issueId).all();
  return rows.results;
}

describe("adding links", () => {
  it("stores the link, answers it with its creator, counts it on the issue and writes a 'link created' activity", async () => {
    const issueId = await newIssue();
    const created = await p.owner.post(`${p.base}/issues/${issueId}/issue-links/`, {
      url: "https://example.com/spec",
      title: "The spec",
      metadata: {},
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      title: "The spec",
      url: "https://example.com/spec",
      metadata: {},
      issue: issueId,
      created_by_detail: { id: p.owner.user.id, first_name: "Owner", email: p.owner.user.email, is_bot: false },
    });
    expect(created.body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.parse(created.body.created_at)).not.toBeNaN();

    expect(await linkCount(issueId)).toBe(1);
    const list = await p.owner.get(`${p.base}/issues/${issueId}/issue-links/`);
    expect(list.status).toBe(200);
    expect(list.body).toEqual([created.body]);
    const activities = await linkActivities(issueId);
    expect(activities).toHaveLength(1);
    expect(activities[0]).toMatchObject({ verb: "created", new_value: "https://example.com/spec" });
  });

  it("accepts a link without title (the dialog sends the URL and empty metadata) and paths without the trailing slash", async () => {
    const issueId = await newIssue();
    const created = await p.owner.post(`${p.base}/issues/${issueId}/issue-links`, { url: "http://example.org/a", metadata: {} });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ title: "", url: "http://example.org/a", metadata: {} });
    const list = await p.owner.get(`${p.base}/issues/${issueId}/issue-links`);
    expect(list.body.map((link: { url: string }) => link.url)).toEqual(["http://example.org/a"]);
  });

  it("lists the newest link first and keeps several links counted", async () => {
    const issueId = await newIssue();
    await addLink(issueId, { url: "https://example.com/1" });
    await addLink(issueId, { url: "https://example.com/2" });
    await addLink(issueId, { url: "https://example.com/3" });
    const list = await p.owner.get(`${p.base}/issues/${issueId}/issue-links/`);
    expect(list.body.map((link: { url: string }) => link.url)).toEqual([
      "https://example.com/3",
      "https://example.com/2",
      "https://example.com/1",
    ]);
    expect(await linkCount(issueId)).toBe(3);
  });

  it("refuses a missing URL, a non-http(s) URL, a too long URL or title and bad metadata, writing nothing", async () => {
    const issueId = await newIssue();
    const post = (body: unknown) => p.owner.post(`${p.base}/issues/${issueId}/issue-links/`, body);
    expect((await post({ title: "no url", metadata: {} })).body).toEqual({ url: ["URL is required"] });
    expect((await post({ url: "   " })).body).toEqual({ url: ["URL is required"] });
    expect((await post({ url: null })).body).toEqual({ url: ["URL is required"] });
    const invalid = { url: ["Enter a valid URL starting with http:// or https://"] };
    for (const url of ["javascript:alert(1)", "ftp://example.com/file", "example.com", "data:text/html,<b>x</b>"]) {
      const response = await post({ url });
      expect(response.status).toBe(400);
      expect(response.body).toEqual(invalid);
    }
    const longUrl = await post({ url: `https://example.com/${"a".repeat(2048)}` });
    expect(longUrl.body).toEqual({ url: ["URL should be less than 2048 characters"] });
    const longTitle = await post({ url: "https://example.com/t", title: "t".repeat(256) });
    expect(longTitle.body).toEqual({ title: ["Title should be less than 255 characters"] });
    const badMetadata = await post({ url: "https://example.com/m", metadata: "nope" });
    expect(badMetadata.body).toEqual({ metadata: ["Metadata must be a JSON object"] });
    const malformed = await call("POST", `${p.base}/issues/${issueId}/issue-links/`, { cookie: p.owner.cookie, rawBody: "{oops" });
    expect(malformed.status).toBe(400);

    expect(await storedLinks(issueId)).toEqual([]);
    expect(await linkCount(issueId)).toBe(0);
    expect(await linkActivities(issueId)).toEqual([]);
  });

  it("refuses a URL the issue already has, also when several requests for it arrive at once", async () => {
    const issueId = await newIssue();
    await addLink(issueId, { url: "https://example.com/dup" });
    const again = await p.owner.post(`${p.base}/issues/${issueId}/issue-links/`, { url: "https://example.com/dup", title: "again" });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ url: ["This URL already exists for this issue."] });

    const racing = await Promise.all(
      Array.from({ length: 6 }, () => p.owner.post(`${p.base}/issues/${issueId}/issue-links/`, { url: "https://example.com/race" })),
    );
    expect(racing.filter((r) => r.status === 201)).toHaveLength(1);
    for (const loser of racing.filter((r) => r.status !== 201)) {
      expect(loser.status).toBe(400);
      expect(loser.body).toEqual({ url: ["This URL already exists for this issue."] });
    }
    expect(await linkCount(issueId)).toBe(2);

    // The same URL on another issue is fine.
    const other = await newIssue("Another issue");
    await addLink(other, { url: "https://example.com/dup" });
  });
});

describe("editing and removing links", () => {
  it("changes title and URL through both paths and writes a 'link updated' activity with old and new URL", async () => {
    const issueId = await newIssue();
    const link = await addLink(issueId, { url: "https://example.com/old", title: "Old" });
    const short = await p.owner.patch(`${p.base}/issue-links/${link.id}/`, { title: "New title" });
    expect(short.status).toBe(200);
    expect(short.body).toMatchObject({ id: link.id, title: "New title", url: "https://example.com/old" });
    const long = await p.owner.patch(`${p.base}/issues/${issueId}/issue-links/${link.id}/`, { url: "https://example.com/new" });
    expect(long.status).toBe(200);
    expect(long.body).toMatchObject({ title: "New title", url: "https://example.com/new" });
    const read = await p.owner.get(`${p.base}/issue-links/${link.id}/`);
    expect(read.body).toMatchObject({ title: "New title", url: "https://example.com/new" });

    const updates = (await linkActivities(issueId)).filter((a) => a.verb === "updated");
    expect(updates.map((a) => [a.old_value, a.new_value])).toEqual([
      ["https://example.com/old", "https://example.com/old"],
      ["https://example.com/old", "https://example.com/new"],
    ]);
    expect(await linkCount(issueId)).toBe(1);
  });

  it("refuses an edit to a URL another link of the issue has, or to an invalid URL", async () => {
    const issueId = await newIssue();
    await addLink(issueId, { url: "https://example.com/taken" });
    const link = await addLink(issueId, { url: "https://example.com/mine" });
    const taken = await p.owner.patch(`${p.base}/issue-links/${link.id}/`, { url: "https://example.com/taken" });
    expect(taken.status).toBe(400);
    expect(taken.body).toEqual({ url: ["This URL already exists for this issue."] });
    const invalid = await p.owner.patch(`${p.base}/issue-links/${link.id}/`, { url: "mailto:someone@example.com" });
    expect(invalid.body).toEqual({ url: ["Enter a valid URL starting with http:// or https://"] });
    const empty = await p.owner.patch(`${p.base}/issue-links/${link.id}/`, { url: "" });
    expect(empty.body).toEqual({ url: ["URL is required"] });
    const unchanged = await p.owner.get(`${p.base}/issue-links/${link.id}/`);
    expect(unchanged.body.url).toBe("https://example.com/mine");
  });

  it("deletes a link through either path: the count goes down and a 'link deleted' activity names the URL", async () => {
    const issueId = await newIssue();
    const first = await addLink(issueId, { url: "https://example.com/first" });
    const second = await addLink(issueId, { url: "https://example.com/second" });
    expect(await linkCount(issueId)).toBe(2);

    expect((await p.owner.delete(`${p.base}/issue-links/${first.id}/`)).status).toBe(204);
    expect(await linkCount(issueId)).toBe(1);
    expect((await p.owner.delete(`${p.base}/issues/${issueId}/issue-links/${second.id}`)).status).toBe(204);
    expect(await linkCount(issueId)).toBe(0);

    const list = await p.owner.get(`${p.base}/issues/${issueId}/issue-links/`);
    expect(list.body).toEqual([]);
    const deleted = (await linkActivities(issueId)).filter((a) => a.verb === "deleted");
    expect(deleted.map((a) => a.old_value)).toEqual(["https://example.com/first", "https://example.com/second"]);

    const again = await p.owner.delete(`${p.base}/issue-links/${first.id}/`);
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ error: "Link not found." });
    expect(await linkCount(issueId)).toBe(0);
  });

  it("keeps the count right when the same link is deleted twice at once", async () => {
    const issueId = await newIssue();
    await addLink(issueId, { url: "https://example.com/keep" });
    const link = await addLink(issueId, { url: "https://example.com/gone" });
    const results = await Promise.all([
      p.owner.delete(`${p.base}/issue-links/${link.id}/`),
      p.owner.delete(`${p.base}/issue-links/${link.id}/`),
    ]);
    expect(results.some((r) => r.status === 204)).toBe(true);
    expect(await linkCount(issueId)).toBe(1);
  });
});

describe("who may touch links", () => {
  it("answers 401 without credentials", async () => {
    const issueId = await newIssue();
    const response = await call("POST", `${p.base}/issues/${issueId}/issue-links/`, { body: { url: "https://example.com/x" } });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ error: "Authentication credentials were not provided." });
    expect((await call("GET", `${p.base}/issues/${issueId}/issue-links/`)).status).toBe(401);
  });

  it("lets viewers and guests read links but not add, edit or delete them", async () => {
    const issueId = await newIssue();
    const link = await addLink(issueId, { url: "https://example.com/readonly" });
    for (const reader of [viewer, guest]) {
      const list = await reader.get(`${p.base}/issues/${issueId}/issue-links/`);
      expect(list.status).toBe(200);
      expect(list.body).toHaveLength(1);
      const add = await reader.post(`${p.base}/issues/${issueId}/issue-links/`, { url: "https://example.com/not-allowed" });
      expect(add.status).toBe(403);
      expect((await reader.patch(`${p.base}/issue-links/${link.id}/`, { title: "x" })).status).toBe(403);
      expect((await reader.delete(`${p.base}/issue-links/${link.id}/`)).status).toBe(403);
    }
    expect(await storedLinks(issueId)).toEqual([{ id: link.id, url: "https://example.com/readonly", title: "" }]);
    expect(await linkCount(issueId)).toBe(1);
  });

  it("lets a member (role 15) add links", async () => {
    const member = await addMember(p, 15, "Writer");
    const issueId = await newIssue();
    const created = await member.post(`${p.base}/issues/${issueId}/issue-links/`, { url: "https://example.com/by-member" });
    expect(created.status).toBe(201);
    expect(created.body.created_by_detail).toMatchObject({ id: member.user.id, first_name: "Writer" });
  });

  it("answers 404 for links and issues of another project or workspace", async () => {
    const issueId = await newIssue();
    const link = await addLink(issueId, { url: "https://example.com/private" });

    // Another project of the same workspace, where the owner is also a member.
    const second = await p.owner.post(`/api/workspaces/${p.slug}/projects/`, { name: "Second", identifier: "LNKB" });
    const secondBase = `/api/workspaces/${p.slug}/projects/${second.body.id}`;
    expect((await p.owner.get(`${secondBase}/issue-links/${link.id}/`)).status).toBe(404);
    expect((await p.owner.patch(`${secondBase}/issue-links/${link.id}/`, { title: "hijack" })).status).toBe(404);
    expect((await p.owner.delete(`${secondBase}/issue-links/${link.id}/`)).status).toBe(404);
    const foreignIssue = await p.owner.post(`${secondBase}/issues/${issueId}/issue-links/`, { url: "https://example.com/x" });
    expect(foreignIssue.status).toBe(404);
    expect(foreignIssue.body).toEqual({ error: "Issue not found." });
    expect((await p.owner.get(`${secondBase}/issues/${issueId}/issue-links/`)).status).toBe(404);

    // The link through a different issue of the right project.
    const otherIssue = await newIssue("Not the link's issue");
    expect((await p.owner.delete(`${p.base}/issues/${otherIssue}/issue-links/${link.id}/`)).status).toBe(404);

    // Another workspace's owner, with their own slug and project.
    const stranger = await createProjectFixture(undefined, "LNKC");
    expect((await stranger.owner.get(`${stranger.base}/issue-links/${link.id}/`)).status).toBe(404);
    expect((await stranger.owner.delete(`${stranger.base}/issue-links/${link.id}/`)).status).toBe(404);
    // ... and with ours: not a member of the workspace.
    expect((await stranger.owner.get(`${p.base}/issues/${issueId}/issue-links/`)).status).toBe(403);

    expect(await storedLinks(issueId)).toEqual([{ id: link.id, url: "https://example.com/private", title: "" }]);
  });
});
