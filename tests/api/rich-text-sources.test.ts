// Every door stored rich text comes in by holds it to one rule (ADR 032): descriptions (HTML and
// ProseMirror JSON, on create and PATCH), comments, page blocks, the importers' writer, GitHub sync
// and AI answers. Script URLs (javascript:, vbscript:, data:text/html) are generated in many
// spellings (character references, control characters, case, leading whitespace); none may be
// stored or answered, and a safe URL is stored in the clean form a browser would follow. Deeply
// nested markup and JSON answer a 4xx or are stored flattened, never a 5xx.
import { env } from "cloudflare:workers";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { users } from "../../drizzle/schema";
import { openDb } from "../../workers/db";
import { ROLE, projectAccess } from "../../workers/domain/access";
import type { ActorContext } from "../../workers/domain/context";
import { realPorts } from "../../workers/adapters";
import { PostCommit } from "../../workers/domain/post-commit";
import { RICH_TEXT_TOO_DEEP } from "../../workers/domain/schemas/rich-text-policy";
import { getConfig } from "../../workers/env";
import type { ImporterRow } from "../../workers/domain/importer-row";
import { INITIAL_PROGRESS } from "../../workers/domain/importer-row";
import { writeImportPage } from "../../workers/importers/writer";
import { eq } from "drizzle-orm";
import { eventEnvelope, githubComment, githubIssue, githubUser } from "../fakes/github/webhooks";
import { call } from "../helpers/api";
import { deliveryApplied, postDelivery, signedDelivery, syncFakeRepository } from "../helpers/github-sync";
import { fuzzRun } from "../helpers/hostile-input";
import { rows, workspaceIdOf } from "../helpers/issue-fixtures";
import { type ProjectFixture, createProjectFixture } from "../helpers/project";
import { docCarrying, encodedSafeUrl, encodedScriptUrl, htmlCarrying, isDangerousStoredUrl, rawScriptUrl, urlsIn } from "../helpers/script-urls";

let p: ProjectFixture;
let pageId: string;
let issueId: string;

beforeAll(async () => {
  p = await createProjectFixture(undefined, "RTS");
  const page = await p.owner.post(`${p.base}/pages/`, { name: "Notes" });
  pageId = page.body.id;
  issueId = (await p.owner.post(`${p.base}/issues/`, { name: "Target" })).body.id;
});

/** Asserts stored or answered HTML holds no dangerous URL. */
function expectSafeHtml(html: string, context: string) {
  for (const url of urlsIn(html)) expect(isDangerousStoredUrl(url), `${context}: ${url}`).toBe(false);
  expect(html, context).not.toMatch(/(java|vb)script:|data:text/i);
}

/** Asserts stored ProseMirror JSON holds no dangerous URL. */
function expectSafeJson(json: unknown, context: string) {
  expect(JSON.stringify(json) ?? "", context).not.toMatch(/(java|vb)script:|data:text/i);
}

/** `count` values of `arbitrary`, drawn from the fuzz seed. */
const sampled = <T>(arbitrary: fc.Arbitrary<T>, count: number): T[] => fc.sample(arbitrary, { ...fuzzRun(count), numRuns: count } as fc.Parameters<T>);

/** A script URL for HTML and one for JSON, generated together. */
const hostile = fc.record({ html: encodedScriptUrl.chain(htmlCarrying), json: rawScriptUrl });

describe("through the API", () => {
  it("keeps no script URL in an issue's description, created or patched", async () => {
    await fc.assert(
      fc.asyncProperty(hostile, async ({ html, json }) => {
        const created = await p.owner.post(`${p.base}/issues/`, { name: "X", description_html: html, description: docCarrying(json) });
        expect(created.status, JSON.stringify(created.body)).toBe(201);
        const patched = await p.owner.patch(`${p.base}/issues/${created.body.id}/`, { description_html: `<p>x</p>${html}`, description: docCarrying(json) });
        expect(patched.status).toBe(200);
        const [stored] = await rows<{ description_html: string; description: string }>("SELECT description_html, description FROM issues WHERE id = ?", created.body.id);
        for (const answer of [created.body, patched.body, stored]) expectSafeHtml(answer.description_html, html);
        for (const answer of [created.body.description, patched.body.description, stored.description]) expectSafeJson(answer, json);
      }),
      fuzzRun(40),
    );
  });

  it("keeps no script URL in a comment", async () => {
    await fc.assert(
      fc.asyncProperty(hostile, async ({ html, json }) => {
        const created = await p.owner.post(`${p.base}/issues/${issueId}/comments/`, { comment_html: html, comment_json: docCarrying(json) });
        expect(created.status, JSON.stringify(created.body)).toBe(201);
        const [stored] = await rows<{ comment_html: string; comment_json: string }>("SELECT comment_html, comment_json FROM issue_comments WHERE id = ?", created.body.id);
        expectSafeHtml(created.body.comment_html, html);
        expectSafeHtml(stored.comment_html, html);
        expectSafeJson(created.body.comment_json, json);
        expectSafeJson(stored.comment_json, json);
      }),
      fuzzRun(40),
    );
  });

  it("keeps no script URL in a page block, created or patched", async () => {
    await fc.assert(
      fc.asyncProperty(hostile, async ({ html, json }) => {
        const created = await p.owner.post(`${p.base}/pages/${pageId}/page-blocks/`, { name: "B", description_html: html, description: docCarrying(json) });
        expect(created.status, JSON.stringify(created.body)).toBe(201);
        const patched = await p.owner.patch(`${p.base}/page-blocks/${created.body.id}/`, { description_html: `<p>y</p>${html}`, description: docCarrying(json) });
        expect(patched.status, JSON.stringify(patched.body)).toBe(200);
        const [stored] = await rows<{ description_html: string; description: string }>("SELECT description_html, description FROM page_blocks WHERE id = ?", created.body.id);
        for (const answer of [created.body, patched.body, stored]) expectSafeHtml(answer.description_html, html);
        for (const answer of [created.body.description, patched.body.description, stored.description]) expectSafeJson(answer, json);
      }),
      fuzzRun(30),
    );
  });

  it("stores a safe URL in the clean form a browser follows, in HTML and JSON", async () => {
    await fc.assert(
      fc.asyncProperty(encodedSafeUrl, async ({ written, clean }) => {
        const html = `<p><a href="${written.replace(/"/g, "&quot;")}">l</a></p>`;
        const raw = written.replace(/&Tab;|&#9;/g, "\t").replace(/&NewLine;|&#x0A;/g, "\n").replace(/&#13;/g, "\r");
        const jsonUrl = /&/.test(raw) ? clean : raw;
        const created = await p.owner.post(`${p.base}/issues/${issueId}/comments/`, { comment_html: html, comment_json: docCarrying(jsonUrl) });
        expect(created.status).toBe(201);
        expect(urlsIn(created.body.comment_html)).toEqual([clean]);
        const content = created.body.comment_json.content[0].content;
        expect(content[0].marks[1].attrs.href).toBe(clean);
        expect(content[1].attrs.src).toBe(clean);
      }),
      fuzzRun(30),
    );
  });
});

describe("through the other sources", () => {
  it("keeps no script URL in imported issues and comments (the importers' writer)", async () => {
    const workspaceId = await workspaceIdOf(p);
    const importerId = crypto.randomUUID();
    const now = new Date().toISOString();
    await env.DB.prepare(
      `INSERT INTO importers (id, workspace_id, project_id, service, status, metadata, config, data, initiated_by, progressed_at, created_at, updated_at)
       VALUES (?, ?, ?, 'github', 'processing', '{}', '{"sync":false}', '{}', ?, ?, ?, ?)`,
    )
      .bind(importerId, workspaceId, p.projectId, p.owner.user.id, now, now, now)
      .run();
    const importer = (await env.DB.prepare("SELECT * FROM importers WHERE id = ?").bind(importerId).first()) as unknown as ImporterRow;
    const { db } = openDb(env.DB, null);
    const [actor] = await db.select().from(users).where(eq(users.id, p.owner.user.id));
    const ctx: ActorContext = { db, env, config: getConfig(env), effects: new PostCommit(), ports: realPorts(env, getConfig(env)), actor };
    const access = await projectAccess(ctx, p.slug, p.projectId, ROLE.member);
    const target = { ctx, access, importer, scope: `test:${importerId}`, sourceName: "Test" };
    const samples = sampled(encodedScriptUrl.chain(htmlCarrying), 40);
    const page = {
      issues: samples.map((html, n) => ({ key: `i${n}`, title: `Imported ${n}`, description_html: html, state: { group: "backlog" as const }, priority: "none" as const, labels: [], assignees: [] })),
      comments: samples.map((html, n) => ({ key: `c${n}`, issue_key: `i${n}`, html })),
    };
    await writeImportPage(target, { page, next: null }, INITIAL_PROGRESS);
    const issues = await rows<{ id: string; description_html: string }>("SELECT id, description_html FROM issues WHERE project_id = ? AND external_id LIKE 'i%'", p.projectId);
    expect(issues).toHaveLength(samples.length);
    for (const issue of issues) expectSafeHtml(issue.description_html, "imported issue");
    const comments = await rows<{ comment_html: string }>(`SELECT comment_html FROM issue_comments WHERE issue_id IN (${issues.map(() => "?").join(",")})`, ...issues.map((issue) => issue.id));
    expect(comments).toHaveLength(samples.length);
    for (const comment of comments) expectSafeHtml(comment.comment_html, "imported comment");
  });

  it("keeps no script URL in an issue or comment GitHub sync brings", async () => {
    const repo = await syncFakeRepository(await workspaceIdOf(p), p.projectId);
    const samples = sampled(encodedScriptUrl.chain(htmlCarrying), 30);
    // Markdown passes inline HTML through as it is: one paragraph per generated link.
    const body = samples.join("\n\n");
    const issue = { id: repo.repository.id * 1000 + 1, number: 1, title: "Synced", body };
    const human = githubUser("octo-human", 42);
    const opened = await signedDelivery("issues", { action: "opened", issue: githubIssue(repo.repository, issue), ...eventEnvelope(repo.repository, human, 77) });
    expect((await postDelivery(opened)).status).toBe(200);
    expect(await deliveryApplied(opened.id)).toBe("done");
    const commented = await signedDelivery("issue_comment", {
      action: "created",
      issue: githubIssue(repo.repository, issue),
      comment: githubComment(repo.repository, issue.number, { id: 9_000_001, body }),
      ...eventEnvelope(repo.repository, human, 77),
    });
    expect((await postDelivery(commented)).status).toBe(200);
    expect(await deliveryApplied(commented.id)).toBe("done");
    const [synced] = await rows<{ id: string; description_html: string }>(
      "SELECT i.id, i.description_html FROM github_issue_syncs g JOIN issues i ON i.id = g.issue_id WHERE g.repository_sync_id = ? AND g.github_issue_id = ?",
      repo.syncId,
      issue.id,
    );
    expect(synced.description_html).toContain("link</a>");
    expectSafeHtml(synced.description_html, "synced issue");
    const comments = await rows<{ comment_html: string }>("SELECT comment_html FROM issue_comments WHERE issue_id = ?", synced.id);
    expect(comments).toHaveLength(1);
    expectSafeHtml(comments[0].comment_html, "synced comment");
  });

  it("keeps no script URL in an AI answer", async () => {
    const samples = sampled(encodedScriptUrl.chain(htmlCarrying), 5);
    for (const html of samples) {
      // The fake model quotes the prompt's last line back in markdown, inline HTML included.
      const answer = await p.owner.post(`${p.base}/ai-assistant/`, { prompt: html.replace(/[\r\n]/g, " "), task: "Say it." });
      if (answer.status === 429) break;
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expectSafeHtml(answer.body.response_html, html);
    }
  });
});

describe("deeply nested rich text", () => {
  const tags = fc.array(fc.constantFrom("div", "b", "span", "p", "li", "blockquote", "em", "x-y", "table", "a"), { minLength: 1, maxLength: 4 });
  // Depths and tag mixes are generated; the text is built inside the property, so a failure
  // prints the few numbers and names it came from, not megabytes of markup. HTML stays under the
  // field's 200,000-character limit.
  const nestedHtml = (depth: number, mix: string[]) => {
    const fit = Math.min(depth, Math.floor(190_000 / (Math.max(...mix.map((tag) => tag.length)) + 2)));
    return `${Array.from({ length: fit }, (_, i) => `<${mix[i % mix.length]}>`).join("")}deep`;
  };
  // As JSON text: a nested object this deep would overflow the test's own JSON.stringify.
  const nestedJson = (depth: number, key: string) =>
    `{"type":"doc","content":[${`{"type":"paragraph","${key}":[`.repeat(depth)}{"type":"text","text":"deep"}${"]}".repeat(depth)}]}`;
  /** A JSON body with `json` (JSON text) as the value of `field`. */
  const withJson = (fields: Record<string, unknown>, field: string, json: string) => `${JSON.stringify(fields).slice(0, -1)},"${field}":${json}}`;
  const send = (method: string, path: string, body: string) => call(method, path, { cookie: p.owner.cookie, rawBody: body });

  /** A 4xx carries a field message; anything else must be success. */
  function expectNo5xx(answer: { status: number; body: unknown }, field: string) {
    expect(answer.status, JSON.stringify(answer.body).slice(0, 300)).toBeLessThan(500);
    if (answer.status >= 400) expect(answer.body).toEqual({ [field]: [RICH_TEXT_TOO_DEEP] });
  }

  it("answers a 4xx with a field message or stores it flattened, on description, comment and page block", async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 100, max: 60_000 }), tags, fc.integer({ min: 50, max: 20_000 }), fc.constantFrom("content", "marks"), async (htmlDepth, mix, jsonDepth, key) => {
        const html = nestedHtml(htmlDepth, mix);
        const json = nestedJson(jsonDepth, key);
        const issue = await p.owner.post(`${p.base}/issues/`, { name: "Deep", description_html: html });
        expect(issue.status).toBe(201);
        expectNo5xx(await send("POST", `${p.base}/issues/`, withJson({ name: "Deep" }, "description", json)), "description");
        expectNo5xx(await send("PATCH", `${p.base}/issues/${issue.body.id}/`, withJson({ description_html: html }, "description", json)), "description");
        expectNo5xx(await p.owner.post(`${p.base}/issues/${issueId}/comments/`, { comment_html: html, comment_json: { type: "doc" } }), "comment_html");
        expectNo5xx(await send("POST", `${p.base}/issues/${issueId}/comments/`, withJson({ comment_html: "<p>x</p>" }, "comment_json", json)), "comment_json");
        const block = await p.owner.post(`${p.base}/pages/${pageId}/page-blocks/`, { name: "Deep", description_html: html });
        expect(block.status).toBe(201);
        expectNo5xx(await send("PATCH", `${p.base}/page-blocks/${block.body.id}/`, withJson({}, "description", json).replace("{,", "{")), "description");
        const read = await p.owner.get(`${p.base}/issues/${issue.body.id}/`);
        expect(read.status).toBe(200);
        expect(read.body.description_stripped).toBe("deep");
      }),
      fuzzRun(8),
    );
  }, 120_000);
});
