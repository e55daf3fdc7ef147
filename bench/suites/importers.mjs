// Importer and export benchmark (issue 17): how fast the import job brings issues in (a CSV of
// 10,000 rows and a GitHub repository served by the local fake, through the real queue job), and
// how long a project's export of 10,000 issues takes, as a person waits for it on the page.
import { summarize } from "../lib/measure.mjs";

export const TARGETS = { importIssuesPerSecond: 500 };

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function api(url, cookie, method, pathname, body) {
  const response = await fetch(`${url}${pathname}`, {
    method,
    headers: { cookie, "content-type": "application/json", origin: url },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${pathname}: HTTP ${response.status} ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : null;
}

/** Polls the list the page shows until the record is finished; answers it and the seconds taken. */
async function untilDone(read, started) {
  for (;;) {
    const record = await read();
    if (record && record.status !== "processing") {
      if (record.status !== "completed") throw new Error(`finished as ${record.status}: ${record.error ?? ""}`);
      return { record, seconds: (performance.now() - started) / 1000 };
    }
    await sleep(100);
  }
}

function csvOf(rows) {
  const cell = (value) => (/[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
  return rows.map((row) => row.map(cell).join(",")).join("\n");
}

function sampleCsv(count) {
  const states = ["Backlog", "Todo", "In Progress", "Done", "Cancelled"];
  const rows = [["Title", "Description", "State", "Priority", "Labels", "Due date"]];
  for (let n = 1; n <= count; n++) {
    rows.push([`Imported issue ${n}`, `Description of issue ${n}, with some words in it.`, states[n % 5], ["urgent", "high", "medium", "low", "none"][n % 5], n % 2 ? "bug" : "feature, ui", n % 3 ? "" : "2027-05-01"]);
  }
  return csvOf(rows);
}

async function newProject(url, cookie, slug, name) {
  const identifier = `I${Math.random().toString(36).slice(2, 6).toUpperCase().replace(/[^A-Z]/g, "X")}`;
  return api(url, cookie, "POST", `/api/workspaces/${slug}/projects/`, { name, identifier });
}

export async function runImportersSuite({ url, cookie, workspaceSlug, projects, log, github }) {
  const importsOf = () => api(url, cookie, "GET", `/api/workspaces/${workspaceSlug}/importers/`);
  const result = { csv: [], github: [], exports: [] };

  const csvRows = 10_000;
  const csv = sampleCsv(csvRows);
  for (let run = 1; run <= 3; run++) {
    log(`importers: CSV of ${csvRows.toLocaleString("en-US")} rows, run ${run}`);
    const project = await newProject(url, cookie, workspaceSlug, `CSV import ${run}`);
    const started = performance.now();
    const importer = await api(url, cookie, "POST", `/api/workspaces/${workspaceSlug}/projects/importers/csv/`, {
      project_id: project.id,
      file_name: "bench.csv",
      csv,
      mapping: { title: "Title", description: "Description", state: "State", priority: "Priority", labels: "Labels", due_date: "Due date" },
    });
    const { record, seconds } = await untilDone(async () => (await importsOf()).find((row) => row.id === importer.id), started);
    if (record.imported_issues !== csvRows) throw new Error(`CSV import brought ${record.imported_issues} issues`);
    result.csv.push({ seconds, perSecond: csvRows / seconds });
  }

  if (github) {
    for (let run = 1; run <= 3; run++) {
      log(`importers: GitHub repository of ${github.issues.toLocaleString("en-US")} issues, run ${run}`);
      const project = await newProject(url, cookie, workspaceSlug, `GitHub import ${run}`);
      const started = performance.now();
      const importer = await github.start(project.id, run);
      const { record, seconds } = await untilDone(async () => (await importsOf()).find((row) => row.id === importer.id), started);
      result.github.push({ seconds, perSecond: record.imported_issues / seconds, issues: record.imported_issues, comments: record.imported_comments });
    }
  }

  const big = projects.find((project) => project.size === 10000);
  for (const format of ["csv", "json"]) {
    for (let run = 1; run <= 3; run++) {
      log(`importers: export of ${big.size.toLocaleString("en-US")} issues as ${format}, run ${run}`);
      const started = performance.now();
      const created = await api(url, cookie, "POST", `/api/workspaces/${workspaceSlug}/projects/${big.id}/exports/`, { format });
      const { record, seconds } = await untilDone(
        async () => (await api(url, cookie, "GET", `/api/workspaces/${workspaceSlug}/exports/`)).find((row) => row.id === created.id),
        started,
      );
      const download = await fetch(`${url}${record.download_url}`, { headers: { cookie } });
      const bytes = (await download.arrayBuffer()).byteLength;
      result.exports.push({ format, seconds, issues: record.issue_count, bytes });
    }
  }
  return result;
}

const median = (values) => summarize(values).p50;

export function importersMarkdown(result) {
  const rate = (runs) => median(runs.map((run) => run.perSecond));
  const secs = (runs) => median(runs.map((run) => run.seconds));
  const lines = [
    "## Importers and exports",
    "",
    "Through the real queue job in workerd with local D1 and R2, timed as the import-export page sees it (start, then poll the list every 100 ms until the record is completed). Median of 3 runs, each into a new project.",
    "",
    "| what | median time | issues per second | target |",
    "| --- | --- | --- | --- |",
    `| CSV import, 10,000 rows | ${secs(result.csv).toFixed(1)} s | ${Math.round(rate(result.csv))} | >= ${TARGETS.importIssuesPerSecond}/s |`,
  ];
  if (result.github.length > 0) {
    const sample = result.github[0];
    lines.push(
      `| GitHub import from the local fake, ${sample.issues.toLocaleString("en-US")} issues and ${sample.comments.toLocaleString("en-US")} comments | ${secs(result.github).toFixed(1)} s | ${Math.round(rate(result.github))} | >= ${TARGETS.importIssuesPerSecond}/s |`,
    );
  }
  for (const format of ["csv", "json"]) {
    const runs = result.exports.filter((run) => run.format === format);
    if (runs.length === 0) continue;
    const mb = (runs[0].bytes / 2 ** 20).toFixed(1);
    lines.push(`| export of ${runs[0].issues.toLocaleString("en-US")} issues as ${format.toUpperCase()} (${mb} MB) | ${secs(runs).toFixed(1)} s | ${Math.round(runs[0].issues / secs(runs))} | |`);
  }
  return lines.join("\n");
}
