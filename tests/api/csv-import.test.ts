// The CSV importer and the import job it shares with GitHub and Jira: a file's rows become
// issues (a bad row is reported by its line and the rest imported), a run stopped halfway and
// resumed ends with the same rows as one that never stopped, a rerun adds nothing, and the
// watchdog resumes idle imports and fails stalled ones.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { runImport, superviseImports, STALLED_REASON } from "../../workers/importers/runner";
import { csvObjectKey } from "../../workers/domain/csv-importer";
import { guessCsvMapping } from "../../workers/domain/schemas/csv-importer";
import type { Client } from "../helpers/api";
import { connectBoard } from "../helpers/board";
import { countRows, createProject, createTeam, expectStatus } from "../helpers/fixtures";
import { createProjectFixture } from "../helpers/project";

const importsPath = (slug: string) => `/api/workspaces/${slug}/importers/`;

async function waitForImport(client: Client, slug: string, id: string, status: "completed" | "failed" = "completed") {
  // Polls the state the person sees on the page, until the job has finished (or the test times out).
  for (;;) {
    const list = await client.get(importsPath(slug));
    const found = list.body.find((row: { id: string }) => row.id === id);
    if (found && found.status !== "processing") {
      expect(found.status, JSON.stringify(found)).toBe(status);
      return found;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function csvOf(rows: string[][]) {
  return rows.map((row) => row.map((cell) => (/[",\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell)).join(",")).join("\n");
}

/** A file of `count` issues: every 7th a child of the row before it, states and labels spread out. */
function sampleCsv(count: number, assignee = "") {
  const states = ["Backlog", "Todo", "In Progress", "Done", "Cancelled"];
  const rows = [["Key", "Title", "Description", "Status", "Priority", "Labels", "Assignee", "Due date", "Parent"]];
  for (let n = 1; n <= count; n++) {
    rows.push([
      `K-${n}`,
      `Imported issue ${n}`,
      n % 3 === 0 ? `Line one of ${n}\n\nSecond paragraph, with "quotes", commas` : "",
      states[n % states.length],
      ["urgent", "high", "medium", "low", "none"][n % 5],
      n % 2 === 0 ? "bug, frontend" : "feature",
      n % 4 === 0 ? assignee : "",
      n % 5 === 0 ? `2027-0${(n % 9) + 1}-15` : "",
      n % 7 === 0 ? `K-${n - 1}` : "",
    ]);
  }
  return csvOf(rows);
}

interface ImportedRow {
  sequence_id: number;
  name: string;
  priority: string;
  target_date: string | null;
  state: string;
  parent: string | null;
  description_stripped: string;
  label_ids: string[];
  assignee_ids: number;
}

/** What an import made, in a form two imports can be compared by. */
async function importedRows(projectId: string): Promise<ImportedRow[]> {
  const { results } = await env.DB.prepare(
    `SELECT i.sequence_id, i.name, i.priority, i.target_date, i.label_ids, i.assignee_ids, s.name AS state, p.name AS parent, i.description_stripped
     FROM issues i JOIN states s ON s.id = i.state_id LEFT JOIN issues p ON p.id = i.parent_id
     WHERE i.project_id = ? ORDER BY i.sequence_id`,
  )
    .bind(projectId)
    .all<Omit<ImportedRow, "label_ids" | "assignee_ids"> & { label_ids: string; assignee_ids: string }>();
  const labels = await env.DB.prepare("SELECT id, name FROM labels WHERE project_id = ?").bind(projectId).all<{ id: string; name: string }>();
  const labelName = new Map(labels.results.map((row) => [row.id, row.name]));
  return results.map((row) => ({
    ...row,
    label_ids: (JSON.parse(row.label_ids) as string[]).map((id) => labelName.get(id) ?? id).sort(),
    assignee_ids: (JSON.parse(row.assignee_ids) as string[]).length,
  }));
}

describe("CSV import", () => {
  it("imports every row with its state, priority, labels, assignee, due date and parent", async () => {
    const team = await createTeam("csv");
    const project = await createProject(team.owner, team.slug);
    const csv = sampleCsv(600, team.member.user.email);
    const mapping = guessCsvMapping(["Key", "Title", "Description", "Status", "Priority", "Labels", "Assignee", "Due date", "Parent"]);
    expect(mapping).toMatchObject({ id: "Key", title: "Title", state: "Status", assignee: "Assignee", due_date: "Due date", parent: "Parent" });

    const started = await team.owner.post(`/api/workspaces/${team.slug}/projects/importers/csv/`, {
      project_id: project.id,
      file_name: "tracker.csv",
      csv,
      mapping,
    });
    expectStatus(started, 201);
    expect(started.body).toMatchObject({ service: "csv", status: "processing", source_label: "tracker.csv" });
    const done = await waitForImport(team.owner, team.slug, started.body.id);
    expect(done).toMatchObject({ imported_issues: 600, total_issues: 600, rejected: [], error: null });

    const rows = await importedRows(project.id);
    expect(rows).toHaveLength(600);
    expect(rows.map((row) => row.sequence_id)).toEqual(Array.from({ length: 600 }, (_, i) => i + 1));
    const byState = (name: string) => rows.filter((row) => row.state === name).length;
    // The file's status names are the project's own states: reused, not duplicated.
    expect([byState("Backlog"), byState("Todo"), byState("In Progress"), byState("Done"), byState("Cancelled")]).toEqual([120, 120, 120, 120, 120]);
    expect(await countRows("states", "project_id = ?", project.id)).toBe(5);
    expect(await countRows("labels", "project_id = ?", project.id)).toBe(3);
    expect(rows[1]).toMatchObject({ name: "Imported issue 2", priority: "medium", label_ids: ["bug", "frontend"] });
    expect(rows[2].description_stripped).toContain("Second paragraph, with \"quotes\", commas");
    expect(rows[4].target_date).toBe("2027-06-15");
    expect(rows[6]).toMatchObject({ name: "Imported issue 7", parent: "Imported issue 6" });
    expect(rows.filter((row) => row.parent).length).toBe(Math.floor(600 / 7));
    expect(rows[3].assignee_ids).toBe(1);
    // The assignee is now a member of the project, and the parent counts its sub-issue.
    expect(await countRows("project_members", "project_id = ? AND member_id = ?", project.id, team.member.user.id)).toBe(1);
    expect(await countRows("issues", "project_id = ? AND name = 'Imported issue 6' AND sub_issues_count = 1", project.id)).toBe(1);
    // Each issue says in its history where it came from.
    expect(await countRows("issue_activities", "project_id = ? AND comment = 'imported the issue from CSV'", project.id)).toBe(600);
  });

  it("fills an open board live as the pages land", async () => {
    const fixture = await createProjectFixture(undefined, "LIVE");
    const board = await connectBoard(fixture.owner, fixture);
    await board.next("connected");
    const started = await fixture.owner.post(`/api/workspaces/${fixture.slug}/projects/importers/csv/`, {
      project_id: fixture.projectId,
      file_name: "live.csv",
      csv: sampleCsv(520),
      mapping: guessCsvMapping(["Key", "Title", "Description", "Status", "Priority", "Labels", "Assignee", "Due date", "Parent"]),
    });
    expectStatus(started, 201);
    // Three pages (250 + 250 + 20 rows): the board receives every imported issue as its page lands.
    const seen = new Set<string>();
    let batches = 0;
    while (seen.size < 520) {
      const message = await board.next("changes", 15_000);
      batches += 1;
      for (const change of message.changes) if (change.kind === "issue" && change.op === "upsert") seen.add(change.id);
    }
    expect(batches).toBeGreaterThanOrEqual(3);
    expect(seen.size).toBe(520);
    board.close();
  });

  it("reports a bad row by its line and imports the rest", async () => {
    const team = await createTeam("csvbad");
    const project = await createProject(team.owner, team.slug);
    const csv = csvOf([
      ["Title", "Priority", "Due date"],
      ["First", "high", "2027-01-31"],
      ["", "low", ""],
      ["Third", "P1", ""],
      ["Fourth", "", "2027-02-30"],
      ["Fifth", "none", "March 3, 2027"],
    ]);
    const started = await team.owner.post(`/api/workspaces/${team.slug}/projects/importers/csv/`, {
      project_id: project.id,
      file_name: "bad.csv",
      csv,
      mapping: { title: "Title", priority: "Priority", due_date: "Due date" },
    });
    expectStatus(started, 201);
    const done = await waitForImport(team.owner, team.slug, started.body.id);
    expect(done.imported_issues).toBe(2);
    expect(done.rejected).toEqual([
      { key: "Row 3", message: "The title is empty" },
      { key: "Row 4", message: 'Unknown priority "P1" (use urgent, high, medium, low or none)' },
      { key: "Row 5", message: '"2027-02-30" is not a date' },
    ]);
    const rows = await importedRows(project.id);
    expect(rows.map((row) => [row.name, row.target_date])).toEqual([
      ["First", "2027-01-31"],
      ["Fifth", "2027-03-03"],
    ]);
  });

  it("refuses a mapping to a column the file lacks, and bad input, with field messages", async () => {
    const team = await createTeam("csvinput");
    const project = await createProject(team.owner, team.slug);
    const path = `/api/workspaces/${team.slug}/projects/importers/csv/`;
    const missing = await team.owner.post(path, { project_id: project.id, file_name: "a.csv", csv: "Title\nOne", mapping: { title: "Name" } });
    expectStatus(missing, 400);
    expect(missing.body).toEqual({ "mapping.title": ['The file has no column "Name"'] });
    const noTitle = await team.owner.post(path, { project_id: project.id, file_name: "a.csv", csv: "Title\nOne", mapping: {} });
    expectStatus(noTitle, 400);
    expect(noTitle.body["mapping.title"]).toEqual(["Choose the column that holds the issue titles"]);
    const noProject = await team.owner.post(path, { file_name: "a.csv", csv: "Title\nOne", mapping: { title: "Title" } });
    expectStatus(noProject, 400);
    expect(noProject.body.project_id).toEqual(["Please select a project."]);
    // A viewer may not import; nothing was recorded by any of these.
    const viewer = await team.viewer.post(path, { project_id: project.id, file_name: "a.csv", csv: "Title\nOne", mapping: { title: "Title" } });
    expect(viewer.status).toBe(403);
    expect(await countRows("importers", "project_id = ?", project.id)).toBe(0);
  });

  it("ends a run stopped halfway with exactly the rows of an uninterrupted one, and a rerun adds nothing", async () => {
    const team = await createTeam("csvresume");
    const [straight, resumed] = await Promise.all([createProject(team.owner, team.slug), createProject(team.owner, team.slug)]);
    const csv = sampleCsv(700, team.member.user.email);
    const mapping = guessCsvMapping(["Key", "Title", "Description", "Status", "Priority", "Labels", "Assignee", "Due date", "Parent"]);

    const uninterrupted = await team.owner.post(`/api/workspaces/${team.slug}/projects/importers/csv/`, { project_id: straight.id, file_name: "a.csv", csv, mapping });
    expectStatus(uninterrupted, 201);
    await waitForImport(team.owner, team.slug, uninterrupted.body.id);

    // The second import is recorded without queueing it, so this test drives its runs one page at
    // a time; after two pages the run "dies" (no next run is queued), leaving the import idle.
    const id = crypto.randomUUID();
    const now = new Date().toISOString();
    await env.DB.prepare(
      `INSERT INTO importers (id, workspace_id, project_id, service, status, metadata, config, data, initiated_by, progressed_at, created_at, updated_at)
       VALUES (?, ?, ?, 'csv', 'processing', '{"file_name":"a.csv"}', ?, '{"users":[],"map_by_email":true}', ?, ?, ?, ?)`,
    )
      .bind(id, team.workspaceId, resumed.id, JSON.stringify({ mapping }), team.owner.user.id, now, now, now)
      .run();
    await env.FILES.put(csvObjectKey(id), csv);
    const queued: unknown[] = [];
    const requeue = async (job: unknown) => {
      queued.push(job);
    };
    expect(await runImport(env, id, { budgetMs: 0, requeue })).toBe("continues");
    expect(await runImport(env, id, { budgetMs: 0, requeue })).toBe("continues");
    expect(await countRows("issues", "project_id = ?", resumed.id)).toBe(500);

    // Two minutes without progress: the watchdog queues a fresh run, which resumes at row 501.
    const { resumed: restarted, failed } = await superviseImports(env, Date.now() + 3 * 60_000);
    expect(restarted).toContain(id);
    expect(failed).not.toContain(id);
    await waitForImport(team.owner, team.slug, id);

    expect(await importedRows(resumed.id)).toEqual(await importedRows(straight.id));
    const counts = async (projectId: string) => ({
      records: await countRows("import_records", "project_id = ?", projectId),
      labels: await countRows("issue_labels", "project_id = ?", projectId),
      activities: await countRows("issue_activities", "project_id = ?", projectId),
    });
    expect(await counts(resumed.id)).toEqual(await counts(straight.id));

    // Running the finished import again (a redelivered message) writes nothing.
    await env.DB.prepare("UPDATE importers SET status = 'processing', progress = json_set(progress, '$.cursor', 0, '$.done', json('false')) WHERE id = ?").bind(id).run();
    const before = await counts(resumed.id);
    for (let run = 0; run < 3; run++) await runImport(env, id, { budgetMs: 0, requeue });
    expect(await countRows("issues", "project_id = ?", resumed.id)).toBe(700);
    expect(await counts(resumed.id)).toEqual(before);
  });

  it("fails an import whose starter can no longer write to the project, without retrying", async () => {
    const team = await createTeam("csvgone");
    const project = await createProject(team.owner, team.slug);
    const id = crypto.randomUUID();
    const now = new Date().toISOString();
    // Started by a workspace member who is not (or no longer) in the project.
    await env.DB.prepare(
      `INSERT INTO importers (id, workspace_id, project_id, service, status, metadata, config, data, initiated_by, progressed_at, created_at, updated_at)
       VALUES (?, ?, ?, 'csv', 'processing', '{"file_name":"gone.csv"}', '{"mapping":{"title":"Title"}}', '{}', ?, ?, ?, ?)`,
    )
      .bind(id, team.workspaceId, project.id, team.member.user.id, now, now, now)
      .run();
    const queued: unknown[] = [];
    expect(await runImport(env, id, { requeue: async (job) => void queued.push(job) })).toBe("failed");
    expect(queued).toEqual([]);
    const list = await team.owner.get(importsPath(team.slug));
    expect(list.body.find((row: { id: string }) => row.id === id)).toMatchObject({
      status: "failed",
      error: "The person who started this import can no longer write to the project.",
    });
  });

  it("has the watchdog fail an import with no progress for 15 minutes", async () => {
    const team = await createTeam("csvstall");
    const project = await createProject(team.owner, team.slug);
    const id = crypto.randomUUID();
    const longAgo = new Date(Date.now() - 16 * 60_000).toISOString();
    await env.DB.prepare(
      `INSERT INTO importers (id, workspace_id, project_id, service, status, metadata, config, data, initiated_by, progressed_at, created_at, updated_at)
       VALUES (?, ?, ?, 'csv', 'processing', '{"file_name":"stuck.csv"}', '{"mapping":{"title":"Title"}}', '{}', ?, ?, ?, ?)`,
    )
      .bind(id, team.workspaceId, project.id, team.owner.user.id, longAgo, longAgo, longAgo)
      .run();
    const { failed } = await superviseImports(env);
    expect(failed).toContain(id);
    const list = await team.owner.get(importsPath(team.slug));
    expect(list.body.find((row: { id: string }) => row.id === id)).toMatchObject({ status: "failed", error: STALLED_REASON });

    // Resumed by a person: it runs again from its cursor (here the file is gone, so it fails
    // again, now with the reason the source gives).
    const resumed = await team.member.post(`/api/workspaces/${team.slug}/importers/csv/${id}/resume/`);
    expectStatus(resumed, 200);
    expect(resumed.body).toMatchObject({ status: "processing", error: null });
    const again = await waitForImport(team.owner, team.slug, id, "failed");
    expect(again.error).toBe("The uploaded CSV file is gone; upload it again.");
    expect((await team.member.post(`/api/workspaces/${team.slug}/importers/csv/${id}/resume/`)).status).toBe(200);
    await waitForImport(team.owner, team.slug, id, "failed");
    // Only a failed import can be resumed, and only by members of its workspace.
    expect((await team.viewer.post(`/api/workspaces/${team.slug}/importers/csv/${id}/resume/`)).status).toBe(403);
  });
});

describe("Previous Imports", () => {
  it("lists the workspace's imports for members, deletes one, and keeps other workspaces out", async () => {
    const team = await createTeam("implist");
    const project = await createProject(team.owner, team.slug);
    const started = await team.owner.post(`/api/workspaces/${team.slug}/projects/importers/csv/`, {
      project_id: project.id,
      file_name: "list.csv",
      csv: "Title\nOne\nTwo",
      mapping: { title: "Title" },
    });
    expectStatus(started, 201);
    await waitForImport(team.owner, team.slug, started.body.id);

    const list = await team.member.get(importsPath(team.slug));
    expectStatus(list, 200);
    expect(list.body).toHaveLength(1);
    expect(list.body[0]).toMatchObject({
      service: "csv",
      status: "completed",
      project_detail: { id: project.id, name: project.name },
      initiated_by_detail: { email: team.owner.user.email },
      imported_issues: 2,
    });
    expect((await team.viewer.get(importsPath(team.slug))).status).toBe(403);
    expect((await team.outsider.get(importsPath(team.slug))).status).toBe(403);

    const other = await createTeam("impother");
    const foreign = await other.owner.delete(`/api/workspaces/${other.slug}/importers/csv/${started.body.id}/`);
    expect(foreign.status).toBe(404);
    const wrongService = await team.owner.delete(`/api/workspaces/${team.slug}/importers/github/${started.body.id}/`);
    expect(wrongService.status).toBe(404);
    const deleted = await team.owner.delete(`/api/workspaces/${team.slug}/importers/csv/${started.body.id}/`);
    expect(deleted.status).toBe(204);
    expect((await team.owner.get(importsPath(team.slug))).body).toEqual([]);
    // The issues it brought stay.
    expect(await countRows("issues", "project_id = ?", project.id)).toBe(2);
  });
});
