// A page's detail screen as the browser uses it: the loader (blocks in order, the issues they
// became and those issues' states; a private page is 404 for everyone but its creator) and the
// action's intents (quick-add, edit, sync to the linked issue, convert, delete, rename).
import { fetchWorker } from "../helpers/worker";
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { type Client, ORIGIN } from "../helpers/api";
import { createTeamWithProject, expectStatus } from "../helpers/fixtures";
import { type PageActionBody, loadPageData, postPageAction } from "../helpers/page-action";
import type { PageDetailScreenData } from "../../app/lib/pages-contract";
import { pageDetailOf } from "../../workers/domain/page-detail";
import { actorOn, countingDb } from "../helpers/counting-db";

type World = Awaited<ReturnType<typeof createTeamWithProject>>;
let w: World;
let pageId: string;

const ROUTE = "routes/$workspaceSlug.projects.$projectId.pages.$pageId";
const api = () => `/api/workspaces/${w.slug}/projects/${w.project.id}`;
const detailPath = (id = pageId) => `/${w.slug}/projects/${w.project.id}/pages/${id}`;

beforeEach(async () => {
  w = await createTeamWithProject("pgdetail");
  const page = await w.member.post(`${api()}/pages/`, { name: "Planning" });
  expectStatus(page, 201);
  pageId = page.body.id;
});

const post = (client: Client, body: PageActionBody, id = pageId) => postPageAction(client, `${detailPath(id)}.data`, body);
const load = (client: Client, id = pageId) => loadPageData<PageDetailScreenData>(client, `${detailPath(id)}.data`, ROUTE);

async function addBlock(name: string, client: Client = w.member) {
  const response = await client.post(`${api()}/pages/${pageId}/page-blocks/`, { name, description_html: `<p>${name} text</p>` });
  expectStatus(response, 201);
  return response.body.id as string;
}

const issueRow = (id: string) =>
  env.DB.prepare("SELECT name, description_html, state_id FROM issues WHERE id = ?")
    .bind(id)
    .first<{ name: string; description_html: string; state_id: string }>();
const blockRow = (id: string) =>
  env.DB.prepare("SELECT name, description_html, issue_id, sync FROM page_blocks WHERE id = ?")
    .bind(id)
    .first<{ name: string; description_html: string; issue_id: string | null; sync: number }>();

describe("the loader", () => {
  it("answers the page's blocks in order with the issue each became and that issue's state", async () => {
    const first = await addBlock("First");
    await addBlock("Second");
    const converted = await w.member.post(`${api()}/page-blocks/${first}/issues/`, {});
    expectStatus(converted, 201);
    const data = await load(w.owner);
    expect(data.page).toMatchObject({ id: pageId, name: "Planning", is_favorite: false, created_by: w.member.user.id });
    expect(data.me).toBe(w.owner.user.id);
    expectStatus(await w.owner.post(`${api()}/user-favorite-pages/`, { page: pageId }), 201);
    expect((await load(w.owner)).page).toMatchObject({ id: pageId, is_favorite: true });
    expect((await load(w.member)).page).toMatchObject({ id: pageId, is_favorite: false });
    expect(data.blocks.map((block) => block.name)).toEqual(["First", "Second"]);
    expect(data.blocks[0].description_html).toBe("<p>First text</p>");
    const issue = data.blocks[0].issue;
    expect(issue).toMatchObject({ id: converted.body.id, sequence_id: converted.body.sequence_id });
    // A new issue lands in the project's default state.
    expect(data.states.find((state) => state.id === issue?.state)?.name).toBe("Backlog");
    expect(data.blocks[1].issue).toBeNull();
    expect(data.project.identifier).toBe(w.project.identifier);
  });

  it("reads the page, its blocks, their issues and the states in 2 round trips however many blocks it has", async () => {
    for (let index = 0; index < 12; index++) {
      const block = await addBlock(`Block ${index}`);
      if (index % 3 === 0) expectStatus(await w.member.post(`${api()}/page-blocks/${block}/issues/`, {}), 201);
    }
    const counted = countingDb();
    const data = await pageDetailOf(await actorOn(counted.db, w.owner.user.id), w.slug, w.project.id, pageId);
    // The access check, then one batch for everything else.
    expect(counted.counter.roundTrips).toBeLessThanOrEqual(2);
    expect(data.blocks).toHaveLength(12);
    expect(data.blocks.filter((block) => block.issue !== null)).toHaveLength(4);
  });

  it("answers 404 for someone else's private page, through the loader and the page itself", async () => {
    const secret = await w.member.post(`${api()}/pages/`, { name: "Secret plans", access: 1 });
    expectStatus(secret, 201);
    expect((await load(w.member, secret.body.id)).page.name).toBe("Secret plans");
    for (const client of [w.owner, w.viewer]) {
      const data = await fetchWorker(`${ORIGIN}${detailPath(secret.body.id)}.data`, { headers: { cookie: client.cookie } });
      expect(data.status).toBe(404);
      const html = await fetchWorker(`${ORIGIN}${detailPath(secret.body.id)}`, { headers: { cookie: client.cookie } });
      expect(html.status).toBe(404);
      const text = await html.text();
      expect(text).toContain("Page does not exist");
      expect(text).not.toContain("Secret plans");
    }
  });
});

describe("the action", () => {
  it("adds a block from the quick-add row, with the title's messages", async () => {
    const added = await post(w.member, { form: { name: "Quick one" } });
    expect(added.status, added.text).toBe(200);
    expect((await load(w.member)).blocks.map((block) => block.name)).toEqual(["Quick one"]);
    const empty = await post(w.member, { form: { name: " " } });
    expect(empty.status).toBe(400);
    expect(empty.text).toContain("Title is required");
    const long = await post(w.member, { form: { name: "y".repeat(256) } });
    expect(long.status).toBe(400);
    expect(long.text).toContain("Title should be less than 255 characters");
  });

  it("edits a block; while sync is on the linked issue gets the same name and description", async () => {
    const block = await addBlock("Draft idea");
    const converted = await post(w.member, { json: { intent: "convert-block", block_id: block } });
    expect(converted.status, converted.text).toBe(200);
    const issueId = (await blockRow(block))?.issue_id ?? "";
    expect(converted.text).toContain(issueId);
    expect((await issueRow(issueId))?.name).toBe("Draft idea");

    const edited = await post(w.member, {
      json: { intent: "update-block", block_id: block, name: "Ship the idea", description: null, description_html: "<p>Now with detail</p>" },
    });
    expect(edited.status, edited.text).toBe(200);
    expect(await issueRow(issueId)).toMatchObject({ name: "Ship the idea", description_html: "<p>Now with detail</p>" });

    const off = await post(w.member, { json: { intent: "set-block-sync", block_id: block, sync: false } });
    expect(off.status).toBe(200);
    await post(w.member, {
      json: { intent: "update-block", block_id: block, name: "Only the block", description: null, description_html: "<p>Only here</p>" },
    });
    expect((await blockRow(block))?.name).toBe("Only the block");
    expect((await issueRow(issueId))?.name).toBe("Ship the idea");
  });

  it("refuses an empty block title with its message and keeps the block", async () => {
    const block = await addBlock("Keep me");
    const answer = await post(w.member, {
      json: { intent: "update-block", block_id: block, name: "  ", description: null, description_html: "<p></p>" },
    });
    expect(answer.status).toBe(400);
    expect(answer.text).toContain("Title is required");
    expect((await blockRow(block))?.name).toBe("Keep me");
  });

  it("converts a block only once", async () => {
    const block = await addBlock("Once");
    expect((await post(w.member, { json: { intent: "convert-block", block_id: block } })).status).toBe(200);
    const again = await post(w.member, { json: { intent: "convert-block", block_id: block } });
    expect(again.status).toBe(409);
    const count = await env.DB.prepare("SELECT count(*) AS n FROM issues WHERE project_id = ?").bind(w.project.id).first<{ n: number }>();
    expect(count?.n).toBe(1);
  });

  it("deletes a block and renames the page; viewers change nothing", async () => {
    const block = await addBlock("Gone soon");
    expect((await post(w.viewer, { json: { intent: "delete-block", block_id: block } })).status).toBe(403);
    expect((await post(w.viewer, { json: { intent: "rename-page", name: "Hijacked" } })).status).toBe(403);
    expect((await post(w.member, { json: { intent: "delete-block", block_id: block } })).status).toBe(200);
    expect(await blockRow(block)).toBeNull();
    const renamed = await post(w.member, { json: { intent: "rename-page", name: "Roadmap" } });
    expect(renamed.status, renamed.text).toBe(200);
    expect((await load(w.owner)).page.name).toBe("Roadmap");
    const empty = await post(w.member, { json: { intent: "rename-page", name: "" } });
    expect(empty.status).toBe(400);
    expect(empty.text).toContain("Title is required");
  });

  it("does not reach a block of another page through this page", async () => {
    const other = await w.member.post(`${api()}/pages/`, { name: "Other" });
    const foreign = await w.member.post(`${api()}/pages/${other.body.id}/page-blocks/`, { name: "Foreign" });
    const answer = await post(w.member, { json: { intent: "delete-block", block_id: foreign.body.id } });
    expect(answer.status).toBe(404);
    expect(await blockRow(foreign.body.id)).not.toBeNull();
  });
});
