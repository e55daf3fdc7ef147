// Project exports: a job writes a project's issues to R2 as CSV or JSON with every field, only the
// project's members download it, and a CSV export imported into an empty project gives the same
// issues back.
import { env } from "cloudflare:workers";
import fc from "fast-check";
import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { csvCell, csvCellValue } from "../../workers/domain/csv-cells";
import { guessCsvMapping } from "../../workers/domain/schemas/csv-importer";
import { EXPORT_CSV_COLUMNS } from "../../workers/exports/runner";
import { type Client, call } from "../helpers/api";
import { addToProject, countRows, createProject, createTeam, expectStatus } from "../helpers/fixtures";
import { fuzzRun } from "../helpers/hostile-input";

async function waitFor<T extends { status: string }>(read: () => Promise<T | undefined>): Promise<T> {
  // Polls what the page would show until the job has finished (the test times out otherwise).
  for (;;) {
    const found = await read();
    if (found && found.status !== "processing") return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function exportProject(client: Client, slug: string, projectId: string, format: "csv" | "json") {
  const started = await client.post(`/api/workspaces/${slug}/projects/${projectId}/exports/`, { format });
  expectStatus(started, 201);
  expect(started.body).toMatchObject({ format, status: "processing", download_url: null });
  const done = await waitFor(async () => (await client.get(`/api/workspaces/${slug}/exports/`)).body.find((row: { id: string }) => row.id === started.body.id));
  expect(done.status, JSON.stringify(done)).toBe("completed");
  const file = await client.get(done.download_url);
  expectStatus(file, 200);
  return { record: done, file };
}

/** A project with issues that use every exported field. */
async function filledProject(team: Awaited<ReturnType<typeof createTeam>>) {
  const project = await createProject(team.owner, team.slug);
  await addToProject(team.owner, team.slug, project.id, [{ user: team.member, role: 15 }]);
  const base = `/api/workspaces/${team.slug}/projects/${project.id}`;
  const label = await team.owner.post(`${base}/issue-labels/`, { name: "regression", color: "#ff0000" });
  expectStatus(label, 201);
  const cycle = await team.owner.post(`${base}/cycles/`, { name: "Sprint 1" });
  expectStatus(cycle, 201);
  const parent = await team.owner.post(`${base}/issues/`, { name: "Checkout, v2", priority: "high", labels_list: [label.body.id], assignees_list: [team.member.user.id] });
  expectStatus(parent, 201);
  const child = await team.owner.post(`${base}/issues/`, {
    name: 'Pay with "cards"',
    parent: parent.body.id,
    target_date: "2027-04-01",
    description_html: "<p>Line one</p><p>Line two</p>",
  });
  expectStatus(child, 201);
  expectStatus(await team.owner.post(`${base}/cycles/${cycle.body.id}/cycle-issues/`, { issues: [child.body.id] }), 200);
  expectStatus(await team.owner.post(`${base}/issues/${child.body.id}/comments/`, { comment_html: "<p>Looks good</p>", comment_json: { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "Looks good" }] }] } }), 201);
  for (let n = 0; n < 25; n++) expectStatus(await team.owner.post(`${base}/issues/`, { name: `Filler ${n}` }), 201);
  return { project, parent: parent.body, child: child.body };
}

describe("project export", () => {
  it("writes every issue as CSV that imports into an empty project with the same issues", async () => {
    const team = await createTeam("export");
    const { project, parent, child } = await filledProject(team);
    const { record, file } = await exportProject(team.owner, team.slug, project.id, "csv");
    expect(record.issue_count).toBe(27);
    expect(file.headers.get("content-type")).toContain("text/csv");
    expect(file.headers.get("content-disposition")).toMatch(new RegExp(`attachment; filename="${project.identifier}-issues-\\d{4}-\\d{2}-\\d{2}\\.csv"`));

    const parsed = Papa.parse<Record<string, string>>(file.body as string, { header: true, skipEmptyLines: true });
    expect(parsed.meta.fields).toEqual([...EXPORT_CSV_COLUMNS]);
    expect(parsed.data).toHaveLength(27);
    const childRow = parsed.data.find((row) => row.ID === child.id);
    expect(childRow).toMatchObject({
      Identifier: `${project.identifier}-2`,
      Title: 'Pay with "cards"',
      State: "Backlog",
      Parent: parent.id,
      "Due date": "2027-04-01",
      Cycle: "Sprint 1",
    });
    expect(childRow?.Description).toContain("Line one");
    expect(parsed.data.find((row) => row.ID === parent.id)).toMatchObject({ Title: "Checkout, v2", Priority: "high", Labels: "regression", Assignees: team.member.user.email });

    // Re-imported into an empty project: the same issues, parent and label included.
    const empty = await createProject(team.owner, team.slug);
    const mapping = guessCsvMapping(parsed.meta.fields ?? []);
    expect(mapping).toMatchObject({ id: "ID", title: "Title", parent: "Parent", assignee: "Assignees", due_date: "Due date" });
    const started = await team.owner.post(`/api/workspaces/${team.slug}/projects/importers/csv/`, { project_id: empty.id, file_name: "export.csv", csv: file.body, mapping });
    expectStatus(started, 201);
    const imported = await waitFor(async () => (await team.owner.get(`/api/workspaces/${team.slug}/importers/`)).body.find((row: { id: string }) => row.id === started.body.id));
    expect(imported).toMatchObject({ status: "completed", imported_issues: 27, rejected: [] });
    expect(await countRows("issues", "project_id = ?", empty.id)).toBe(27);
    expect(await countRows("issues", "project_id = ? AND parent_id IS NOT NULL", empty.id)).toBe(1);
    expect(await countRows("issues", "project_id = ? AND name = ? AND priority = 'high' AND json_array_length(label_ids) = 1 AND json_array_length(assignee_ids) = 1", empty.id, "Checkout, v2")).toBe(1);
  });

  it("writes JSON with comments and links, for the project's members only", async () => {
    const team = await createTeam("exportjson");
    const { project, child } = await filledProject(team);
    const { record, file } = await exportProject(team.owner, team.slug, project.id, "json");
    const body = typeof file.body === "string" ? JSON.parse(file.body) : file.body;
    expect(body.project).toMatchObject({ id: project.id, identifier: project.identifier });
    expect(body.issues).toHaveLength(27);
    const exported = body.issues.find((issue: { id: string }) => issue.id === child.id);
    expect(exported).toMatchObject({ title: 'Pay with "cards"', cycle: "Sprint 1", sequence_id: 2, description_text: expect.stringContaining("Line two") });
    expect(exported.comments).toEqual([expect.objectContaining({ html: "<p>Looks good</p>", author: team.owner.user.email })]);

    // The member of the project downloads it; a workspace viewer outside the project, a stranger
    // and another workspace's owner do not.
    expectStatus(await team.member.get(record.download_url), 200);
    expect((await team.viewer.get(record.download_url)).status).toBe(403);
    expect((await call("GET", record.download_url)).status).toBe(401);
    const other = await createTeam("exportother");
    expect((await other.owner.get(`/api/workspaces/${other.slug}/exports/${record.id}/download`)).status).toBe(404);
    expect((await team.viewer.get(`/api/workspaces/${team.slug}/exports/`)).status).toBe(403);
    // A viewer may not start one; a bad format is a field message.
    const base = `/api/workspaces/${team.slug}/projects/${project.id}/exports/`;
    expect((await team.viewer.post(base, { format: "csv" })).status).toBe(403);
    const bad = await team.owner.post(base, { format: "xml" });
    expectStatus(bad, 400);
    expect(bad.body.format).toEqual(["Choose CSV or JSON"]);
  });
});

/** What a spreadsheet would run: a cell starting with = + - @, after any blanks, or with a tab or CR. */
const DANGER = ["=", "+", "-", "@", "\t", "\r"];
const formulaCell = fc.oneof(
  fc.tuple(fc.stringMatching(/^[ \t\r\n]{0,3}$/), fc.constantFrom(...DANGER.slice(0, 4)), fc.string({ maxLength: 30 })).map(([blank, start, rest]) => `${blank}${start}${rest}`),
  fc.tuple(fc.constantFrom(...DANGER.slice(4)), fc.string({ maxLength: 30 })).map(([start, rest]) => `${start}${rest}`),
);

describe("formula cells in CSV exports (generated)", () => {
  it("quotes every cell a spreadsheet would evaluate, and gives the value back on import", () => {
    fc.assert(
      fc.property(formulaCell, (value) => {
        const cell = csvCell(value);
        expect(cell).toBe(`'${value}`);
        expect(csvCellValue(cell)).toBe(value);
      }),
      { numRuns: 500 },
    );
    // Text that starts like neither a formula nor a quote is written as it is.
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }).filter((value) => !/^(?:\s*[=+\-@]|[\t\r'])/.test(value)), (value) => {
        expect(csvCell(value)).toBe(value);
      }),
      { numRuns: 500 },
    );
    // Every value comes back from an import as it was, quotes of its own included (`'@`, `''=x`).
    fc.assert(
      fc.property(fc.tuple(fc.stringMatching(/^'{0,3}$/), fc.oneof(formulaCell, fc.string({ maxLength: 30 }))), ([quotes, rest]) => {
        const value = `${quotes}${rest}`;
        expect(csvCellValue(csvCell(value))).toBe(value);
      }),
      { numRuns: 1000 },
    );
  });

  it("writes formula-like titles, labels and names as text, and an import of the file restores them", async () => {
    const team = await createTeam("formula");
    const project = await createProject(team.owner, team.slug);
    const base = `/api/workspaces/${team.slug}/projects/${project.id}`;
    const titles = fc.sample(formulaCell.map((title) => `${title}x`).filter((title) => title.trim().length > 1), { numRuns: 12, ...fuzzRun(12) });
    const fixed = ['=HYPERLINK("https://evil.example","Click")', "+1+1", "-2+3", "@SUM(A1)", "\t=1+1", " =cmd|' /C calc'!A0"];
    const names = [...new Set([...fixed, ...titles])];
    const label = await team.owner.post(`${base}/issue-labels/`, { name: "=label()", color: "#ff0000" });
    expectStatus(label, 201);
    for (const name of names) expectStatus(await team.owner.post(`${base}/issues/`, { name, labels_list: [label.body.id] }), 201);
    const { file } = await exportProject(team.owner, team.slug, project.id, "csv");
    const parsed = Papa.parse<Record<string, string>>(file.body as string, { header: true, skipEmptyLines: true });
    expect(parsed.data).toHaveLength(names.length);
    for (const row of parsed.data) {
      for (const [column, cell] of Object.entries(row)) {
        expect(/^(?:\s*[=+\-@]|[\t\r])/.test(cell), `${column}: ${JSON.stringify(cell)}`).toBe(false);
      }
      expect(row.Labels).toBe("'=label()");
    }
    const empty = await createProject(team.owner, team.slug);
    const started = await team.owner.post(`/api/workspaces/${team.slug}/projects/importers/csv/`, {
      project_id: empty.id,
      file_name: "export.csv",
      csv: file.body,
      mapping: guessCsvMapping(parsed.meta.fields ?? []),
    });
    expectStatus(started, 201);
    await waitFor(async () => (await team.owner.get(`/api/workspaces/${team.slug}/importers/`)).body.find((row: { id: string }) => row.id === started.body.id));
    const imported = await env.DB.prepare("SELECT name FROM issues WHERE project_id = ? ORDER BY name").bind(empty.id).all<{ name: string }>();
    const original = await env.DB.prepare("SELECT name FROM issues WHERE project_id = ? ORDER BY name").bind(project.id).all<{ name: string }>();
    expect(imported.results.map((row) => row.name)).toEqual(original.results.map((row) => row.name));
  });
});
