// An issue named by its key ("DEMO-52"), the way copied links and messages carry it: the browse
// address and the project's issue address both send a reader on to the issue's page, in any case
// of letters; to anyone who may not read the issue, and for any text that names no issue, the key
// answers 404 (never a 500, never a hint that the issue exists).
import fc from "fast-check";
import { beforeEach, describe, expect, it } from "vitest";
import type { Client } from "../helpers/api";
import { addToWorkspace, callWorker, createProject, createTeamWithProject, expectStatus } from "../helpers/fixtures";

type World = Awaited<ReturnType<typeof createTeamWithProject>>;
let w: World;
let issue: { id: string; key: string };

beforeEach(async () => {
  w = await createTeamWithProject("key");
  const created = await w.owner.post(`/api/workspaces/${w.slug}/projects/${w.project.id}/issues/`, { name: "Launch checklist" });
  expectStatus(created, 201);
  issue = { id: created.body.id, key: `${w.project.identifier}-${created.body.sequence_id}` };
});

const open = (client: Client | null, path: string) => callWorker("GET", path, { cookie: client?.cookie });
const issuePage = () => `/${w.slug}/projects/${w.project.id}/issues/${issue.id}`;

describe("an issue by its key", () => {
  it("sends a project member from /browse/KEY to the issue's page, whatever the case of the key", async () => {
    for (const key of [issue.key, issue.key.toLowerCase()]) {
      const answer = await open(w.guest, `/${w.slug}/browse/${key}`);
      expect(answer.status, key).toBe(302);
      expect(answer.headers.get("location")).toBe(issuePage());
    }
    const page = await open(w.guest, issuePage());
    expect(page.status).toBe(200);
    expect(String(page.body)).toContain("Launch checklist");
  });

  it("answers the project's issue address with the key too", async () => {
    const answer = await open(w.member, `/${w.slug}/projects/${w.project.id}/issues/${issue.key}`);
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe(issuePage());
  });

  it("finds the issue in another project of the workspace by its own identifier", async () => {
    const other = await createProject(w.owner, w.slug);
    const created = await w.owner.post(`/api/workspaces/${w.slug}/projects/${other.id}/issues/`, { name: "Elsewhere" });
    const answer = await open(w.owner, `/${w.slug}/browse/${other.identifier}-${created.body.sequence_id}`);
    expect(answer.headers.get("location")).toBe(`/${w.slug}/projects/${other.id}/issues/${created.body.id}`);
  });

  it("names nothing to a workspace member outside the project, nor in another workspace", async () => {
    const outsider = await createTeamWithProject("keyother");
    await addToWorkspace(w.owner, w.slug, outsider.owner, 15);
    expect((await open(outsider.owner, `/${w.slug}/browse/${issue.key}`)).status).toBe(404);
    // Under their own workspace the key names nothing either.
    expect((await open(outsider.owner, `/${outsider.slug}/browse/${issue.key}`)).status).toBe(404);
    expect((await open(w.outsider, `/${w.slug}/browse/${issue.key}`)).status).toBe(403);
    expect((await open(null, `/${w.slug}/browse/${issue.key}`)).status).toBe(302);
    expect((await open(null, `/${w.slug}/browse/${issue.key}`)).headers.get("location")).toMatch(/^\/\?next=/);
  });

  it("answers 404 for any key that names no issue of the workspace, and never fails on other text", async () => {
    const keys = fc.oneof(
      fc.tuple(fc.stringMatching(/^[A-Za-z]{1,12}$/), fc.integer({ min: 0, max: 999_999_999 })).map(([id, n]) => `${id}-${n}`),
      fc.constantFrom(`${w.project.identifier}-0`, `${w.project.identifier}-999999999`, `${w.project.identifier}-2`),
    );
    await fc.assert(
      fc.asyncProperty(keys, async (key) => {
        if (key.toUpperCase() === issue.key) return;
        expect((await open(w.owner, `/${w.slug}/browse/${key}`)).status, key).toBe(404);
      }),
      { numRuns: 40 },
    );
    await fc.assert(
      fc.asyncProperty(fc.string({ minLength: 1, maxLength: 40 }), async (text) => {
        const answer = await open(w.owner, `/${w.slug}/browse/${encodeURIComponent(text)}`);
        expect(answer.status, text).toBeLessThan(500);
        expect(answer.headers.get("location") ?? "", text).not.toContain(issue.id);
      }),
      { numRuns: 40 },
    );
  });
});
