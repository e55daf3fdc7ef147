// Page blocks: CRUD under both path forms, sanitised HTML, validation,
// roles, converting a block into an issue, and the sync flag carrying block edits to that issue.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { call } from "../helpers/api";
import { type ProjectWithRoles, openBoard, projectWithRoles } from "../helpers/project-roles";

let p: ProjectWithRoles;
let other: ProjectWithRoles;

beforeAll(async () => {
  [p, other] = await Promise.all([projectWithRoles(), projectWithRoles()]);
});

async function newPage(name = "Notes", base = p.base, client = p.owner) {
  const response = await client.post(`${base}/pages/`, { name });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.id as string;
}

const blocksPath = (pageId: string, base = p.base) => `${base}/pages/${pageId}/page-blocks/`;
const blockPath = (blockId: string, base = p.base) => `${base}/page-blocks/${blockId}/`;

async function newBlock(pageId: string, body: Record<string, unknown> = {}, base = p.base, client = p.owner) {
  const response = await client.post(blocksPath(pageId, base), { name: "A block", ...body });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

async function convert(blockId: string, client = p.owner) {
  const response = await client.post(`${blockPath(blockId)}issues/`);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

describe("creating and reading blocks", () => {
  it("creates a block with a sanitised description and lists blocks in order", async () => {
    const pageId = await newPage();
    const first = await newBlock(pageId, {
      name: "  First  ",
      description: { type: "doc", content: [{ type: "paragraph" }] },
      description_html: '<p onclick="steal()">Hello <strong>world</strong><script>alert(1)</script></p><a href="javascript:alert(1)">x</a>',
    });
    expect(first).toMatchObject({
      name: "First",
      description: { type: "doc", content: [{ type: "paragraph" }] },
      issue: null,
      issue_detail: null,
      sync: true,
      page: pageId,
      project: p.projectId,
      created_by: p.owner.user.id,
    });
    expect(first.description_html).toContain("<strong>world</strong>");
    expect(first.description_html).not.toMatch(/script|onclick|javascript/i);
    expect(first.description_stripped).toContain("Hello world");

    const second = await newBlock(pageId, { name: "Second" });
    expect(second.description_html).toBe("<p></p>");
    expect(second.sort_order).toBeGreaterThan(first.sort_order);

    const list = await p.guest.get(blocksPath(pageId));
    expect(list.status).toBe(200);
    expect(list.body.map((b: { name: string }) => b.name)).toEqual(["First", "Second"]);
    expect((await p.viewer.get(blockPath(first.id))).body).toEqual(first);
    expect((await p.viewer.get(`${blocksPath(pageId)}${first.id}`)).body).toEqual(first);
  });

  it.each([
    ["a missing name", {}, { name: ["Title is required"] }],
    ["an empty name", { name: "" }, { name: ["Title is required"] }],
    ["a name over 255", { name: "b".repeat(256) }, { name: ["Title should be less than 255 characters"] }],
    ["a description that is not an object", { name: "x", description: "text" }, { description: ["Description must be a JSON object"] }],
    ["non-text HTML", { name: "x", description_html: 5 }, { description_html: ["Description must be HTML text"] }],
  ])("refuses %s", async (_label, body, expected) => {
    const pageId = await newPage();
    const response = await p.owner.post(blocksPath(pageId), body);
    expect(response.status).toBe(400);
    expect(response.body).toEqual(expected);
    expect((await p.owner.get(blocksPath(pageId))).body).toEqual([]);
  });

  it("PATCH validates too, and a malformed body is a 400, never a 500", async () => {
    const pageId = await newPage();
    const block = await newBlock(pageId);
    expect((await p.owner.patch(blockPath(block.id), { sync: "yes" })).body).toEqual({ sync: ["Sync must be true or false."] });
    expect((await p.owner.patch(blockPath(block.id), { name: "" })).body).toEqual({ name: ["Title is required"] });
    for (const rawBody of ["{", "null", "[]", "1", "not json"]) {
      expect((await call("PATCH", blockPath(block.id), { cookie: p.owner.cookie, rawBody })).status, rawBody).toBe(400);
      expect((await call("POST", blocksPath(pageId), { cookie: p.owner.cookie, rawBody })).status, rawBody).toBe(400);
    }
  });
});

describe("updating and deleting blocks", () => {
  it("PATCH and DELETE work through both path forms; the nested form checks the page", async () => {
    const pageId = await newPage();
    const otherPageId = await newPage("Other page");
    const block = await newBlock(pageId);
    const viaShort = await p.member.patch(blockPath(block.id), { name: "Short form", description_html: "<p>Body</p>" });
    expect(viaShort.status).toBe(200);
    expect(viaShort.body).toMatchObject({ name: "Short form", description_html: "<p>Body</p>", description_stripped: "Body" });
    const viaNested = await p.member.patch(`${blocksPath(pageId)}${block.id}/`, { name: "Nested form" });
    expect(viaNested.body.name).toBe("Nested form");
    expect(viaNested.body.description_html).toBe("<p>Body</p>");

    // The block is not on the other page.
    expect((await p.member.get(`${blocksPath(otherPageId)}${block.id}/`)).status).toBe(404);
    expect((await p.member.patch(`${blocksPath(otherPageId)}${block.id}/`, { name: "x" })).status).toBe(404);
    expect((await p.member.delete(`${blocksPath(otherPageId)}${block.id}/`)).status).toBe(404);

    expect((await p.member.delete(`${blocksPath(pageId)}${block.id}/`)).status).toBe(204);
    expect((await p.member.get(blockPath(block.id))).status).toBe(404);
    const second = await newBlock(pageId);
    expect((await p.member.delete(blockPath(second.id))).status).toBe(204);
    expect((await p.owner.get(blocksPath(pageId))).body).toEqual([]);
  });

  it("viewers and guests read blocks but cannot write or convert them", async () => {
    const pageId = await newPage();
    const block = await newBlock(pageId);
    for (const client of [p.viewer, p.guest]) {
      expect((await client.get(blocksPath(pageId))).status).toBe(200);
      expect((await client.get(blockPath(block.id))).status).toBe(200);
      expect((await client.post(blocksPath(pageId), { name: "Nope" })).status).toBe(403);
      expect((await client.patch(blockPath(block.id), { name: "Nope" })).status).toBe(403);
      expect((await client.delete(blockPath(block.id))).status).toBe(403);
      expect((await client.post(`${blockPath(block.id)}issues/`)).status).toBe(403);
    }
    expect((await p.outsider.get(blocksPath(pageId))).status).toBe(403);
    expect((await p.outsider.get(blockPath(block.id))).status).toBe(403);
    expect((await call("GET", blockPath(block.id))).status).toBe(401);
    expect((await p.owner.get(blockPath(block.id))).body.name).toBe("A block");
  });

  it("another workspace's block is 404 here", async () => {
    const foreignPage = await newPage("Foreign", other.base, other.owner);
    const foreign = await newBlock(foreignPage, {}, other.base, other.owner);
    expect((await p.owner.get(blockPath(foreign.id))).status).toBe(404);
    expect((await p.owner.patch(blockPath(foreign.id), { name: "Hijack" })).status).toBe(404);
    expect((await p.owner.delete(blockPath(foreign.id))).status).toBe(404);
    expect((await p.owner.post(`${blockPath(foreign.id)}issues/`)).status).toBe(404);
    expect((await p.owner.get(blocksPath(foreignPage))).status).toBe(404);
    expect((await p.owner.post(blocksPath(foreignPage), { name: "Intrude" })).status).toBe(404);
    expect((await other.owner.get(blockPath(foreign.id, other.base))).body.name).toBe("A block");
  });
});

describe("converting a block into an issue", () => {
  it("creates an issue from the block and links it", async () => {
    const pageId = await newPage();
    const block = await newBlock(pageId, {
      name: "Ship the page editor",
      description: { type: "doc", content: [] },
      description_html: "<p>Details <em>here</em></p>",
    });
    const issue = await convert(block.id, p.member);
    expect(issue).toMatchObject({
      name: "Ship the page editor",
      description_html: "<p>Details <em>here</em></p>",
      description: { type: "doc", content: [] },
      project: p.projectId,
    });
    expect(issue.sequence_id).toEqual(expect.any(Number));

    const linked = await p.viewer.get(blockPath(block.id));
    expect(linked.body.issue).toBe(issue.id);
    expect(linked.body.issue_detail).toMatchObject({
      id: issue.id,
      name: "Ship the page editor",
      sequence_id: issue.sequence_id,
      project_detail: { id: p.projectId, identifier: expect.any(String), name: "Project" },
    });
    const listed = await p.viewer.get(blocksPath(pageId));
    expect(listed.body[0].issue_detail.id).toBe(issue.id);

    const fetched = await p.viewer.get(`${p.base}/issues/${issue.id}/`);
    expect(fetched.status).toBe(200);
    expect(fetched.body.name).toBe("Ship the page editor");

    const again = await p.member.post(`${blocksPath(pageId)}${block.id}/issues/`);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: "This block has already been converted to an issue." });
    const count = await env.DB.prepare("SELECT count(*) AS n FROM issues WHERE project_id = ? AND name = ?")
      .bind(p.projectId, "Ship the page editor")
      .first<{ n: number }>();
    expect(count!.n).toBe(1);
  });

  it("with sync on, editing the block edits the issue (name, description) and writes activity", async () => {
    const pageId = await newPage();
    const block = await newBlock(pageId, { name: "Original" });
    const issue = await convert(block.id);
    const edited = await p.member.patch(blockPath(block.id), {
      name: "Renamed from the page",
      description: { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "New body" }] }] },
      description_html: "<p>New body<img src=x onerror=alert(1)></p>",
    });
    expect(edited.status).toBe(200);
    expect(edited.body.sync).toBe(true);
    expect(edited.body.issue_detail.name).toBe("Renamed from the page");

    const fetched = await p.owner.get(`${p.base}/issues/${issue.id}/`);
    expect(fetched.body.name).toBe("Renamed from the page");
    expect(fetched.body.description_html).toBe(edited.body.description_html);
    expect(fetched.body.description_html).not.toContain("onerror");
    expect(fetched.body.description).toEqual({
      type: "doc",
      content: [{ type: "paragraph", content: [{ type: "text", text: "New body" }] }],
    });
    const history = await p.owner.get(`${p.base}/issues/${issue.id}/history/`);
    const fields = (history.body as { type: string; field: string; old_value: string | null; new_value: string | null }[])
      .filter((entry) => entry.type === "activity")
      .map((entry) => [entry.field, entry.old_value, entry.new_value]);
    expect(fields).toContainEqual(["name", "Original", "Renamed from the page"]);
    expect(fields.some(([field]) => field === "description")).toBe(true);
  });

  it("with sync off, editing the block leaves the issue alone; turning it back on syncs again", async () => {
    const pageId = await newPage();
    const block = await newBlock(pageId, { name: "Synced once" });
    const issue = await convert(block.id);

    const off = await p.owner.patch(blockPath(block.id), { sync: false });
    expect(off.body.sync).toBe(false);
    const edited = await p.owner.patch(blockPath(block.id), { name: "Only the block", description_html: "<p>Block only</p>" });
    expect(edited.body.name).toBe("Only the block");
    let fetched = await p.owner.get(`${p.base}/issues/${issue.id}/`);
    expect(fetched.body.name).toBe("Synced once");
    expect(fetched.body.description_html).not.toContain("Block only");

    // Turning sync off in the same request as an edit also leaves the issue alone.
    await p.owner.patch(blockPath(block.id), { sync: true });
    await p.owner.patch(blockPath(block.id), { sync: false, name: "Still only the block" });
    fetched = await p.owner.get(`${p.base}/issues/${issue.id}/`);
    expect(fetched.body.name).toBe("Synced once");

    // Turning it on with an edit carries the edit.
    const on = await p.owner.patch(blockPath(block.id), { sync: true, name: "Back in sync" });
    expect(on.body.sync).toBe(true);
    fetched = await p.owner.get(`${p.base}/issues/${issue.id}/`);
    expect(fetched.body.name).toBe("Back in sync");
  });

  it("a block whose issue was deleted loses the link and can be edited and converted again", async () => {
    const pageId = await newPage();
    const block = await newBlock(pageId, { name: "Orphan" });
    const issue = await convert(block.id);
    expect((await p.owner.delete(`${p.base}/issues/${issue.id}/`)).status).toBe(204);
    const read = await p.owner.get(blockPath(block.id));
    expect(read.body.issue).toBeNull();
    expect(read.body.issue_detail).toBeNull();
    expect((await p.owner.patch(blockPath(block.id), { name: "Orphan edited" })).status).toBe(200);
    const second = await convert(block.id);
    expect(second.name).toBe("Orphan edited");
    expect(second.id).not.toBe(issue.id);
  });

  it("a synced edit reaches the project's live board after commit", async () => {
    const pageId = await newPage();
    const block = await newBlock(pageId, { name: "Live" });
    const issue = await convert(block.id);
    const board = await openBoard(p.viewer, p.base);
    try {
      expect((await p.owner.patch(blockPath(block.id), { name: "Live and renamed" })).status).toBe(200);
      const change = await board.next(
        (c) => c.kind === "issue" && c.op === "upsert" && c.id === issue.id && (c.row as { name?: string }).name === "Live and renamed",
      );
      expect(change).toBeTruthy();
    } finally {
      board.close();
    }
  });

  it("the converted issue shows up in the project's issue list", async () => {
    const pageId = await newPage();
    const block = await newBlock(pageId, { name: "Listed issue" });
    const issue = await convert(block.id);
    const list = await p.owner.get(`${p.base}/issues/`);
    expect(list.body.map((i: { id: string }) => i.id)).toContain(issue.id);
  });
});
